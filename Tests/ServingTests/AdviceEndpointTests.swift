import Foundation
import XCTest

/// The server's answers carry the same advice as the CLI's, from the same engine: the exact
/// probability when the simulate request asks for the exact block, the simulation's interval
/// rule otherwise, the slate's stakes in a batch, and the server's own thresholds.
final class AdviceEndpointTests: XCTestCase {
  let body: [String: Any] = [
    "home_projection": 115, "away_projection": 112, "total_line": 225.5,
    "include_scenarios": false, "include_sensitivity": false,
  ]

  func testSimulateGradesOnTheExactProbabilityWhenAsked() async throws {
    // mcsim's policy in the agent's fields too (`serve --agent-advice mcsim`).
    let server = try await serve { $0.pricing.agentAdvice = .mcsim }
    var exact = body
    exact["include_exact"] = true
    let reply = try await server.post("/api/monte-carlo/simulate", json: exact)
    XCTAssertEqual(reply.status, 200, reply.text)
    let result = reply.json.object("result")
    let advice = result.object("advice")
    XCTAssertEqual(advice["probability_source"] as? String, "exact")
    let pOver = try XCTUnwrap(result.object("analytic").number("p_over"))
    XCTAssertEqual(result.object("ev_metrics").number("ev_over") ?? .nan, pOver * 1.91 - 1, accuracy: 1e-12)
    XCTAssertEqual(result.object("ev_metrics")["recommended_bet"] as? String, "BET_OVER")
    XCTAssertEqual(result["verdict"] as? String, "LEAN_OVER")

    // Without the exact block the simulation answers, with its interval and the simulations needed
    // (a server grades on the exact distribution only when asked: it costs 14 simulations).
    let simulated = try await server.post("/api/monte-carlo/simulate", json: body.merging(["n_sims": 200]) { $1 })
    let over = simulated.json.object("result").object("advice").object("over")
    XCTAssertEqual(over["probability_source"] as? String, "simulation")
    XCTAssertEqual(over["stake"] as? Double, 0)
    XCTAssertNotNil(over["ev_ci_95"])
  }

  /// A batch answers each game's stakes and the slate's total exposure; a server configured to
  /// trust its model stakes a bet the default withholds.
  func testBatchStakesFollowTheServersPolicy() async throws {
    let batch: [String: Any] = [
      "games": [
        [
          "game_id": "g1", "home_team_abbr": "BOS", "away_team_abbr": "MIA", "home_ppg": 126, "home_opp_ppg": 110,
          "away_ppg": 110, "away_opp_ppg": 124, "total_line": 225.5,
        ]
      ], "n_sims": 100_000,
    ]
    let strict = try await serve()
    let withheld = try await strict.post("/api/monte-carlo/batch", json: batch)
    XCTAssertEqual(withheld.status, 200, withheld.text)
    let game = try XCTUnwrap(withheld.json.list("games").first)
    XCTAssertEqual(game.object("advice").object("over")["withheld"] as? [String], ["model_market_disagree"])
    XCTAssertEqual((game["stakes"] as? [Any])?.count, 0)
    XCTAssertEqual(withheld.json.number("total_exposure"), 0)

    let trusting = try await serve {
      $0.pricing.advice.trustModel = true; $0.pricing.advice.bankroll = 500
    }
    let staked = try await trusting.post("/api/monte-carlo/batch", json: batch)
    let stakes = try XCTUnwrap(staked.json.list("games").first?["stakes"] as? [[String: Any]])
    XCTAssertEqual(stakes.count, 1)
    XCTAssertEqual(stakes[0]["side"] as? String, "over")
    let money = try XCTUnwrap(stakes[0]["stake"] as? Double)
    XCTAssertEqual(money, 500 * 0.05, accuracy: 1e-9)
    XCTAssertEqual(staked.json.number("total_exposure") ?? .nan, money, accuracy: 1e-9)
  }
}
