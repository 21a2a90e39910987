import Simulation
import TestSupport
import XCTest

final class ScenarioSensitivityTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.statistical.require() }

  let model = GameModel(homeMean: 115, awayMean: 112, homeSD: 11, awaySD: 9, correlation: 0.3)
  let line = 226.5

  /// On common random numbers, +3 points a team moves every rounded score by exactly 3, so
  /// high_pace's P(over) is exactly the base run's P(total > line - 6).
  func testScenariosShareRandomNumbers() throws {
    let options = SimulationOptions(simulations: 200_000, seed: 3)
    let scenarios = try TotalsScenarios(model: model, line: line, options: options)
    XCTAssertEqual(scenarios.entries.map(\.variant), TotalsScenarios.Variant.allCases)
    var half = options
    half.simulations = 100_000
    let base = ScoreDistribution(histogram: try GameSimulator.simulate(model, options: half)).totals
    let entry = Dictionary(uniqueKeysWithValues: scenarios.entries.map { ($0.variant, $0) })
    XCTAssertEqual(entry[.base]!.pOver, base.probabilities(line: line).above)
    XCTAssertEqual(entry[.highPace]!.pOver, base.probabilities(line: line - 6).above)
    XCTAssertEqual(entry[.lowPace]!.pOver, base.probabilities(line: line + 6).above)
    XCTAssertEqual(entry[.highPace]!.meanTotal, base.mean + 6, accuracy: 1e-9)
    let unders = scenarios.entries.map(\.pUnder)
    XCTAssertEqual(scenarios.summary.pUnderSpread, unders.max()! - unders.min()!)
    // The tie model has no overtime rate to raise.
    var tie = model
    tie.overtime = Overtime(kind: .tie)
    XCTAssertFalse(TotalsScenarios.variants(of: tie).contains { $0.0 == .highOvertime })
  }

  /// The simulated central differences against the same differences of the exact distribution.
  /// Raising a projection moves every game's total up by the same amount, so with common random
  /// numbers games only cross the line one way: the difference is a binomial count of switches
  /// and its standard error sqrt(|dp| (1 - |dp|) / n). A wider sd moves games both ways, so the
  /// net count says nothing of the gross; there the bound is that of two independent runs,
  /// sqrt(2 p (1 - p) / n), which common random numbers only shrink.
  func testSensitivityMatchesExactDifferences() throws {
    let n = 1_000_000
    let s = try TotalsSensitivity(model: model, line: line, options: SimulationOptions(simulations: n, seed: 21))
    let step = TotalsSensitivity.relativeStep
    func exactUnder(_ change: (inout GameModel) -> Void) -> Double {
      var m = model
      change(&m)
      return ExactScoreDistribution.compute(m)!.totals.probabilities(line: line).below
    }
    let cases: [(TotalsSensitivity.Input, Double, Bool, (inout GameModel, Double) -> Void)] = [
      (.homeProjection, model.homeMean, true, { $0.homeMean = $1 }),
      (.awayProjection, model.awayMean, true, { $0.awayMean = $1 }),
      (.homeSD, model.homeSD, false, { $0.homeSD = $1 }),
      (.awaySD, model.awaySD, false, { $0.awaySD = $1 }),
    ]
    let parameters = Dictionary(uniqueKeysWithValues: s.parameters.map { ($0.input, $0) })
    for (name, x, monotone, set) in cases {
      let low = exactUnder { set(&$0, x * (1 - step)) }, high = exactUnder { set(&$0, x * (1 + step)) }
      let exactSlope = (high - low) / (2 * step * x)
      let p = try XCTUnwrap(parameters[name])
      let slope = try XCTUnwrap(p.sensitivityPerPoint ?? p.sensitivityPerStd)
      let dp = abs(p.pUnderHigh - p.pUnderLow), pu = p.pUnderLow
      let seDifference = monotone ? (dp * (1 - dp) / Double(n)).squareRoot() : (2 * pu * (1 - pu) / Double(n)).squareRoot()
      let se = seDifference / (2 * step * x)
      XCTAssertEqual(slope, exactSlope, accuracy: 4 * se, "\(name)")
    }
    XCTAssertEqual(s.ranking.dominant, .projection)
    XCTAssertNotNil(parameters[.homeProjection]?.sensitivityPerPoint)
    XCTAssertNotNil(parameters[.homeSD]?.sensitivityPerStd)
  }
}
