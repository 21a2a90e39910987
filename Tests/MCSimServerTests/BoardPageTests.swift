import Foundation
import MCSimServer
import TestTiers
import XCTest

/// The board (`GET /`) as a browser shows it: headless Chromium loads the page against the
/// fixture feed, and the test reads the DOM it built. Every game of tonight's JSON is on the
/// page with its probabilities, a bet the policy withholds says why, and the page reloads itself
/// with the new lines once the feed has moved. Screenshots at a phone's width and a desktop's are
/// written to .build/screenshots for a person to look at.
final class BoardPageTests: XCTestCase {
  /// The DOM of one game's rows (its `<tbody>`), or "" when the game is not on the page.
  func rows(of id: String, in dom: String) -> String {
    guard let start = dom.range(of: "id=\"game-\(id)\"") else { return "" }
    let rest = dom[start.upperBound...]
    return String(rest[..<(rest.range(of: "</tbody>")?.lowerBound ?? rest.endIndex)])
  }

  func percent(_ p: Double) -> String { String(format: "%.1f%%", 100 * p) }

  /// Each priced side of a game's JSON: its advice object.
  func sides(_ game: [String: Any]) -> [[String: Any]] {
    var out: [[String: Any]] = []
    if let a = game["advice"] as? [String: Any] { out += ["over", "under"].compactMap { a[$0] as? [String: Any] } }
    for market in ["spread", "moneyline"] {
      if let a = (game[market] as? [String: Any])?["advice"] as? [String: Any] {
        out += ["home", "away"].compactMap { a[$0] as? [String: Any] }
      }
    }
    return out
  }

