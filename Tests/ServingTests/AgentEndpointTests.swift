import Foundation
import LineFeeds
import Simulation
import XCTest

/// The agent's simulate and batch endpoints, read with the agent's field names, against exact
/// answers.
final class AgentEndpointTests: XCTestCase {
  func testSimulateAnswersTheAgentsShapeWithinFourStandardErrorsOfTheExactModel() async throws {
    let server = try await serve()
    let reply = try await server.post(
      "/api/monte-carlo/simulate", Fixture.resource("betting_agent_simulate_request.json"))
    XCTAssertEqual(reply.status, 200, reply.text)
    XCTAssertEqual(reply.json["success"] as? Bool, true)
    let result = reply.json.object("result")
    for key in ["simulation", "ev_metrics", "direction", "our_probability", "our_ev", "our_kelly", "scenarios", "sensitivity"] {
      XCTAssertNotNil(result[key], "result.\(key)")
    }
    let simulation = result.object("simulation")
    for key in [
      "n_simulations", "p_over", "p_under", "p_push", "se_over", "se_under", "ci_95_over", "ci_95_under",
      "mean_total", "median_total", "std_total", "min_total", "max_total", "percentiles", "ot_games_simulated",
      "ot_games_pct", "correlation_used", "distribution", "inputs",
    ] {
      XCTAssertNotNil(simulation[key], "simulation.\(key)")
    }
    for key in ["p5", "p10", "p25", "p50", "p75", "p90", "p95"] {
      XCTAssertNotNil(simulation.object("percentiles")[key], "percentiles.\(key)")
    }
    XCTAssertEqual(simulation.number("n_simulations"), 10_000)
    // The request's model (sds 10, the agent's model otherwise: correlation 0.2, floor 70), exactly.
    let model = GameModel(homeMean: 112.5, awayMean: 108.3, homeSD: 10, awaySD: 10, correlation: 0.2, scoreFloor: 70)
    let exact = AnalyticSummary(distribution: try XCTUnwrap(ExactScoreDistribution.compute(model)), line: 220.5)
    let pOver = try XCTUnwrap(simulation.number("p_over"))
    let se = (exact.pOver * (1 - exact.pOver) / 10_000).squareRoot()
    XCTAssertEqual(pOver, exact.pOver, accuracy: 4 * se)
    // The agent's EV to 4 places, as its code rounds it.
    let evOver = (pOver * 0.91 - (1 - pOver)) * 10_000
    XCTAssertEqual(result.object("ev_metrics").number("ev_over") ?? .nan, evOver.rounded(.toNearestOrEven) / 10_000, accuracy: 1e-12)
    XCTAssertNil(result["analytic"] as? [String: Any], "the exact block is computed only when asked")
    let scenarios = result.object("scenarios")
    for name in [
      "base", "high_pace", "low_pace", "high_variance", "low_variance", "high_ot", "no_correlation",
      "high_correlation", "skew_normal", "_summary",
    ] {
      XCTAssertNotNil(scenarios[name], "scenarios.\(name)")
    }
    // Same body, same answer: the server's seed makes every request reproducible.
    let again = try await server.post(
      "/api/monte-carlo/simulate", Fixture.resource("betting_agent_simulate_request.json"))
    func withoutTiming(_ r: TestServer.Reply) -> NSDictionary {
      var result = r.json.object("result")
      var simulation = result.object("simulation")
      simulation["elapsed_ms"] = nil
      result["simulation"] = simulation
      return result as NSDictionary
    }
    XCTAssertEqual(withoutTiming(again), withoutTiming(reply))
  }

