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
      let order = try Self.order(request)
      let (snapshot, status) = try await server.liveSnapshot()
      return Self.html(BoardPage.html(snapshot.tonight, source: status, order: order))
    }
    router.on(ServerOperations.gamePage) { _, context in
      let id = context.parameters.get("id") ?? ""
      let (snapshot, status) = try await server.liveSnapshot()
      guard let game = snapshot.tonight.games.first(where: { $0.gameID == id }) else {
        throw APIError(.notFound, "no game \(id) tonight; the board (GET /) links each game")
      }
      // The game priced again in full, admitted by its cost like any simulation.
      let detail: PricedGame?
      if let assembled = snapshot.games[id],
        let request = GameDetail.request(
          for: assembled, seed: server.configuration.seed, threads: server.configuration.threadsPerRequest,
          policy: server.configuration.advice, ceiling: server.configuration.maxSimulations)
      {
        detail = try await server.simulate(paths: request.cost, for: context) { try GamePricing.price(request) }
      } else {
        detail = nil
      }
      return Self.html(GamePage.html(game, detail: detail, source: status))
    }
    router.on(ServerOperations.fairBetPage) { request, _ in
      var query = try LiveRoutes.query(request)
      if request.uri.queryParameters.get("limit") == nil { query.limit = FairBetQuery.maxLimit }
      let (snapshot, status) = try await server.liveSnapshot()
      let response = FairBetResponse(
        catalog: snapshot.fairBet, query: query, now: server.configuration.clock(), sharpBooks: snapshot.sharpBooks,
        source: status)
      return Self.html(FairBetPage.html(response))
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
        .contentSecurityPolicy: "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'",
      ],
      body: .init(byteBuffer: ByteBuffer(string: page)))
  }
}
