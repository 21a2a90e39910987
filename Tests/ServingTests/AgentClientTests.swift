import Foundation
import OddsMath
import Serving
import XCTest

/// What the betting agent's clients require of simulate, batch and tonight, written from the
/// agent's public code (davisse/Stat-discute.be `betting-agent/src/api/server.py`,
/// `src/tools/monte_carlo.py`, the web page `frontend/src/app/betting/totals/page.tsx` and the
/// iOS integration guide's Swift types; docs/contracts.md "Betting agent"): its field names, its
/// units per endpoint, its roundings, its defaults and its advice rules.
final class AgentClientTests: XCTestCase {
  func testSimulateSendsTheAgentsNamesItsCorrelationAndItsAdvice() async throws {
    let server = try await serve()
    let body = try Fixture.resource("betting_agent_simulate_request.json")
    let reply = try await server.post("/api/monte-carlo/simulate", body)
    XCTAssertEqual(reply.status, 200, reply.text)
    let result = reply.json.object("result")
    let simulation = result.object("simulation")
    XCTAssertEqual(simulation.number("correlation_used"), 0.2, "the agent's code simulates this endpoint at 0.2")
    XCTAssertEqual(simulation.number("skewness_used"), 0)
    let inputs = simulation.object("inputs")
    XCTAssertEqual(inputs.number("t1_projection"), 112.5)
    XCTAssertEqual(inputs.number("t2_projection"), 108.3)
    XCTAssertEqual(inputs.number("t1_std_dev"), 10)
    XCTAssertEqual(inputs.number("t2_std_dev"), 10)
    XCTAssertEqual(inputs.number("total_line"), 220.5)
    let sensitivity = result.object("sensitivity")
    for key in ["t1_projection", "t2_projection"] {
      XCTAssertNotNil(sensitivity.object(key).number("sensitivity_per_point"), key)
    }
    for key in ["t1_std_dev", "t2_std_dev"] {
      XCTAssertNotNil(sensitivity.object(key).number("sensitivity_per_std"), key)
    }
    let summary = sensitivity.object("_summary")
    XCTAssertEqual(summary["most_sensitive"] as? String, "projections")
    XCTAssertNotNil(summary.number("projection_total_impact"))
    XCTAssertNotNil(summary.number("variance_total_impact"))
    // The agent's advice: its EV rule on its probabilities, fractions, quarter Kelly capped at 5%.
    let ev = result.object("ev_metrics")
    let pOver = (simulation.number("p_over")! * 10_000).rounded() / 10_000
    let pUnder = (simulation.number("p_under")! * 10_000).rounded() / 10_000
    // Every figure to 4 places, as the agent's code rounds them (numpy: multiply, half to even).
    func r4(_ x: Double) -> Double { (x * 10_000).rounded(.toNearestOrEven) / 10_000 }
    XCTAssertEqual(ev.number("ev_over")!, r4(pOver * 0.91 - pUnder), accuracy: 1e-12)
    XCTAssertEqual(ev.number("ev_under")!, r4(pUnder * 0.91 - pOver), accuracy: 1e-12)
    XCTAssertEqual(ev.number("implied_over")!, r4(1 / 1.91), accuracy: 1e-12)
    let recommendation = TotalsRecommendation(evOver: ev.number("ev_over")!, evUnder: ev.number("ev_under")!)
    XCTAssertEqual(ev["recommended_bet"] as? String, recommendation.rawValue)
    for key in ["kelly_over_fractional", "kelly_under_fractional"] {
      XCTAssertLessThanOrEqual(ev.number(key)!, 0.05, key)
    }
    // mcsim's own advice stays beside it, under its own name.
    XCTAssertNotNil(result.object("advice")["recommended_bet"])
  }

