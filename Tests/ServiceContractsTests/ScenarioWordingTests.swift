import Foundation
import ServiceContracts
import Simulation
import XCTest

/// The words of the agent's `scenarios` and `sensitivity` blocks, written by the contracts from
/// the engine's values: each variant's definition from the model it ran, each slope's
/// interpretation from its significance.
final class ScenarioWordingTests: XCTestCase {
  /// Each definition names the move with the values used (high_correlation raises rho by 0.15
  /// from any base; high_ot adds 0.04 to the game's rate), under the agent's names.
  func testDefinitionsSayWhatMoved() throws {
    for rho in [0.2, 0.5] {
      let model = GameModel(homeMean: 115, awayMean: 112, correlation: rho, overtime: Overtime(rate: 0.08))
      let scenarios = try TotalsScenarios(model: model, line: 226.5, options: SimulationOptions(simulations: 2_000, seed: 2))
      let words = Dictionary(uniqueKeysWithValues: scenarios.entries.map { ($0.variant.name, $0.definition(from: scenarios.base)) })
      XCTAssertEqual(
        Array(words.keys).sorted(),
        [
          "base", "high_correlation", "high_ot", "high_pace", "high_variance", "low_pace", "low_variance", "no_correlation",
          "skew_normal",
        ])
      XCTAssertEqual(words["high_correlation"], String(format: "rho +0.15: %.2f -> %.2f", rho, rho + 0.15))
      XCTAssertEqual(words["high_ot"], "overtime rate +0.04: 0.08 -> 0.12")
      XCTAssertEqual(words["high_pace"], "projections +3 points each: home 115.00 -> 118.00, away 112.00 -> 115.00")
      XCTAssertEqual(words["low_variance"], "sds x0.7: home 10.00 -> 7.00, away 10.00 -> 7.00")
      XCTAssertEqual(words["base"], "this game's model")
    }
  }

  /// A significant slope states its direction; one within 1.96 standard errors says it is not
  /// distinguishable from zero at the simulations run; both keys (mcsim's and the agent's) carry
  /// the same parameter.
  func testInterpretationsFollowSignificance() throws {
    let model = GameModel(homeMean: 115, awayMean: 112, homeSD: 11, awaySD: 9, correlation: 0.3)
    let s = try TotalsSensitivity(model: model, line: 226.5, options: SimulationOptions(simulations: 20_000, seed: 13))
    for p in s.parameters {
      XCTAssertEqual(p.interpretation.hasPrefix("Not distinguishable from zero at 20000 simulations"), !p.significant, p.interpretation)
      XCTAssertTrue(p.description.hasPrefix("Change in P(under) per point of the \(p.input.label), from +/-5% around"))
    }
    let home = try XCTUnwrap(s.parameters.first { $0.input == .homeProjection })
    XCTAssertTrue(home.significant)
    XCTAssertTrue(home.interpretation.hasPrefix("One more point of home projection lowers P(under) by"), home.interpretation)
    let json = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(s)) as? [String: Any])
    for p in s.parameters {
      let mine = try XCTUnwrap(json[p.input.name] as? [String: Any]), agent = try XCTUnwrap(json[p.input.agentName] as? [String: Any])
      XCTAssertEqual(mine["interpretation"] as? String, p.interpretation)
      XCTAssertEqual(agent["description"] as? String, p.description)
    }
    XCTAssertEqual((json["ranking"] as? [String: Any])?["dominant"] as? String, "projection")
  }

  /// Each condition of `conditional_scenarios` under its key with its words, in the engine's
  /// order, the margins the engine conditions on.
  func testConditionsAreNamedAndDescribed() throws {
    let model = GameModel(homeMean: 115, awayMean: 108, overtime: Overtime(rate: 0.06))
    let histogram = try GameSimulator.simulate(model, options: SimulationOptions(simulations: 2_000, seed: 3))
    let c = ConditionalScenarios(histogram: histogram, model: model, exact: nil, line: 224.5)
    XCTAssertEqual(c.entries.map(\.condition.name), ["home_win", "away_win", "close", "blowout", "regulation", "overtime"])
    XCTAssertEqual(
      c.entries.map(\.condition.description),
      ["home team wins", "away team wins", "|margin| <= 5", "|margin| >= 15", "no overtime", "went to overtime"])
    let json = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(c)) as? [String: Any])
    let given = try XCTUnwrap(json["given"] as? [String: [String: Any]])
    XCTAssertEqual(given["close"]?["description"] as? String, "|margin| <= 5")
    XCTAssertEqual(Set(given.keys), Set(ConditionalScenarios.Condition.allCases.map(\.name)))
  }
}
