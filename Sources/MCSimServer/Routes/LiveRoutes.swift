import Foundation
import Hummingbird
import LineFeeds
import OddsMath
import ServiceContracts

/// `GET /api/tonight/totals` (the agent's response) and `GET /api/fairbet/odds` (the FairBet
/// client's), both read from the live sources' latest good snapshot: no simulation per request.
struct LiveRoutes {
  let server: MCSimServer

  func add(to router: Router<BasicRequestContext>) {
    router.get("/api/tonight/totals") { _, _ in
      let (snapshot, status) = try await current()
      return try JSONResponse.make(.ok, TonightResponse(response: snapshot.tonight, source: status))
    }
    router.get("/api/fairbet/odds") { request, _ in
      let query = try FairBetQuery(request.uri.queryParameters)
      let (snapshot, status) = try await current()
      return try JSONResponse.make(.ok, query.page(of: snapshot, source: status))
    }
  }

  private func current() async throws -> (LiveSnapshot, SourceStatus) {
    guard let live = server.live else {
      throw APIError(
        .serviceUnavailable,
        "no live source configured: start the server with --odds FEED and --stats FILE or --stats-from CSV")
    }
    guard let snapshot = await live.snapshot else {
      let status = await live.status()
      throw APIError.unavailable(
        "the live sources have not been read yet" + (status.lastError.map { ": \($0)" } ?? ""), retryAfter: 5)
    }
    return (snapshot, await live.status())
  }
}

/// The FairBet query: filters and a page. Unknown values of a filter match nothing; a bad
/// number is a 422 naming the parameter.
struct FairBetQuery {
  var leagues: Set<String> = []
  var markets: Set<String> = []
  var books: Set<String> = []
  var hasFair = true
  var limit = 100
  var offset = 0
  static let maxLimit = 500

  init(_ parameters: Parameters) throws(APIError) {
    var problems = Problems(location: "query")
    func list(_ name: String) -> Set<String> {
      Set(parameters.getAll(name).flatMap { $0.split(separator: ",") }.map { $0.lowercased() })
    }
    leagues = list("league")
    markets = list("market")
    books = Set(list("book").map(BookKeys.canonical))
    if let text = parameters.get("has_fair") {
      switch text.lowercased() {
      case "true", "1": hasFair = true
      case "false", "0": hasFair = false
      default: problems.add("has_fair", String(text), "must be true or false")
      }
    }
    if let text = parameters.get("limit") {
      if let n = Int(text), (1...Self.maxLimit).contains(n) { limit = n } else {
        problems.add("limit", String(text), "must be a whole number in 1...\(Self.maxLimit)")
      }
    }
    if let text = parameters.get("offset") {
      if let n = Int(text), n >= 0 { offset = n } else {
        problems.add("offset", String(text), "must be a whole number >= 0")
      }
    }
    try problems.throwIfAny()
  }

  func matches(_ bet: BetReport, league: String?) -> Bool {
    if hasFair && (bet.fairProbability == nil || bet.disabledReason != nil) { return false }
    if !leagues.isEmpty && !leagues.contains((league ?? "").lowercased()) { return false }
    if !markets.isEmpty && !markets.contains(bet.market.lowercased())
      && !markets.contains(FairBetResponse.category(bet))
    {
      return false
    }
    if !books.isEmpty && !bet.prices.contains(where: { books.contains(BookKeys.canonical($0.book)) }) { return false }
    return true
  }

  func page(of snapshot: LiveSnapshot, source: SourceStatus) -> FairBetResponse {
    FairBetResponse(
      report: snapshot.fair, selected: snapshot.fair.bets.filter { matches($0, league: snapshot.leagues[$0.event]) },
      limit: limit, offset: offset, leagues: snapshot.leagues, source: source)
  }
}
