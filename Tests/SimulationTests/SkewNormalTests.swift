import Foundation
import Simulation
import TestSupport
import XCTest

/// Skew-normal scores keep the projection and sd, take the requested skewness, and keep the
/// requested correlation. Tolerances are 4 standard errors at n = 10^6:
/// se(mean) = sd/sqrt n, se(sd) by the delta method from the sample's 4th moment, se(skewness) ~ sqrt(6/n), se(correlation) ~ (1 - r^2)/sqrt n.
final class SkewNormalTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.statistical.require() }

  func testMomentsOfSkewedScores() throws {
    let n = 1_000_000
    let model = GameModel(
      homeMean: 112, awayMean: 108, homeSD: 11, awaySD: 9, correlation: 0.3,
      overtime: Overtime(kind: .none), skewness: 0.19)
    let d = ScoreDistribution(histogram: try GameSimulator.simulate(model, options: SimulationOptions(simulations: n, seed: 8)))
    let home = d.homeScores, away = d.awayScores
    let rn = Double(n).squareRoot()
    XCTAssertEqual(home.mean, 112, accuracy: 4 * 11 / rn)
    XCTAssertEqual(away.mean, 108, accuracy: 4 * 9 / rn)
    // Rounding to integers adds 1/12 to the variance (Sheppard).
    XCTAssertEqual(home.standardDeviation, (121 + 1.0 / 12).squareRoot(), accuracy: 4 * home.standardErrorOfStandardDeviation(n: Double(n)))
    // Rounding shrinks the skewness by the variance ratio^(3/2), under 0.2% here.
    XCTAssertEqual(home.skewness, 0.19 * pow(121 / (121 + 1.0 / 12), 1.5), accuracy: 4 * (6 / Double(n)).squareRoot())
    XCTAssertEqual(away.skewness, 0.19 * pow(81 / (81 + 1.0 / 12), 1.5), accuracy: 4 * (6 / Double(n)).squareRoot())
    // Correlation of the rounded scores: cov / (sd_h sd_a) with the rounding variance added.
    var cov = 0.0
    for r in 0..<d.grid.homeBins {
      for c in 0..<d.grid.awayBins {
        let w = d.weights[r * d.grid.awayBins + c]
        cov += w * (Double(d.grid.homeMin + r) - home.mean) * (Double(d.grid.awayMin + c) - away.mean)
      }
    }
    let corr = cov / d.totalWeight / (home.standardDeviation * away.standardDeviation)
    let expected = 0.3 * 99 / ((121 + 1.0 / 12) * (81 + 1.0 / 12)).squareRoot()
    XCTAssertEqual(corr, expected, accuracy: 4 * (1 - expected * expected) / rn)
  }

  func testSkewParameterisation() {
    let s = SkewNormal(skewness: 0.19)
    let m = s.shift
    let skewness = (4 - Double.pi) / 2 * pow(m, 3) / pow(1 - m * m, 1.5)
    XCTAssertEqual(skewness, 0.19, accuracy: 1e-12)
    XCTAssertEqual(SkewNormal(skewness: -0.19).delta, -s.delta)
    XCTAssertEqual(SkewNormal(skewness: 0).delta, 0)
  }
}
