import Foundation
import Multivariate
import OddsMath
import Simulation
import TestSupport
import XCTest

/// Counts through the Gaussian copula (negative binomial, Poisson), against
/// scripts/parlay_reference.py part 4 (scipy's nbinom, poisson and multivariate_normal.cdf).
final class CountMarginTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.statistical.require() }

  /// The names a command line and a parlay file both take.
  func testNames() {
    XCTAssertEqual(CountMargin(named: "nb"), .negativeBinomial)
    XCTAssertEqual(CountMargin(named: "Negative_Binomial"), .negativeBinomial)
    XCTAssertEqual(CountMargin(named: "POISSON"), .poisson)
    XCTAssertEqual(CountMargin(named: "normal"), .normal)
    XCTAssertNil(CountMargin(named: "gamma"))
  }

  static let reference: [CountMargin: (alone: Double, withTeam: Double)] = [
    .negativeBinomial: (0.439250955134, 0.280887246173), .poisson: (0.456186884117, 0.289618551253),
  ]

  func testCopulaMarginsAgainstScipy() throws {
    let n = 1_000_000
    for (margin, exact) in Self.reference {
      var threes = PlayerProjection(name: "T", stat: .threes, team: .home, mean: 2.5, sd: 1.8, teamCorrelation: 0.4)
      threes.margin = margin
      let parlay = Parlay(
        games: [GameModel(homeMean: 115, awayMean: 112)], players: [threes],
        legs: [
          ParlayLeg(market: .teamTotal(.home, .over, line: 115.5), label: "home-over:115.5"),
          ParlayLeg(market: .player(name: "T", stat: .threes, .over, line: 2.5), label: "T:threes:over:2.5"),
        ])
      let r = try ParlayPricer.price(parlay, options: SimulationOptions(simulations: n, seed: 31, threads: 2))
      for (p, e, what) in [(r.legProbabilities[1], exact.alone, "alone"), (r.jointProbability, exact.withTeam, "with team")] {
        XCTAssertLessThan(abs(p - e), 4 * (e * (1 - e) / Double(n)).squareRoot(), "\(margin) \(what): \(p) vs \(e)")
      }
    }
  }

  /// The CDFs themselves, and the quantile they are inverted with.
  func testCDFsAndQuantile() {
    XCTAssertEqual(1 - CountMargin.poisson.cdf(2, mean: 2.5, sd: 1), 0.456186884117, accuracy: 1e-12)
    XCTAssertEqual(1 - CountMargin.negativeBinomial.cdf(2, mean: 2.5, sd: 1.8), 0.439250955134, accuracy: 1e-12)
    for p in [1e-12, 0.001, 0.02425, 0.3, 0.5, 0.9, 0.999999] {
      let x = NormalQuantile.of(p)
      XCTAssertEqual(0.5 * erfc(-x / 2.0.squareRoot()), p, accuracy: 1e-14 * max(1, p / 1e-3), "\(p)")
    }
  }

  /// A negative binomial needs overdispersion: refused, named.
  func testUnderdispersedNegativeBinomialIsRefused() {
    var p = PlayerProjection(name: "T", stat: .threes, team: .home, mean: 2.5, sd: 1.5)
    p.margin = .negativeBinomial
    XCTAssertEqual(p.problems().first?.field, "player[T threes].sd")
  }
}
