import Foundation
import Serving
import TestSupport
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
  var statsPath: String { Self.statsPath }
  static var statsPath: String { Fixture.projectRoot.appendingPathComponent("Scenarios/feed_team_stats.json").path }

  func testAChangingThenFailingFeedServesNewLinesThenTheLastGoodOnes() async throws {
    let (server, feed, firstRead) = try await serveChangingFeed()
    var tonight = firstRead
    XCTAssertEqual(tonight.json["success"] as? Bool, true)
    // The fixture's eighth game is the next night's (US Eastern): not tonight's.
    XCTAssertEqual(tonight.json.number("n_games"), 7)
    XCTAssertNotNil(tonight.json["methodology"] as? [String: Any])
    let games = tonight.json.list("games")
    // Games are sorted by the size of their edge: follow the first event's by its id.
    let firstEvent = "8c95b58e16520c12308e0196b0c19198"
    func first(_ reply: TestServer.Reply) -> [String: Any]? {
      reply.json.list("games").first { $0["game_id"] as? String == firstEvent }
    }
    for key in ["game_id", "game_date", "home_team", "away_team", "home_ppg", "home_opp_ppg", "projected", "line", "verdict"] {
      XCTAssertNotNil(games[0][key], "tonight games[0].\(key)")
    }
    let lineBefore = try XCTUnwrap(first(tonight)?["line"] as? Double)
    XCTAssertTrue(tonight.json.object("source")["last_error"] is NSNull)

    // Read again (every second) with the same bytes: a new reading, the same lines.
    let changedAt = try XCTUnwrap(tonight.json.object("source")["changed_at"] as? String)
    let readAt = try XCTUnwrap(tonight.json.object("source")["updated_at"] as? String)
    var live: [String: Any] = [:]
    try await waitFor("a second reading") {
      live = try await server.get("/api/health").json.object("live")
      return live["updated_at"] as? String != readAt
    }
    XCTAssertEqual(live["changed_at"] as? String, changedAt, "the same bytes: the lines did not change")

    // The feed moves: the next refresh serves the new line, and says the lines changed.
    feed.set(try self.feed(shiftingFirstEventTotalsBy: 10))
    try await waitFor("the moved line") {
      tonight = try await server.get("/api/tonight/totals")
      return (first(tonight)?["line"] as? Double) == lineBefore + 10
    }
    XCTAssertNotEqual(tonight.json.object("source")["changed_at"] as? String, changedAt)

    // The feed breaks: the last good lines stay, with the error and their age.
    feed.set(Data("{\"broken\": ".utf8))
    try await waitFor("the failed refresh") {
      tonight = try await server.get("/api/tonight/totals")
      return !(tonight.json.object("source")["last_error"] is NSNull)
    }
    XCTAssertEqual(tonight.status, 200)
    XCTAssertEqual(first(tonight)?["line"] as? Double, lineBefore + 10)
    XCTAssertEqual(tonight.json.list("games").count, games.count, "a whole slate, never part of one")
    XCTAssertTrue((tonight.json.object("source")["last_error"] as? String ?? "").contains("odds feed"))
    XCTAssertGreaterThanOrEqual(tonight.json.object("source").number("age_seconds") ?? -1, 0)
    let fairbet = try await server.get("/api/fairbet/odds")
    XCTAssertEqual(fairbet.status, 200, "FairBet keeps serving the last good snapshot too")

    // The feed cannot be read at all (its server gone): the same.
    feed.fail("connection refused")
    try await waitFor("the unreadable feed") {
      tonight = try await server.get("/api/tonight/totals")
      return (tonight.json.object("source")["last_error"] as? String ?? "").contains("connection refused")
    }
    XCTAssertEqual(tonight.status, 200)
    XCTAssertEqual(first(tonight)?["line"] as? Double, lineBefore + 10)
    XCTAssertEqual(tonight.json.object("source")["last_error"] as? String, "odds feed: feed.json: connection refused")
  }

  /// A feed that answers `[]` keeps the last good lines, with a warning; lines older than
  /// --stale-after turn health to degraded, with their age.
  func testAnEmptyFeedKeepsTheLastLinesAndStaleLinesDegradeHealth() async throws {
    let (server, feed, firstRead) = try await serveChangingFeed { $0.staleAfter = .seconds(2) }
    var tonight = firstRead
    let games = tonight.json.list("games").count
    XCTAssertEqual(tonight.json.object("source")["status"] as? String, "healthy")
    let fresh = try await server.get("/health")
    XCTAssertEqual(fresh.json["status"] as? String, "healthy")

    feed.set(Data("[]".utf8))
    try await waitFor("the empty read") {
      tonight = try await server.get("/api/tonight/totals")
      return tonight.json.object("source")["warning"] is String
    }
    XCTAssertEqual(tonight.json.list("games").count, games, "an empty feed must not empty the slate")
    XCTAssertTrue((tonight.json.object("source")["warning"] as? String ?? "").contains("no games"))

    // Once the kept lines are stale, an empty feed is taken at its word: no games tonight.
    try await waitFor("the empty slate") {
      tonight = try await server.get("/api/tonight/totals")
      return tonight.json.list("games").isEmpty && tonight.json.object("source")["warning"] is NSNull
    }
    XCTAssertEqual(tonight.json.object("source")["status"] as? String, "healthy")

    // A feed that fails from then on: the lines age past --stale-after and health degrades.
    feed.set(Data("{\"broken\": ".utf8))
    var health = try await server.get("/api/health")
    try await waitFor("stale lines") {
      health = try await server.get("/api/health")
      return health.json["status"] as? String == "degraded"
    }
    XCTAssertEqual(health.json.object("live")["status"] as? String, "degraded")
    XCTAssertGreaterThan(health.json.object("live").number("age_seconds") ?? 0, 2)
    XCTAssertEqual(health.json.object("live").number("stale_after_seconds"), 2)
    let agent = try await server.get("/health")
    XCTAssertEqual(agent.status, 200)
    XCTAssertEqual(agent.json["status"] as? String, "degraded")
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
    XCTAssertEqual(tonight.json["message"] as? String, "No games scheduled for today", "the agent's empty night")
    let unmatched = tonight.json.list("unmatched")
    XCTAssertEqual(unmatched.count, 8)
    XCTAssertTrue(
      unmatched.allSatisfy { ($0["reason"] as? String ?? "").contains(", before the as-of day ") },
      "\(unmatched.first ?? [:])")
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
    XCTAssertEqual(tonight.json.list("games").count, 7, "tonight: the fixture's eighth game is the next night's")
  }

  /// The feed's key and password never leave the process: the health and live answers name the
  /// feed with them masked, a failed read's error too (issue 29's leak).
  func testTheFeedsSecretsAreMaskedInEveryAnswer() async throws {
    let secretFeed = "http://reader:hunter2@127.0.0.1:9/v4/odds?apiKey=SECRET-KEY-123&regions=us"
    let statsPath = statsPath
    let server = try await serve {
      var live = LiveSourceConfiguration(odds: secretFeed)
      live.stats = statsPath
      $0.live = live
    }
    var health = try await server.get("/api/health")
    try await waitFor("the failed first read") {
      health = try await server.get("/api/health")
      return health.json.object("live")["last_error"] is String
    }
    let tonight = try await server.get("/api/tonight/totals")
    for reply in [health, tonight] {
      XCTAssertFalse(reply.text.contains("SECRET-KEY-123"), reply.text)
      XCTAssertFalse(reply.text.contains("hunter2"), reply.text)
    }
    XCTAssertTrue(health.text.contains("http://127.0.0.1:9 (url "), health.text)
    for hidden in ["reader", "v4", "apiKey", "regions"] { XCTAssertFalse(health.text.contains(hidden), health.text) }
  }

  func testWithoutALiveSourceTheLiveEndpointsSay503() async throws {
    let server = try await serve()
    let reply = try await server.get("/api/tonight/totals")
    XCTAssertEqual(reply.status, 503)
    XCTAssertTrue((reply.json.object("error")["message"] as? String ?? "").contains("--odds"))
    // The pages answer the same refusal as a page, with its status.
    for path in ["/", "/fairbet", "/game/x"] {
      let page = try await server.get(path)
      XCTAssertEqual(page.status, 503, path)
      XCTAssertEqual(page.header("Content-Type"), "text/html; charset=utf-8", path)
      XCTAssertTrue(page.text.contains("<h1>503 Service Unavailable</h1>") && page.text.contains("--odds"), page.text)
    }
  }

  /// Before the first good read the pages say so as a page, with Retry-After, as the API does.
  func testBeforeTheFirstReadThePagesSay503WithRetryAfter() async throws {
    let server = try await serve { $0.live = LiveSourceConfiguration(odds: "/nonexistent/feed.json") }
    for path in ["/", "/fairbet"] {
      let page = try await server.get(path)
      XCTAssertEqual(page.status, 503, path)
      XCTAssertEqual(page.header("Content-Type"), "text/html; charset=utf-8", path)
      XCTAssertEqual(page.header("Retry-After"), "5", path)
      XCTAssertTrue(page.text.contains("the live sources have not been read yet"), page.text)
    }
  }

  /// A feed over `--max-feed-bytes` or `--max-feed-events` is refused by its size before
  /// anything is priced, naming the limit; the last good lines stay.
  func testAFeedOverItsSizeLimitsKeepsTheLastGoodLines() async throws {
    let fixture = try Fixture.resource(Self.feedName)
    let events = try XCTUnwrap(JSONSerialization.jsonObject(with: fixture) as? [[String: Any]])
    let smallest = try events.map { try JSONSerialization.data(withJSONObject: $0) }.min { $0.count < $1.count }!
    var extra = try XCTUnwrap(JSONSerialization.jsonObject(with: smallest) as? [String: Any])
    extra["id"] = "one-more-event"
    let nine = try JSONSerialization.data(withJSONObject: events + [extra])
    // The fixture as written (pretty) and the nine events (compact) are within it.
    let limit = max(fixture.count, nine.count)
    let (server, feed, firstRead) = try await serveChangingFeed {
      $0.maxFeedEvents = 8
      $0.maxFeedBytes = limit
    }
    XCTAssertEqual(firstRead.json.number("n_games"), 7)
    func lastError(_ expected: String) async throws -> [String: Any] {
      var tonight: [String: Any] = [:]
      try await waitFor(expected) {
        tonight = try await server.get("/api/tonight/totals").json
        return (tonight.object("source")["last_error"] as? String ?? "").contains(expected)
      }
      return tonight
    }
    // Nine events, within the bytes: refused by their count.
    feed.set(nine)
    var tonight = try await lastError("9 events, more than 8 (--max-feed-events)")
    XCTAssertEqual(tonight.number("n_games"), 7, "the last good lines")
    // Three times the fixture's events: refused by its size.
    let tripled = try JSONSerialization.data(withJSONObject: events + events + events)
    XCTAssertGreaterThan(tripled.count, limit)
    feed.set(tripled)
    tonight = try await lastError("larger than \(limit) bytes (--max-feed-bytes)")
    XCTAssertEqual(tonight.number("n_games"), 7, "the last good lines")
  }

  /// A 29 MB feed (the fixture's events 330 times) at the default limits: refused before it is
  /// read, so the server answers at once and its memory does not grow by the feed.
  func testAHugeFeedIsRefusedBeforeItIsRead() async throws {
    let fixture = try Fixture.resource(Self.feedName)
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-huge-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("feed.json").path
    // The fixture's events without their brackets, written 330 times into one list.
    let body = fixture.drop { $0 != UInt8(ascii: "[") }.dropFirst()
    let inner = body.prefix(upTo: try XCTUnwrap(body.lastIndex(of: UInt8(ascii: "]"))))
    FileManager.default.createFile(atPath: path, contents: Data("[".utf8))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.seekToEnd()
    for copy in 0..<330 { try handle.write(contentsOf: (copy == 0 ? Data() : Data(",".utf8)) + inner) }
    try handle.write(contentsOf: Data("]".utf8))
    try handle.close()
    let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    XCTAssertGreaterThan(size, 28_000_000)

    let before = ResidentMemory.bytes()
    let statsPath = statsPath
    let server = try await serve {
      var live = LiveSourceConfiguration(odds: path)
      live.asOf = Self.feedDay
      live.stats = statsPath
      $0.live = live
    }
    var health: [String: Any] = [:]
    try await waitFor("the refused read") {
      health = try await server.get("/api/health").json.object("live")
      return health["last_error"] is String
    }
    XCTAssertTrue((health["last_error"] as? String ?? "").contains("larger than 8388608 bytes (--max-feed-bytes)"), "\(health)")
    let start = ContinuousClock.now
    let status = try await server.get("/health").status
    XCTAssertEqual(status, 200)
    XCTAssertLessThan(ContinuousClock.now - start, .seconds(2))
    XCTAssertLessThan(ResidentMemory.bytes() - before, 64 << 20, "the feed was not read")
  }
}