  /// mcsim's additions to simulate: a `state` prices the game in play (echoed, `remaining`
  /// added), `period_lines` prices periods still to come; a bad state or a started period is a
  /// 422 naming the field; a server without a quarter model refuses a state by name.
  func testSimulateTakesAStateAndPeriodLines() async throws {
    let quarters = ModelFile.shipped.modelSet(.shipped).resolve(for: nil).periods
    let server = try await serve { $0.pricing.periods = quarters }
    let body: [String: Any] = [
      "home_projection": 115, "away_projection": 112, "total_line": 222.5, "include_scenarios": false, "include_sensitivity": false,
      "state": ["period": 3, "clock": "7:12", "home_score": 78, "away_score": 71], "period_lines": ["q4": ["total": 55.5]],
    ]
    let reply = try await server.post("/api/monte-carlo/simulate", json: body)
    XCTAssertEqual(reply.status, 200, reply.text)
    let result = reply.json.object("result")
    XCTAssertEqual(result.object("state")["clock"] as? String, "7:12")
    let remaining = result.object("remaining")
    XCTAssertTrue((70...110).contains(remaining.number("mean_total") ?? 0), "\(remaining)")
    XCTAssertNotNil(result.object("periods").object("q4").number("p_over"))
    // The final score is at least the score so far.
    XCTAssertGreaterThan(result.object("simulation").number("min_total") ?? 0, 148)

    var bad = body
    bad["state"] = ["period": 3, "clock": "13:00", "home_score": 78, "away_score": 71]
    var refused = try await server.post("/api/monte-carlo/simulate", json: bad)
    XCTAssertEqual(refused.status, 422, refused.text)
    XCTAssertTrue(refused.text.contains("state.clock 13:00"), refused.text)
    bad = body
    bad["period_lines"] = ["q3": ["total": 55.5]]
    refused = try await server.post("/api/monte-carlo/simulate", json: bad)
    XCTAssertEqual(refused.status, 422, refused.text)
    XCTAssertTrue(refused.text.contains("period_lines") && refused.text.contains("has started"), refused.text)
    bad = body
    bad["state"] = ["period": "third", "clock": "7:12", "home_score": 78, "away_score": 71]
    refused = try await server.post("/api/monte-carlo/simulate", json: bad)
    XCTAssertEqual(refused.status, 422, refused.text)
    XCTAssertTrue(refused.text.contains("state.period"), refused.text)

    let bare = try await serve()
    refused = try await bare.post("/api/monte-carlo/simulate", json: body)
    XCTAssertEqual(refused.status, 422, refused.text)
    XCTAssertTrue(refused.text.contains("no quarter model"), refused.text)
  }

  func testSimulateLeavesOutScenariosAndSensitivityWhenNotAsked() async throws {
    let server = try await serve()
    let reply = try await server.post(
      "/api/monte-carlo/simulate",
      json: [
        "home_projection": 110, "away_projection": 110, "total_line": 220, "n_sims": 20_000,
        "include_scenarios": false, "include_sensitivity": false,
      ] as [String: Any])
    XCTAssertEqual(reply.status, 200, reply.text)
    let result = reply.json.object("result")
    XCTAssertNil(result["scenarios"])
    XCTAssertNil(result["sensitivity"])
    // A whole-number line can push: p_over + p_under + p_push = 1.
    let s = result.object("simulation")
    XCTAssertEqual((s.number("p_over") ?? 0) + (s.number("p_under") ?? 0) + (s.number("p_push") ?? 0), 1, accuracy: 1e-12)
    XCTAssertGreaterThan(s.number("p_push") ?? 0, 0)
  }

  func testBatchEvaluatesEveryGameAndReportsAGameWithoutALineForItself() async throws {
    let server = try await serve()
    var batch = try XCTUnwrap(JSONSerialization.jsonObject(with: Fixture.scenario("slate_batch.json")) as? [String: Any])
    var games = batch["games"] as! [[String: Any]]
    games[1]["total_line"] = NSNull()
    batch["games"] = games
    batch["n_sims"] = 20_000
    let reply = try await server.post("/api/monte-carlo/batch", json: batch)
    XCTAssertEqual(reply.status, 200, reply.text)
    XCTAssertEqual(reply.json["success"] as? Bool, true)
    XCTAssertEqual(reply.json.number("n_games"), 13)
    XCTAssertEqual(reply.json.number("n_sims_per_game"), 20_000)
    let out = reply.json.list("games")
    XCTAssertEqual(out.count, 13)
    XCTAssertTrue(out[1]["monte_carlo"] is NSNull)
    XCTAssertEqual(out[1]["error"] as? String, "No betting line available")
    XCTAssertEqual(out[1]["verdict"] as? String, "NO_LINE")
    for (i, game) in out.enumerated() where i != 1 {
      for key in ["game_id", "home_abbr", "away_abbr", "projected", "line", "monte_carlo", "ev_metrics", "verdict"] {
        XCTAssertNotNil(game[key], "games[\(i)].\(key)")
      }
      let mc = game.object("monte_carlo")
      let p = mc.number("p_over") ?? .nan
      XCTAssertEqual(p + (mc.number("p_under") ?? .nan), 1, accuracy: 1e-12, "a .5 line cannot push")
    }
    // A bad game is reported for itself, the rest are evaluated.
    games[2]["home_std_dev"] = -4
    batch["games"] = games
    let mixed = try await server.post("/api/monte-carlo/batch", json: batch)
    XCTAssertEqual(mixed.status, 200, mixed.text)
    let mixedGames = mixed.json.list("games")
    XCTAssertTrue((mixedGames[2]["error"] as? String ?? "").contains("home_std_dev"), "\(mixedGames[2])")
    XCTAssertNotNil(mixedGames[3]["monte_carlo"] as? [String: Any])
  }
}
