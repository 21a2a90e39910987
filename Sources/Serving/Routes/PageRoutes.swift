import Foundation
import Hummingbird
import Renderers
import ServiceContracts
import UseCases

/// The pages a bettor opens in a browser (`GET /`, `/game/{id}`, `/fairbet`): server-rendered HTML from the same live
/// snapshot and contracts as the JSON endpoints, behind the same key (taken as a Basic password,
/// which a browser asks for) and the same limits. No pricing here: the page renders what the
/// snapshot holds.
struct PageRoutes {
  let server: MCSimServer

  func add(to router: OperationRouter) {
    router.on(ServerOperations.board) { request, _ in
      try await Self.page {
        let order = try Self.order(request)
        let (snapshot, status) = try await server.liveSnapshot()
        return Self.html(BoardPage.html(snapshot.tonight, source: status, order: order))
      }
    }
    router.on(ServerOperations.gamePage) { request, context in
      try await Self.page { try await gamePage(request, context: context) }
    }
    router.on(ServerOperations.fairBetPage) { request, _ in
      try await Self.page {
        var query = try LiveRoutes.query(request)
        if request.uri.queryParameters.get("limit") == nil { query.limit = FairBetQuery.maxLimit }
        let (snapshot, status) = try await server.liveSnapshot()
        let response = FairBetResponse(
          catalog: snapshot.fairBet, query: query, now: server.configuration.clock(), sharpBooks: snapshot.sharpBooks,
          source: status)
        return Self.html(FairBetPage.html(response))
      }
    }
  }

  /// A page's refusal (`APIError`: 404, 422, 503 before the first read) answered as a page with
  /// its status and headers (Retry-After), not as the API's JSON.
  static func page(_ body: () async throws -> Response) async throws -> Response {
    do {
      return try await body()
    } catch let error as APIError {
      var response = html(
        ErrorPage.html(status: Int(error.status.code), reason: error.status.reasonPhrase, message: error.message))
      response.status = error.status
      for field in error.headers { response.headers.append(field) }
      return response
    }
  }

  /// `/game/{id}`: the game's rows, its detail (priced once per lines) and the parlay builder.
  func gamePage(_ request: Request, context: ServerRequestContext) async throws -> Response {
    // The board's link percent-encodes the id (`PageShell.path`); the router hands the segment
    // as sent.
    let sent = context.parameters.get("id") ?? ""
    let id = sent.removingPercentEncoding ?? sent
    let (snapshot, status) = try await server.liveSnapshot()
    guard let game = snapshot.tonight.games.first(where: { $0.gameID == id }) else {
      throw APIError(.notFound, "no game \(id) tonight; the board (GET /) links each game")
    }
    let parlay = try await parlay(request, game: id, in: snapshot, context: context)
    // The game priced again in full, admitted by its cost like any simulation, within the
    // server's ceilings, once per game and live lines; on a busy pool the page comes without
    // it, saying so.
    var detail = server.gameDetails.detail(id, inputs: snapshot.inputs)
    var note: String?
    if detail == nil, let assembled = snapshot.games[id],
      let request = GameDetail.request(
        for: assembled, seed: server.configuration.seed, threads: server.configuration.threadsPerRequest,
        policy: server.live?.configuration.pricing.advice ?? server.configuration.pricing.advice,
        ceiling: server.configuration.maxSimulations, periods: server.live?.configuration.pricing.periods)
    {
      if request.cost > server.configuration.maxTotalSimulations {
        note = "The pictures, scenarios and sensitivity cost more than this server's --max-total-sims."
      } else {
        do {
          let priced = try await server.simulate(paths: request.cost, for: context) { try GamePricing.price(request) }
          let drawn = GamePage.Detail(priced)
          server.gameDetails.store(drawn, for: id, inputs: snapshot.inputs)
          detail = drawn
        } catch {
          guard let said = Self.leftOut(error, "the pictures, scenarios and sensitivity are left out") else { throw error }
          note = said
        }
      }
    }
    return Self.html(GamePage.html(game, bankroll: snapshot.tonight.bankroll, detail: detail, note: note, parlay: parlay, source: status))
  }

  /// The game page's parlay builder: the game's bets with a fair price to choose from, and the
  /// parlay of the legs the form sent (`leg=market|selection|line`, repeated), priced as `POST
  /// /api/fairbet/parlay/evaluate` prices it; a leg that cannot be priced is said on the page.
  func parlay(_ request: Request, game id: String, in snapshot: LiveSnapshot, context: ServerRequestContext)
    async throws -> GamePage.Parlay
  {
    // The FairBet games are keyed by the same feed id as the slate's, hashed to an integer.
    let fairBetID = FairBetGame.id(of: id)
    let entries = snapshot.fairBet.entries.filter { $0.game.gameID == fairBetID && $0.bet.hasFair }
    var parlay = GamePage.Parlay(bets: entries.map(\.bet))
    let chosen: [String] = request.uri.queryParameters.getAll("leg").map { String($0) }
    guard !chosen.isEmpty, !entries.isEmpty else { return parlay }
    parlay.chosen = Set(chosen)
    let legs = chosen.map { FairBetParlayRequest.Leg(form: $0, gameID: fairBetID) }
    guard legs.allSatisfy({ $0 != nil }) else {
      parlay.problems = ["a leg the form did not send: choose the legs again"]
      return parlay
    }
    let picked = chosen.compactMap { value in entries.first { FairBetParlayRequest.Leg.formValue(of: $0.bet) == value } }
    if let (i, j) = FairBoard.firstTwoOnOneMarket(picked.map(\.source)) {
      let (a, b) = (picked[i].bet, picked[j].bet)
      parlay.problems = ["\(a.selectionDisplay) and \(b.selectionDisplay) are both the \(a.marketDisplayName): pick one side of a market each"]
      return parlay
    }
    do {
      parlay.price = try await server.priceFairParlay(FairBetParlayRequest(legs: legs.compactMap { $0 }), in: snapshot, for: context)
    } catch let error as APIError where error.status == .unprocessableContent {
      parlay.problems = error.problems.map { "\($0.value): \($0.message)" }
    } catch {
      guard let said = Self.leftOut(error, "the parlay is not priced") else { throw error }
      parlay.problems = [said]
    }
    return parlay
  }

  /// What a page says in place of a part the pool did not admit (`what`: that part left out),
  /// so the rest of the page is still shown; nil for any other error.
  static func leftOut(_ error: any Error, _ what: String) -> String? {
    switch error as? SimulationPool.PoolError {
    case .busy?: "The server is busy: \(what); reload in a moment."
    case .clientAtCap?: "Your other requests are still running: \(what); reload in a moment."
    default: nil
    }
  }

  static func order(_ request: Request) throws(APIError) -> BoardPage.Order {
    guard let given = request.uri.queryParameters.get("sort") else { return .start }
    guard let order = BoardPage.Order(rawValue: given) else {
      let names = BoardPage.Order.allCases.map(\.rawValue).joined(separator: ", ")
      throw APIError.invalid([.init(field: "sort", value: given, message: "must be one of \(names)", location: "query")])
    }
    return order
  }

  /// A page's answer: HTML, never cached (the lines move), and kept in its own frame.
  static func html(_ page: String) -> Response {
    Response(
      status: .ok,
      headers: [
        .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
        .contentSecurityPolicy:
          "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'",
      ],
      body: .init(byteBuffer: ByteBuffer(string: page)))
  }
}