  func testBatchSendsFractionsWhereTheAgentDoesAndRoundsAsItDoes() async throws {
    let server = try await serve()
    let reply = try await server.post("/api/monte-carlo/batch", try Fixture.scenario("slate_batch.json"))
    XCTAssertEqual(reply.status, 200, reply.text)
    let games = reply.json.list("games")
    XCTAssertEqual(games.count, 13)
    var priced = 0
    for game in games {
      let id = game["game_id"] as? String ?? "?"
      let projected = try XCTUnwrap((game["projected"] as? NSNumber)?.doubleValue, id)
      XCTAssertEqual(projected, (projected * 10).rounded() / 10, "\(id): projected to 0.1")
      guard let mc = game["monte_carlo"] as? [String: Any], let ev = game["ev_metrics"] as? [String: Any] else {
        XCTAssertNotNil(game["error"], id)
        continue
      }
      priced += 1
      let pOver = (mc.number("p_over")! * 10_000).rounded() / 10_000
      let pUnder = (mc.number("p_under")! * 10_000).rounded() / 10_000
      let over = try XCTUnwrap(game.number("over_odds")), under = try XCTUnwrap(game.number("under_odds"))
      // ev and kelly as fractions (kelly at most 0.05), edge in percent to 1 place.
      XCTAssertEqual(ev.number("ev_over")!, ((pOver * (over - 1) - pUnder) * 10_000).rounded() / 10_000, accuracy: 1e-12, id)
      XCTAssertLessThanOrEqual(ev.number("kelly_over")!, 0.05, id)
      XCTAssertLessThanOrEqual(ev.number("kelly_under")!, 0.05, id)
      let edgeOver = pOver - 1 / over, edgeUnder = pUnder - 1 / under
      // numpy's round: multiply, round half to even, divide; to 4 places, then percent to 1.
      let r4 = (edgeOver * 10_000).rounded(.toNearestOrEven) / 10_000
      XCTAssertEqual(ev.number("edge_over")!, (r4 * 100 * 10).rounded(.toNearestOrEven) / 10, accuracy: 1e-12, id)
      // The agent's verdict rule on those edges; its recommendation on EV.
      let verdict = TotalsVerdict(
        edgeOver: (edgeOver * 10_000).rounded() / 10_000, edgeUnder: (edgeUnder * 10_000).rounded() / 10_000)
      XCTAssertEqual(game["verdict"] as? String, verdict.rawValue, id)
    }
    XCTAssertGreaterThan(priced, 10)
  }

  func testBatchUnderMcsimsPolicyWhenTheOperatorSaysSo() async throws {
    let agent = try await serve()
    let mcsim = try await serve { $0.pricing.agentAdvice = .mcsim }
    let body = try Fixture.scenario("slate_batch.json")
    let a = try await agent.post("/api/monte-carlo/batch", body).json.list("games")
    let m = try await mcsim.post("/api/monte-carlo/batch", body).json.list("games")
    var differ = 0
    for (x, y) in zip(a, m) {
      // Same simulation, same mcsim advice beside; only the agent's fields change hands.
      XCTAssertEqual((x["monte_carlo"] as? [String: Any])?.number("p_over"), (y["monte_carlo"] as? [String: Any])?.number("p_over"))
      XCTAssertEqual(
        (x["advice"] as? [String: Any])?["recommended_bet"] as? String,
        (y["advice"] as? [String: Any])?["recommended_bet"] as? String)
      let mcsimRecommendation = (y["advice"] as? [String: Any])?["recommended_bet"] as? String
      if let ev = y["ev_metrics"] as? [String: Any] { XCTAssertEqual(ev["recommended_bet"] as? String, mcsimRecommendation) }
      if (x["ev_metrics"] as? [String: Any])?["recommended_bet"] as? String
        != (y["ev_metrics"] as? [String: Any])?["recommended_bet"] as? String
      {
        differ += 1
      }
    }
    XCTAssertGreaterThan(differ, 0, "the two policies disagree somewhere on this slate")
  }

  /// The iOS integration guide's game type (its non-optional fields), with the plain snake_case
  /// keys its `CodingKeys` spell (the guide also sets `.convertFromSnakeCase`, which cannot work
  /// with those keys; docs/contracts.md says so).
  struct TotalsAnalysisGame: Decodable {
    let gameId: String
    let homeTeamId: Int
    let awayTeamId: Int
    let homeStd: Double
    let awayStd: Double
    let overOdds: Double
    let underOdds: Double
    let projected: Double
    let line: Double?
    let verdict: String
    let edge: Double?
    let monteCarlo: MonteCarlo?
    let evMetrics: EVMetrics?
    enum CodingKeys: String, CodingKey {
      case gameId = "game_id", homeTeamId = "home_team_id", awayTeamId = "away_team_id", homeStd = "home_std"
      case awayStd = "away_std", overOdds = "over_odds", underOdds = "under_odds", projected, line, verdict, edge
      case monteCarlo = "monte_carlo", evMetrics = "ev_metrics"
    }
  }

  struct MonteCarlo: Decodable {
    let pOver: Double
    let meanTotal: Double
    let percentiles: [String: Double]
    enum CodingKeys: String, CodingKey { case pOver = "p_over", meanTotal = "mean_total", percentiles }
  }

  struct EVMetrics: Decodable {
    let evOver: Double
    let evUnder: Double
    let edgeOver: Double
    let edgeUnder: Double
    let kellyOver: Double
    let kellyUnder: Double
    let recommendedBet: String
    enum CodingKeys: String, CodingKey {
      case evOver = "ev_over", evUnder = "ev_under", edgeOver = "edge_over", edgeUnder = "edge_under"
      case kellyOver = "kelly_over", kellyUnder = "kelly_under", recommendedBet = "recommended_bet"
    }
  }

