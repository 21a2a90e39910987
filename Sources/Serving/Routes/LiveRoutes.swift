import Foundation
import Hummingbird
import LineFeeds
import ServiceContracts
import UseCases

/// `GET /api/tonight/totals` (the agent's response) and the FairBet client's `GET
/// /api/fairbet/odds`, `/api/fairbet/live/games` and `/api/fairbet/live`, all read from the live sources' latest good snapshot: no simulation per request.
struct LiveRoutes {
  let server: MCSimServer

  func add(to router: OperationRouter) {
    addTonightAndOdds(to: router)
    addLive(to: router)
    router.on(ServerOperations.parlayEvaluate) { request, context in
      let parlay = try await server.job(of: request, for: context) { body in
        do throws(InputDecodingError) { return try FairBetParlayRequest.decode(body) } catch {
          throw Problems.decoding(error, body: body, fields: FairBetParlayRequest.fieldTypes)
        }
      }
      let (snapshot, _) = try await current()
      return try JSONResponse.make(.ok, try await server.priceFairParlay(parlay, in: snapshot, for: context))
    }
  }

  /// Tonight's slate (the agent's) and FairBet's pre-game catalogue.
  private func addTonightAndOdds(to router: OperationRouter) {
    router.on(ServerOperations.tonight) { _, _ in
      let (snapshot, status) = try await current()
      return try JSONResponse.make(.ok, TonightResponse(response: snapshot.tonight, source: status))
    }
    router.on(ServerOperations.fairBetOdds) { request, _ in
      let query = try Self.query(request)
      let (snapshot, status) = try await current()
      return try JSONResponse.make(
        .ok,
        FairBetResponse(
          catalog: snapshot.fairBet, query: query, now: server.configuration.clock(), sharpBooks: snapshot.sharpBooks,
          source: status))
    }
  }

  /// FairBet's games under way, and one of them.
  private func addLive(to router: OperationRouter) {
    router.on(ServerOperations.fairBetLiveGames) { request, _ in
      let league = request.uri.queryParameters.get("league")
      let (snapshot, _) = try await current()
      return try JSONResponse.make(
        .ok, FairBetLiveGame.list(snapshot.fairBet, now: server.configuration.clock(), league: league))
    }
    router.on(ServerOperations.fairBetLive) { request, _ in
      let query = try Self.query(request)
      guard let id = query.gameID else {
        throw APIError.invalid([.init(field: "game_id", value: "", message: "missing: the live game's id", location: "query")])
      }
      let (snapshot, status) = try await current()
      guard
        let answer = FairBetLiveResponse(
          catalog: snapshot.fairBet, gameID: id, query: query, now: server.configuration.clock(), source: status)
      else {
        throw APIError(.notFound, "game \(id) is not under way; GET /api/fairbet/live/games lists those that are")
      }
      return try JSONResponse.make(.ok, answer)
    }
  }

  /// The FairBet query of `request`; a 422 naming every bad parameter.
  static func query(_ request: Request) throws(APIError) -> FairBetQuery {
    var found: [(String, String, String)] = []
    let pairs = request.uri.queryParameters.map { (String($0.key), String($0.value)) }
    let query = FairBetQuery(pairs, problems: &found)
    var problems = Problems(location: "query")
    for (name, value, why) in found { problems.add(name, value, why) }
    try problems.throwIfAny()
    return query
  }

  private func current() async throws -> (LiveSnapshot, SourceStatus) { try await server.liveSnapshot() }
}

extension MCSimServer {
  /// A FairBet parlay priced against the snapshot's bets (`POST /api/fairbet/parlay/evaluate`, a
  /// game page's parlay builder): its legs looked up (a 422 naming each that is not an open bet
  /// with a fair price), then priced by `FairParlayPricing`, admitted by its cost.
  func priceFairParlay(_ parlay: FairBetParlayRequest, in snapshot: LiveSnapshot, for context: ServerRequestContext)
    async throws -> FairBetParlayResponse
  {
    let options = FairParlayPricing.options(seed: configuration.seed, threads: configuration.threadsPerRequest)
    let (priced, tiers, problems) = snapshot.fairBet.board.parlay(
      parlay.queries, now: configuration.clock(), base: configuration.pricing.model, options: options)
    if !problems.isEmpty {
      throw APIError.invalid(problems.map { APIError.Problem(field: $0.field, value: $0.value, message: $0.reason) })
    }
    let price = try await simulate(paths: priced.cost, for: context) { try FairParlayPricing.price(priced) }
    return FairBetParlayResponse(price, request: priced, tiers: tiers)
  }

  /// The live sources' latest good snapshot and their state; 503 when none is configured or
  /// none has been read yet.
  func liveSnapshot() async throws -> (LiveSnapshot, SourceStatus) {
    guard let live else {
      throw APIError(
        .serviceUnavailable,
        "no live source configured: start the server with --odds FEED and --stats FILE, --stats-from CSV or --results CSV")
    }
    guard let snapshot = await live.snapshot else {
      let status = await live.status()
      throw APIError.unavailable(
        "the live sources have not been read yet" + (status.lastError.map { ": \($0)" } ?? ""), retryAfter: 5)
    }
    return (snapshot, await live.status())
  }
}
