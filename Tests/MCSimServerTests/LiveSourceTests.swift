import Foundation
import LocalHTTPServer
import MCSimServer
import XCTest

/// Tonight's totals and FairBet from a configured feed that changes and then fails: the new
/// lines are served after a refresh, the last good ones (with their age and the error) after a
/// failure, never a mix.
final class LiveSourceTests: XCTestCase {
  /// A real The Odds API response (8 NBA games, 9 books, totals included).
  static let feedName = "theoddsapi_v4_basketball_nba_american.json"
  /// The fixture feed's night (its games tip off on 2026-03-31, US Eastern): the live slate
  /// leaves out games dated before its as-of day, today by default.
  static let feedDay = "2026-03-31"
  var feedPath: String { Bundle.module.url(forResource: Self.feedName, withExtension: nil, subdirectory: "Resources")!.path }
  var statsPath: String { Fixture.projectRoot.appendingPathComponent("Scenarios/feed_team_stats.json").path }

  /// That feed with every totals line of its first event moved by `shift`.
  func feed(shiftingFirstEventTotalsBy shift: Double) throws -> Data {
    var events = try XCTUnwrap(JSONSerialization.jsonObject(with: Fixture.resource(Self.feedName)) as? [[String: Any]])
    var event = events[0]
    var books = event["bookmakers"] as! [[String: Any]]
    for b in books.indices {
      var markets = books[b]["markets"] as! [[String: Any]]
      for m in markets.indices where markets[m]["key"] as? String == "totals" {
        var outcomes = markets[m]["outcomes"] as! [[String: Any]]
        for o in outcomes.indices { outcomes[o]["point"] = (outcomes[o]["point"] as! Double) + shift }
        markets[m]["outcomes"] = outcomes
      }
      books[b]["markets"] = markets
    }
    event["bookmakers"] = books
    events[0] = event
    return try JSONSerialization.data(withJSONObject: events)
  }

  func waitFor(_ what: String, _ condition: () async throws -> Bool) async throws {
    for _ in 0..<100 {
      if try await condition() { return }
      try await Task.sleep(for: .milliseconds(100))
    }
    XCTFail("timed out waiting for \(what)")
  }

  func testAChangingThenFailingFeedServesNewLinesThenTheLastGoodOnes() async throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-live-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let feedURL = dir.appendingPathComponent("feed.json")
    try Fixture.resource(Self.feedName).write(to: feedURL)
    let statsPath = statsPath
    let server = try await serve {
      var live = LiveSourceConfiguration(odds: feedURL.path)
      live.asOf = Self.feedDay
      live.stats = statsPath
      live.refresh = .seconds(1)
      $0.live = live
    }
    var tonight = try await server.get("/api/tonight/totals")
    try await waitFor("the first read") {
      tonight = try await server.get("/api/tonight/totals")
      return tonight.status == 200
    }
    XCTAssertEqual(tonight.json["success"] as? Bool, true)
    XCTAssertEqual(tonight.json.number("n_games"), 8)
    XCTAssertNotNil(tonight.json["methodology"] as? [String: Any])
    let games = tonight.json.list("games")
    for key in ["game_id", "game_date", "home_team", "away_team", "home_ppg", "home_opp_ppg", "projected", "line", "verdict"] {
      XCTAssertNotNil(games[0][key], "tonight games[0].\(key)")
    }
    let lineBefore = try XCTUnwrap(games[0]["line"] as? Double)
    XCTAssertTrue(tonight.json.object("source")["last_error"] is NSNull)

    // The feed moves: the next refresh serves the new line.
    try feed(shiftingFirstEventTotalsBy: 10).write(to: feedURL)
    try await waitFor("the moved line") {
      tonight = try await server.get("/api/tonight/totals")
      return (tonight.json.list("games").first?["line"] as? Double) == lineBefore + 10
    }

