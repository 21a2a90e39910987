import Foundation
import ServiceContracts
import Serving
import Simulation
import XCTest

/// `serve --scoreboard`: the live slate prices the games a live scoreboard shows under way from
/// their score and clock (the quarter model given what has happened), as `slate --scoreboard`
/// does; a finished game is not priced; the others stay before tip-off.
final class InPlayLiveTests: XCTestCase {
  /// One game of ESPN's scoreboard (the shape of Scenarios/scoreboard_espn_nba.json).
  func event(home: String, away: String, scores: (Int, Int), period: Int, clock: String, state: String) -> [String: Any] {
    let status: [String: Any] = [
      "period": period, "displayClock": clock,
      "type": ["state": state, "completed": state == "post", "name": state == "post" ? "STATUS_FINAL" : "STATUS_IN_PROGRESS"],
    ]
    return [
      "id": "\(home)\(away)", "shortName": "\(away) @ \(home)", "status": status,
      "competitions": [
        [
          "competitors": [
            ["homeAway": "home", "team": ["abbreviation": home], "score": "\(scores.0)"],
            ["homeAway": "away", "team": ["abbreviation": away], "score": "\(scores.1)"],
          ],
          "status": status,
        ]
      ],
    ]
  }

  func testGamesTheScoreboardShowsUnderWayArePricedInPlay() async throws {
    var events = try XCTUnwrap(JSONSerialization.jsonObject(with: Fixture.resource(LiveSourceTests.feedName)) as? [[String: Any]])
    // PHX at ORL and CHA at BKN started before their quotes were taken (19:59Z): live prices.
    events[0]["commence_time"] = "2026-03-31T19:00:00Z"
    events[1]["commence_time"] = "2026-03-31T19:00:00Z"
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-inplay-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let feed = dir.appendingPathComponent("feed.json"), board = dir.appendingPathComponent("board.json")
    try JSONSerialization.data(withJSONObject: events).write(to: feed)
    let scoreboard = [
      "events": [
        event(home: "ORL", away: "PHX", scores: (70, 65), period: 3, clock: "6:00", state: "in"),
        event(home: "BKN", away: "CHA", scores: (101, 99), period: 4, clock: "0.0", state: "post"),
      ]
    ]
    try JSONSerialization.data(withJSONObject: scoreboard).write(to: board)
    let server = try await serve {
      var live = LiveSourceConfiguration(odds: feed.path)
      live.stats = LiveSourceTests.statsPath
      live.asOf = LiveSourceTests.feedDay
      live.scoreboard = board.path
      // A quarter model (serve's is the model's: the shipped model has one per source).
      var c = [[Double]](repeating: [Double](repeating: 0, count: 8), count: 8)
      for i in 0..<8 {
        for j in 0..<8 { c[i][j] = i % 4 == j % 4 ? ((i < 4) == (j < 4) ? 30 : 9) : ((i < 4) == (j < 4) ? -1.5 : 1.5) }
      }
      live.pricing.periods = PeriodModel(homeShares: [0.26, 0.25, 0.25, 0.24], awayShares: [0.25, 0.25, 0.25, 0.25], covariance: c)
      $0.live = live
      $0.now = ISO8601DateFormatter().date(from: "2026-03-31T20:00:00Z")
    }
    var tonight = try await server.get("/api/tonight/totals")
    try await waitFor("the first read") {
      tonight = try await server.get("/api/tonight/totals")
      return tonight.status == 200
    }
    let games = tonight.json.list("games")
    let orlando = try XCTUnwrap(games.first { $0["game_id"] as? String == "8c95b58e16520c12308e0196b0c19198" }, "\(games)")
    let state = try XCTUnwrap(orlando["state"] as? [String: Any], "\(orlando)")
    XCTAssertEqual(state["period"] as? Int, 3)
    XCTAssertEqual(state["home_score"] as? Int, 70)
    XCTAssertEqual(state["away_score"] as? Int, 65)
    // 18 of 48 minutes to play: about 3/8 of a game's points still to come.
    let remaining = try XCTUnwrap(orlando["remaining"] as? [String: Any])
    let toCome = try XCTUnwrap(remaining["mean_total"] as? Double)
    XCTAssertTrue((60...110).contains(toCome), "\(remaining)")
    // Its page is priced in play too: the final score's picture, without the pre-game model's
    // scenarios and sensitivity (which a game under way does not run).
    let page = try await server.get("/game/8c95b58e16520c12308e0196b0c19198")
    XCTAssertEqual(page.status, 200)
    XCTAssertTrue(page.text.contains(#"<figure id="picture" class="chart">"#), String(page.text.prefix(500)))
    XCTAssertFalse(page.text.contains(#"<table id="sensitivity""#), "a game under way priced as before tip-off")
    // The board shows it live: the score and clock it was priced from, and the final projected.
    let boardPage = try await server.get("/")
    XCTAssertTrue(boardPage.text.contains(#"<strong class="live"> · live PHX 65, ORL 70, Q3 6:00</strong>"#), boardPage.text)
    XCTAssertTrue(boardPage.text.contains(" points to come)"), "the final projected beside the score")
    XCTAssertTrue(boardPage.text.contains("final (101-99): the game is over"), "a finished game says so in place of its lines")
    try await assertFairBetLiveShowsTheModel(server)
    let brooklyn = try XCTUnwrap(games.first { $0["game_id"] as? String == "5821188b8c12a7b49e0f069e3974e502" })
    XCTAssertEqual(brooklyn["error"] as? String, "final (101-99): the game is over")
    for other in games where !["8c95b58e16520c12308e0196b0c19198", "5821188b8c12a7b49e0f069e3974e502"].contains(other["game_id"] as? String) {
      XCTAssertNil(other["state"], "\(other["game_id"] ?? "")")
      XCTAssertNil(other["error"] as? String, "\(other["game_id"] ?? "")")
    }
  }

  /// FairBet's live game shows the model's in-play price beside the books' consensus: the state
  /// it was priced at, and on each full-game bet the model's chance (the two sides of a line
  /// summing to 1, to the 4 places shown), its fair price and the best price's EV on it; the
  /// pre-game catalogue carries none.
  func assertFairBetLiveShowsTheModel(_ server: TestServer) async throws {
    let games = try await server.get("/api/fairbet/live/games").body
    let list = try XCTUnwrap(JSONSerialization.jsonObject(with: games) as? [[String: Any]])
    let orlando = try XCTUnwrap(list.first { $0["home_team"] as? String == "Orlando Magic" }?["game_id"] as? Int, "\(list)")
    let answer = try await server.get("/api/fairbet/live?game_id=\(orlando)")
    XCTAssertEqual(answer.status, 200, answer.text)
    let state = try XCTUnwrap(answer.json["state"] as? [String: Any], String(answer.text.prefix(300)))
    XCTAssertEqual(state["clock"] as? String, "6:00")
    XCTAssertEqual(state["home_score"] as? Int, 70)
    let bets = answer.json.list("bets")
    let priced = bets.filter { $0["model_prob"] != nil }
    XCTAssertTrue(priced.contains { $0["market_key"] as? String == "totals" }, "\(bets.map { $0["market_key"] ?? "" })")
    XCTAssertTrue(priced.contains { $0["market_key"] as? String == "h2h" })
    for bet in priced {
      let p = try XCTUnwrap(bet["model_prob"] as? Double)
      XCTAssertTrue(p > 0 && p < 1, "\(bet)")
      XCTAssertNotNil(bet["model_fair_american_odds"] as? Int, "\(bet)")
      XCTAssertNotNil(bet["model_ev_percent"] as? Double, "\(bet)")
      // The other side of a two-way market: the game's total at the line, the other team.
      guard ["totals", "spreads", "h2h"].contains(bet["market_key"] as? String ?? ""),
        let other = priced.first(where: {
          $0["market_key"] as? String == bet["market_key"] as? String && $0["selection_key"] as? String != bet["selection_key"] as? String
            && abs(abs($0["line_value"] as? Double ?? 0) - abs(bet["line_value"] as? Double ?? 0)) < 1e-9
        })
      else { continue }
      XCTAssertEqual(p + (other["model_prob"] as? Double ?? 0), 1, accuracy: 1.01e-4, "\(bet["selection_key"] ?? "")")
    }
    let pregame = try await server.get("/api/fairbet/odds")
    XCTAssertFalse(pregame.text.contains("model_prob"), "before tip-off the catalogue has no model price")
  }
}