  func testTheBoardShowsEveryGameWithItsProbabilitiesAndReasonsAndFollowsTheFeed() async throws {
    let browser = try HeadlessBrowser()
    defer { browser.removeProfile() }
    let (server, feedURL, tonight) = try await serveChangingFeed()
    let page = server.base.absoluteString + "/"

    let first = try browser.dom(page)
    XCTAssertEqual(first.status, 0, first.stderr)
    let dom = first.stdout
    XCTAssertTrue(dom.contains("<h1>Tonight</h1>"), dom)
    XCTAssertTrue(dom.contains(#"<strong class="healthy">healthy</strong>"#), "the feed's health at the top")

    let games = tonight.json.list("games").filter { $0["error"] == nil || $0["error"] is NSNull }
    XCTAssertEqual(games.count, 7)
    var withheldSeen = 0
    for game in games {
      let id = try XCTUnwrap(game["game_id"] as? String)
      let shown = rows(of: id, in: dom)
      XCTAssertFalse(shown.isEmpty, "game \(id) is not on the board")
      for team in ["home_team", "away_team"] {
        XCTAssertTrue(shown.contains(game[team] as? String ?? "?"), "\(id): \(team)")
      }
      let priced = sides(game)
      XCTAssertGreaterThanOrEqual(priced.count, 2, "\(id) has priced sides")
      for side in priced {
        let model = (side["model_probability"] ?? side["probability"]) as! Double
        XCTAssertTrue(shown.contains(percent(model)), "\(id): the model's \(percent(model))")
        if let market = side["market_probability"] as? Double {
          XCTAssertTrue(shown.contains(percent(market)), "\(id): the market's \(percent(market))")
        }
        let withheld = side["withheld"] as? [String] ?? []
        if side["grade"] as? String != "NO_BET", !withheld.isEmpty {
          withheldSeen += 1
          XCTAssertTrue(shown.contains("\(side["grade"]!) withheld: "), "\(id): a withheld bet says so")
          if withheld.contains("model_market_disagree") {
            XCTAssertTrue(shown.contains("the model and the market disagree too much"), "\(id): and why")
          }
        } else if side["recommended"] as? Bool == true {
          XCTAssertTrue(shown.contains("stake"), "\(id): a recommended bet shows its stake")
        }
      }
    }
    XCTAssertGreaterThan(withheldSeen, 0, "the fixture night has bets the policy withholds")

    // Sorted by EV: the games in the order of their best EV.
    let byEV = try browser.dom(page + "?sort=ev").stdout
    let bestEV = games.map { g in (g["game_id"] as! String, (g["best_bet"] as? [String: Any])?["ev"] as? Double ?? -.infinity) }
    let expected = bestEV.enumerated().sorted { $0.element.1 != $1.element.1 ? $0.element.1 > $1.element.1 : $0.offset < $1.offset }
      .map(\.element.0)
    let order = expected.compactMap { id in byEV.range(of: "id=\"game-\(id)\"")?.lowerBound }
    XCTAssertEqual(order, order.sorted(), "games by their best EV, highest first")

    // Screenshots for a person to look at.
    let shots = Fixture.projectRoot.appendingPathComponent(".build/screenshots")
    try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
    for (name, width, height) in [("phone", 390, 1600), ("desktop", 1280, 1400)] {
      let path = shots.appendingPathComponent("board-\(name).png").path
      let shot = try browser.screenshot(page, width: width, height: height, to: path)
      XCTAssertEqual(shot.status, 0, shot.stderr)
      XCTAssertGreaterThan((try? Data(contentsOf: URL(fileURLWithPath: path)))?.count ?? 0, 10_000, "a blank screenshot")
      print("board screenshot (\(name), \(width) px): \(path)")
    }

    // The feed moves while the page is open: the page's script sees the new reading and reloads.
    let moved = try XCTUnwrap(games.first { $0["game_id"] as? String == "8c95b58e16520c12308e0196b0c19198" })
    let line = try XCTUnwrap(moved["line"] as? Double)
    func pageLoads() async throws -> Int {
      let text = try await server.get("/metrics").text
      let row = text.split(separator: "\n").first { $0.hasPrefix(#"mcsim_http_request_duration_seconds_count{route="/",method="GET"}"#) }
      return Int(row?.split(separator: " ").last ?? "0") ?? 0
    }
    let loadsBefore = try await pageLoads()
    let open = Task.detached { try browser.dom(page, virtualSeconds: 300) }
    try await waitFor("the page to load") { try await pageLoads() > loadsBefore }
    try feed(shiftingFirstEventTotalsBy: 10).write(to: feedURL)
    let after = try await open.value
    XCTAssertEqual(after.status, 0, after.stderr)
    let shownAfter = rows(of: "8c95b58e16520c12308e0196b0c19198", in: after.stdout)
    XCTAssertTrue(shownAfter.contains("Over \(Int(line + 10))") || shownAfter.contains("Over \(line + 10)"), shownAfter)
    let loadsAfter = try await pageLoads()
    XCTAssertGreaterThanOrEqual(loadsAfter - loadsBefore, 2, "the page reloaded itself")
  }

  /// Without the key, the page asks the browser for it (Basic); with the key as the password,
  /// or as X-API-Key, it is served. A bad `sort` is a 422 naming it.
  func testThePageIsBehindTheKeyAsABasicPassword() async throws {
    let feed = Bundle.module.url(forResource: LiveSourceTests.feedName, withExtension: nil, subdirectory: "Resources")!.path
    let server = try await serve {
      var live = LiveSourceConfiguration(odds: feed)
      live.stats = LiveSourceTests.statsPath
      live.asOf = LiveSourceTests.feedDay
      $0.live = live
      $0.apiKeys = ["s3cret"]
    }
    try await waitFor("the first read") { try await server.get("/", headers: ["X-API-Key": "s3cret"]).status == 200 }
    // Foundation's URLSession on Linux waits without end on a Basic challenge: the refusals are
    // read off a raw connection.
    func raw(_ head: String) throws -> String {
      let c = try RawConnection(port: server.port)
      try c.send("GET / HTTP/1.1\r\nHost: t\r\n\(head)Connection: close\r\n\r\n")
      return c.read(timeout: 10).text
    }
    let refused = try raw("")
    XCTAssertEqual(RawConnection.status(refused), 401, refused)
    XCTAssertTrue(refused.contains(#"WWW-Authenticate: Basic realm="mcsim", charset="UTF-8""#), refused)
    let wrong = try raw("Authorization: Basic \(Data("me:nope".utf8).base64EncodedString())\r\n")
    XCTAssertEqual(RawConnection.status(wrong), 401, wrong)
    let page = try await server.get("/", headers: ["Authorization": "Basic " + Data("me:s3cret".utf8).base64EncodedString()])
    XCTAssertEqual(page.status, 200)
    XCTAssertEqual(page.header("Content-Type"), "text/html; charset=utf-8")
    XCTAssertTrue(page.text.hasPrefix("<!DOCTYPE html>"), String(page.text.prefix(80)))
    XCTAssertFalse(page.text.contains("s3cret"))
    // The JSON endpoints take the Basic password too (the page's refresh asks /api/health).
    let health = try await server.get("/api/health", headers: ["Authorization": "Basic " + Data(":s3cret".utf8).base64EncodedString()])
    XCTAssertEqual(health.status, 200)
    let bare = try await server.get("/api/health")
    XCTAssertEqual(bare.status, 401)
    XCTAssertNil(bare.header("WWW-Authenticate"), "an API client is not asked for a password")
    let sorted = try await server.get("/?sort=price", headers: ["X-API-Key": "s3cret"])
    XCTAssertEqual(sorted.status, 422)
    XCTAssertTrue(sorted.text.contains(#""field":"sort""#), sorted.text)
  }
}