  struct Tonight: Decodable {
    let success: Bool
    let games: [TotalsAnalysisGame]
  }

  /// `/api/tonight/totals` once the live source (the fixture feed, the server's clock on its
  /// night, projections as `configure` sets them) has been read.
  func tonightReply(_ configure: (inout LiveSourceConfiguration) -> Void) async throws -> TestServer.Reply {
    try await tonight(configure).reply
  }

  /// A server on the fixture feed (configured by `configure`) on the fixture night, and its
  /// first tonight answer once the live source has been read.
  func tonight(_ configure: (inout LiveSourceConfiguration) -> Void) async throws -> (server: TestServer, reply: TestServer.Reply) {
    let feed = Bundle.module.url(forResource: LiveSourceTests.feedName, withExtension: nil, subdirectory: "Resources")!.path
    var live = LiveSourceConfiguration(odds: feed)
    configure(&live)
    live.now = ISO8601DateFormatter().date(from: "2026-03-31T20:00:00Z")
    let server = try await serve { [live] in $0.live = live }
    var reply = try await server.get("/api/tonight/totals")
    try await waitFor("the live source's first read") {
      reply = try await server.get("/api/tonight/totals")
      return reply.status == 200
    }
    return (server, reply)
  }

  func testTonightListsTodaysGamesWithEveryFieldSortedByEdge() async throws {
    let stats = Fixture.projectRoot.appendingPathComponent("Scenarios/feed_team_stats.json").path
    let reply = try await tonightReply { $0.stats = stats }
    XCTAssertEqual(reply.status, 200)
    let tonight = try JSONDecoder().decode(Tonight.self, from: reply.body)
    // The fixture's eighth game is the next night's (Eastern): not tonight's.
    XCTAssertEqual(tonight.games.count, 7)
    XCTAssertTrue(reply.json.list("unmatched").contains { ($0["reason"] as? String)?.contains("after the day") == true })
    let raw = reply.json.list("games")
    for (game, object) in zip(tonight.games, raw) {
      for key in ["home_games", "away_games", "avg_pace", "bookmaker", "over_odds", "under_odds", "edge"] {
        XCTAssertTrue(object.keys.contains(key), "\(game.gameId): \(key)")
      }
      let mc = try XCTUnwrap(game.monteCarlo), line = try XCTUnwrap(game.line), ev = try XCTUnwrap(game.evMetrics)
      // round(round(mean_total, 1) - line, 1), numpy's way, exactly.
      func r1(_ x: Double) -> Double { (x * 10).rounded(.toNearestOrEven) / 10 }
      XCTAssertEqual(game.edge, r1(r1(mc.meanTotal) - line))
      // Percent here, as the agent's page shows them: kelly at most 5.0.
      XCTAssertLessThanOrEqual(ev.kellyOver, 5)
      XCTAssertEqual(ev.evOver, (ev.evOver * 100).rounded() / 100)
    }
    let edges = tonight.games.map { abs($0.edge ?? 0) }
    XCTAssertEqual(edges, edges.sorted(by: >))
  }

  /// `serve --results`: tonight's games projected from team ratings fitted on the shipped results
  /// as of the night, named in the methodology and in each game's warnings; 282 days after the
  /// last result, the answer and the health say the ratings are stale.
  func testTonightFromTeamRatings() async throws {
    let results = Fixture.projectRoot.appendingPathComponent("data/nba_games_lines.csv").path
    let (server, reply) = try await tonight { $0.results = results }
    let stale = "team ratings as of 2026-03-31 are stale: the last result is 2025-06-22, 282 days before"
    XCTAssertEqual(reply.json["warnings"] as? [String], [stale])
    let health = try await server.get("/api/health")
    let source = try XCTUnwrap(health.json["live"] as? [String: Any])
    XCTAssertEqual(source["warning"] as? String, stale)
    XCTAssertEqual(
      source["stats"] as? String, "team ratings from \(results) as of 2026-03-31, last result 2025-06-22 (282 days before: stale)")
    let tonight = try JSONDecoder().decode(Tonight.self, from: reply.body)
    XCTAssertEqual(tonight.games.count, 7)
    let methodology = try XCTUnwrap(reply.json["methodology"] as? [String: Any])
    XCTAssertTrue((methodology["projection"] as? String ?? "").hasPrefix("Team ratings fitted on the results before 2026-03-31"))
    for game in reply.json.list("games") {
      let notes = game["warnings"] as? [String] ?? []
      XCTAssertTrue(notes.contains { $0.contains("from team ratings as of 2026-03-31") }, "\(notes)")
    }
  }
}