    // The feed breaks: the last good lines stay, with the error and their age.
    try Data("{\"broken\": ".utf8).write(to: feedURL)
    try await waitFor("the failed refresh") {
      tonight = try await server.get("/api/tonight/totals")
      return !(tonight.json.object("source")["last_error"] is NSNull)
    }
    XCTAssertEqual(tonight.status, 200)
    XCTAssertEqual(tonight.json.list("games").first?["line"] as? Double, lineBefore + 10)
    XCTAssertEqual(tonight.json.list("games").count, games.count, "a whole slate, never part of one")
    XCTAssertTrue((tonight.json.object("source")["last_error"] as? String ?? "").contains("odds feed"))
    XCTAssertGreaterThanOrEqual(tonight.json.object("source").number("age_seconds") ?? -1, 0)
    let fairbet = try await server.get("/api/fairbet/odds")
    XCTAssertEqual(fairbet.status, 200, "FairBet keeps serving the last good snapshot too")
  }

  /// Without --as-of the live slate is today's: a feed that still lists last season's games does
  /// not get them priced as tonight's; each is listed as unmatched with its date.
  func testGamesDatedBeforeTheAsOfDayAreLeftOut() async throws {
    let (feedPath, statsPath) = (feedPath, statsPath)
    let server = try await serve {
      var live = LiveSourceConfiguration(odds: feedPath)
      live.stats = statsPath
      $0.live = live
    }
    var tonight = try await server.get("/api/tonight/totals")
    try await waitFor("the first read") {
      tonight = try await server.get("/api/tonight/totals")
      return tonight.status == 200
    }
    XCTAssertEqual(tonight.json.number("n_games"), 0)
    let unmatched = tonight.json.list("unmatched")
    XCTAssertEqual(unmatched.count, 8)
    XCTAssertTrue(
      unmatched.allSatisfy { ($0["reason"] as? String ?? "").contains(", before the as-of day ") },
      "\(unmatched.first ?? [:])")
  }

  func testFairBetFiltersPagesAndAnnotatesInTheClientsFieldNames() async throws {
    let (feedPath, statsPath) = (feedPath, statsPath)
    let server = try await serve {
      var live = LiveSourceConfiguration(odds: feedPath)
      live.asOf = Self.feedDay
      live.stats = statsPath
      $0.live = live
    }
    var all = try await server.get("/api/fairbet/odds?limit=500")
    try await waitFor("the first read") {
      all = try await server.get("/api/fairbet/odds?limit=500")
      return all.status == 200
    }
    for key in ["bets", "booksAvailable", "gamesAvailable", "marketCategoriesAvailable", "evDiagnostics", "total"] {
      XCTAssertNotNil(all.json[key], key)
    }
    let total = Int(all.json.number("total") ?? 0)
    XCTAssertGreaterThan(total, 20)
    let bet = all.json.list("bets")[0]
    for key in ["trueProb", "referencePrice", "evConfidenceTier", "evDisabledReason", "books"] {
      XCTAssertTrue(bet.keys.contains(key), "bet.\(key)")
    }
    for key in ["evPercent", "trueProb", "isSharp", "evConfidenceTier"] {
      XCTAssertTrue(bet.list("books")[0].keys.contains(key), "book.\(key)")
    }
    // has_fair=true (the default) keeps only bets with a server-side fair probability.
    XCTAssertTrue(all.json.list("bets").allSatisfy { $0["trueProb"] is NSNumber && $0["evDisabledReason"] is NSNull })
    let diagnostics = all.json.object("evDiagnostics")
    XCTAssertEqual(diagnostics.number("eligibleBets"), Double(total))
    let everything = try await server.get("/api/fairbet/odds?has_fair=false&limit=500")
    XCTAssertEqual(everything.json.number("total"), diagnostics.number("totalBets"))
    XCTAssertTrue(everything.json.list("bets").contains { $0["evDisabledReason"] is String })
    // Pages tile the list.
    let first = try await server.get("/api/fairbet/odds?limit=5")
    let second = try await server.get("/api/fairbet/odds?limit=5&offset=5")
    let ids = (first.json.list("bets") + second.json.list("bets")).map { $0["betId"] as! String }
    XCTAssertEqual(ids, all.json.list("bets").prefix(10).map { $0["betId"] as! String })
    XCTAssertEqual(first.json["hasMore"] as? Bool, true)
    // Filters: league (the feed's sport_title), market, book.
    let nba = try await server.get("/api/fairbet/odds?league=NBA&limit=500")
    XCTAssertEqual(nba.json.number("total"), Double(total))
    let nfl = try await server.get("/api/fairbet/odds?league=NFL")
    XCTAssertEqual(nfl.json.number("total"), 0)
    let totals = try await server.get("/api/fairbet/odds?market=totals&limit=500")
    XCTAssertTrue(totals.json.list("bets").allSatisfy { $0["market"] as? String == "totals" })
    XCTAssertGreaterThan(totals.json.number("total") ?? 0, 0)
    let fanduel = try await server.get("/api/fairbet/odds?book=fanduel&limit=500")
    XCTAssertTrue(fanduel.json.list("bets").allSatisfy { $0.list("books").contains { $0["book"] as? String == "fanduel" } })
    // Bad parameters are named.
    let bad = try await server.get("/api/fairbet/odds?limit=501&offset=-1&has_fair=maybe")
    XCTAssertEqual(bad.status, 422)
    XCTAssertEqual(Set(bad.json.list("errors").compactMap { $0["field"] as? String }), ["limit", "offset", "has_fair"])
  }

  func testAURLFeedThatStartsFailingKeepsTheLastGoodCopy() async throws {
    let feed = try Fixture.resource(Self.feedName)
    let statsPath = statsPath
    let http = try LocalHTTPServer(maxRequests: 50, lifetime: 30) { index, _ in
      index == 0 ? .init(status: 200, headers: ["Content-Type": "application/json"], body: feed) : .json("{}", status: 404)
    }
    defer { http.stop() }
    let server = try await serve {
      var live = LiveSourceConfiguration(odds: http.url.appendingPathComponent("odds").absoluteString)
      live.asOf = Self.feedDay
      live.stats = statsPath
      live.refresh = .seconds(1)
      $0.live = live
    }
    var tonight = try await server.get("/api/tonight/totals")
    try await waitFor("a failed refresh after a good one") {
      tonight = try await server.get("/api/tonight/totals")
      return tonight.status == 200 && tonight.json.object("source")["last_error"] is String
    }
    XCTAssertEqual(tonight.json.list("games").count, 8)
  }

  func testWithoutALiveSourceTheLiveEndpointsSay503() async throws {
    let server = try await serve()
    let reply = try await server.get("/api/tonight/totals")
    XCTAssertEqual(reply.status, 503)
    XCTAssertTrue((reply.json.object("error")["message"] as? String ?? "").contains("--odds"))
  }
}
