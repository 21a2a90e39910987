import Foundation
import OddsMath
import ServiceContracts
import XCTest
import UseCases

/// The bodies the server and the CLI share, pinned byte for byte where a client reads the keys:
/// the failure document (CLI and server), the live source's state, the FairBet page, the devig
/// answer.
final class ServerBodiesTests: XCTestCase {
  let now = Date(timeIntervalSince1970: 1_775_000_000)  // 2026-03-31T23:33:20Z

  func json(_ value: some Encodable) throws -> String { try ContractJSON.string(value) }

  func testCommandLineFailureKeepsItsNullsAndHasNoServerFields() throws {
    XCTAssertEqual(
      try json(FailureDocument(field: nil, value: nil, message: "no input")),
      #"{"error":{"field":null,"message":"no input","value":null},"success":false}"#)
    XCTAssertEqual(
      try json(FailureDocument(field: "--sims", value: "0", message: "--sims must be at least 1")),
      #"{"error":{"field":"--sims","message":"--sims must be at least 1","value":"0"},"success":false}"#)
  }

  func testServerFailureNamesEveryFieldAndCarriesFastAPIsDetail() throws {
    let problems = [
      FailureDocument.Problem(field: "home_std_dev", value: "-1", message: "must be > 0"),
      FailureDocument.Problem(field: "limit", value: "900", message: "must be in 1...500", location: "query"),
    ]
    let invalid = try json(
      FailureDocument(status: 422, reason: "Unprocessable Content", message: "invalid request", problems: problems, requestID: "r1"))
    XCTAssertEqual(
      invalid,
      #"{"detail":[{"input":"-1","loc":["body","home_std_dev"],"msg":"must be > 0","type":"value_error"},"#
        + #"{"input":"900","loc":["query","limit"],"msg":"must be in 1...500","type":"value_error"}],"#
        + #""error":{"field":"home_std_dev","message":"invalid request","request_id":"r1","status":422,"value":"-1"},"#
        + #""errors":[{"field":"home_std_dev","in":"body","message":"must be > 0","value":"-1"},"#
        + #"{"field":"limit","in":"query","message":"must be in 1...500","value":"900"}],"success":false}"#)
    // Every other status: FastAPI's detail is the reason phrase ({"detail": "Not Found"}).
    let busy = try json(FailureDocument(status: 503, reason: "Service Unavailable", message: "busy", problems: [], requestID: "r2"))
    XCTAssertEqual(
      busy,
      #"{"detail":"Service Unavailable","error":{"field":null,"message":"busy","request_id":"r2","status":503,"value":null},"#
        + #""errors":[],"success":false}"#)
  }

  func testSourceStatusBeforeAndAfterAGoodRead() throws {
    let never = SourceStatus(
      odds: "feed.json", stats: nil, readAt: nil, now: now, lastError: "timed out", refreshSeconds: 60, staleAfterSeconds: 600)
    XCTAssertEqual(
      try json(never),
      #"{"age_seconds":null,"changed_at":null,"last_error":"timed out","odds":"feed.json","refresh_seconds":60,"#
        + #""stale_after_seconds":600,"status":"degraded","updated_at":null,"warning":null}"#)
    // Read again 90 s ago, the same bytes as an hour before: changed_at keeps the hour.
    let read = SourceStatus(
      odds: "feed.json", stats: "stats.json", readAt: now.addingTimeInterval(-90), changedAt: now.addingTimeInterval(-3600),
      now: now, lastError: nil, refreshSeconds: 60, staleAfterSeconds: 600)
    XCTAssertEqual(
      try json(read),
      #"{"age_seconds":90,"changed_at":"2026-03-31T22:33:20Z","last_error":null,"odds":"feed.json","refresh_seconds":60,"#
        + #""stale_after_seconds":600,"stats":"stats.json","status":"healthy","updated_at":"2026-03-31T23:31:50Z","#
        + #""warning":null}"#)
  }

  /// Two paired markets and one side alone: the page counts and vocabularies cover every bet,
  /// the window only the selected ones.
  func testFairBetPageCountsEveryBetAndSendsTheWindow() throws {
    func q(_ event: String, _ selection: String, _ price: String, _ book: String, market: String = "total")
      throws -> Quote
    {
      Quote(
        event: event, market: market, selection: selection, line: market == "total" ? 225.5 : nil, book: book,
        price: try Odds(parsing: price), observedAt: now.addingTimeInterval(-300))
    }
    var quotes: [Quote] = []
    for book in ["pinnacle", "circasports", "fanduel"] {
      quotes += [try q("BOS@MIA", "over", "1.95", book), try q("BOS@MIA", "under", "1.93", book)]
      quotes += [try q("LAL@GSW", "over", "1.90", book), try q("LAL@GSW", "under", "1.98", book)]
    }
    quotes.append(try q("NYK@PHI", "NYK", "2.10", "fanduel", market: "h2h"))
    let report = FairOdds.evaluate(quotes, asOf: now)
    XCTAssertEqual(report.bets.count, 5)
    let status = SourceStatus(odds: "f", stats: nil, readAt: now, now: now, lastError: nil, refreshSeconds: 60)
    let eligible = report.bets.filter { $0.disabledReason == nil && $0.fairProbability != nil }
    XCTAssertEqual(eligible.count, 4)
    let start = now.addingTimeInterval(3600)
    let games = ["BOS@MIA", "LAL@GSW", "NYK@PHI"].map { e in
      FairBetGame(event: e, feedID: nil, league: "nba", home: String(e.suffix(3)), away: String(e.prefix(3)), start: start)
    }
    let catalog = FairBetCatalog(report: report, games: games)
    var problems: [(String, String, String)] = []
    let query = FairBetQuery([("has_fair", "true"), ("limit", "3"), ("offset", "2")], problems: &problems)
    XCTAssertTrue(problems.isEmpty)
    let page = FairBetResponse(catalog: catalog, query: query, now: now, sharpBooks: ["pinnacle"], source: status)
    XCTAssertEqual(page.total, 4)
    XCTAssertEqual(page.bets.count, 2)
    XCTAssertFalse(page.hasMore)
    XCTAssertEqual(page.evDiagnostics, ["total_pairs": 4, "total_unpaired": 0, "passed": 4, "eligible": 4])
    XCTAssertEqual(page.booksAvailable, ["Circa Sports", "FanDuel", "Pinnacle"])
    XCTAssertEqual(page.gamesAvailable.map(\.matchup), ["BOS @ MIA", "LAL @ GSW", "NYK @ PHI"])
    XCTAssertEqual(page.gamesAvailable.map(\.gameID), games.map(\.gameID))
    XCTAssertEqual(page.marketCategoriesAvailable, ["mainline"])
    XCTAssertEqual(page.bets[0].leagueCode, "NBA")
    // Without the has_fair filter every bet counts, the unpaired one too.
    let everything = FairBetResponse(
      catalog: catalog, query: FairBetQuery([], problems: &problems), now: now, sharpBooks: [], source: status)
    XCTAssertEqual(everything.total, 5)
    XCTAssertEqual(everything.evDiagnostics["no_pair"], 1)
    XCTAssertEqual(everything.evDiagnostics["total_unpaired"], 1)
    // The withheld bet keeps explicit nulls, which the client reads as "withheld".
    let lone = try XCTUnwrap(everything.bets.first { $0.evDisabledReason != nil })
    let body = try json(lone)
    for key in [
      "\"true_prob\":null", "\"fair_american_odds\":null", "\"best_book\":null", "\"ev_disabled_reason\":\"no_pair\"",
      "\"ev_confidence_tier\":null", "\"has_fair\":false", "\"selection_key\":\"team:nyk\"",
    ] {
      XCTAssertTrue(body.contains(key), key)
    }
    // Games that have started leave the pre-game page.
    XCTAssertEqual(FairBetResponse(catalog: catalog, query: query, now: start, sharpBooks: [], source: status).total, 0)
  }

  func testDevigAnswerCarriesTheMarketAndEachMethod() throws {
    let market = try Market(prices: [try Odds(parsing: "-110"), try Odds(parsing: "-110")], outcomes: ["over", "under"])
    let answer = DevigResponse(market: market, results: [market.devig(.multiplicative), market.devig(.power)])
    let decoded = try JSONSerialization.jsonObject(with: try ContractJSON.encode(answer)) as! [String: Any]
    XCTAssertEqual(decoded["success"] as? Bool, true)
    XCTAssertEqual(decoded["outcomes"] as? [String], ["over", "under"])
    let implied = 110.0 / 210.0
    XCTAssertEqual((decoded["implied"] as? [Double])?.first ?? 0, implied, accuracy: 1e-15)
    XCTAssertEqual(decoded["margin"] as? Double ?? 0, 2 * implied - 1, accuracy: 1e-15)
    let results = decoded["results"] as? [[String: Any]] ?? []
    XCTAssertEqual(results.map { $0["method"] as? String }, ["multiplicative", "power"])
    XCTAssertEqual((results[0]["probabilities"] as? [Double])?.first ?? 0, 0.5, accuracy: 1e-15)
  }
}
