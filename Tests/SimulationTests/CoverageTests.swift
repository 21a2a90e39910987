import Simulation
import TestSupport
import XCTest

/// The reported 95% interval for p_over must cover the exact p_over about 95% of the time.
/// 2,000 independent runs of 10,000 games: the coverage count is Binomial(2000, 0.95), sd
/// 9.7 runs, so [93%, 97%] is +/- 4.1 sd; a correct interval fails with probability < 1e-4,
/// and the seeds are fixed.
final class CoverageTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.statistical.require() }

  func testIntervalForPOverCoversTheExactValue() throws {
    let cases: [(GameModel, Double)] = [
      (GameModel(homeMean: 115, awayMean: 112), 225.5),
      (GameModel(homeMean: 108, awayMean: 104, homeSD: 12, awaySD: 9, correlation: -0.2, overtime: Overtime(kind: .tie)), 206),
    ]
    for (model, line) in cases {
      let exact = try XCTUnwrap(ExactScoreDistribution.compute(model)).totals.probabilities(line: line).above
      let runs = 2_000, n = 10_000
      var covered = 0
      for run in 0..<runs {
        let h = try GameSimulator.simulate(model, options: SimulationOptions(simulations: n, seed: 500_000 + UInt64(run), threads: 1))
        let p = ScoreDistribution(histogram: h).totals.probabilities(line: line).above
        let ci = ProportionInterval.wilson(p, n: Double(n))
        if ci.lower <= exact && exact <= ci.upper { covered += 1 }
      }
      let coverage = Double(covered) / Double(runs)
      XCTAssertGreaterThanOrEqual(coverage, 0.93, "line \(line)")
      XCTAssertLessThanOrEqual(coverage, 0.97, "line \(line)")
    }
  }
}
