import Foundation
import Multivariate
import OddsMath
import Simulation
import XCTest

/// Games simulated together with a league factor.
final class SlateFactorTests: XCTestCase {
  private let games: [(name: String, model: GameModel, line: Double)] = [
    ("a", GameModel(homeMean: 115, awayMean: 112), 226.5), ("b", GameModel(homeMean: 108, awayMean: 110), 217.5),
    ("c", GameModel(homeMean: 120, awayMean: 111), 229.5),
  ]

  /// Without a factor the games are independent: the number of overs follows the Poisson-binomial
  /// law of the games' own probabilities, each count within 4 SE.
  func testIndependentGamesGiveThePoissonBinomial() throws {
    let n = 400_000
    let f = try SlateFactor.evaluate(games: games, factor: 0, bets: nil, options: SimulationOptions(simulations: n, seed: 5, threads: 2))
    let p = f.overs.legProbabilities
    var law = [1.0]
    for q in p {
      var next = [Double](repeating: 0, count: law.count + 1)
      for (k, w) in law.enumerated() {
        next[k] += w * (1 - q)
        next[k + 1] += w * q
      }
      law = next
    }
    for (k, observed) in f.overs.wonDistribution.enumerated() {
      let se = (law[k] * (1 - law[k]) / Double(n)).squareRoot()
      XCTAssertLessThan(abs(observed - law[k]), 4 * se, "P(\(k) overs)")
    }
  }

  /// The factor's size, not only its sign: two games without overtime at factor 0.3 have totals
  /// correlated by 4 f sd^2 / Var(total) = 0.40, and P(both over) against the bivariate-normal
  /// value of scripts/parlay_reference.py (5: the totals' rounding as variance 1/6, checked on a
  /// marginal to 1.6e-6) within 4 SE. A factor applied once instead of per team pair (0.10), or
  /// squared (0.12), would miss it by more than 10 SE.
  func testFactorSizeMatchesTheBivariateNormalOfTheTotals() throws {
    var a = GameModel(homeMean: 115, awayMean: 112)
    var b = GameModel(homeMean: 108, awayMean: 110)
    a.overtime.kind = .none
    b.overtime.kind = .none
    let n = 400_000
    let f = try SlateFactor.evaluate(
      games: [("a", a, 226.5), ("b", b, 217.5)], factor: 0.3, bets: nil,
      options: SimulationOptions(simulations: n, seed: 17, threads: 2))
    let reference = 0.327054830492
    let se = (reference * (1 - reference) / Double(n)).squareRoot()
    XCTAssertEqual(f.overs.jointProbability, reference, accuracy: 4 * se)
    XCTAssertEqual(f.overs.legProbabilities[0], 0.5115132737, accuracy: 4 * (0.25 / Double(n)).squareRoot())
  }

  /// A positive factor leaves each game's own probability alone (within 4 SE of the
  /// independent run's, the two runs' errors added in quadrature) and raises P(all overs) above
  /// the product of the games' probabilities, by far more than its 4 SE.
  func testFactorCorrelatesTheGames() throws {
    let n = 400_000
    let options = SimulationOptions(simulations: n, seed: 6, threads: 2)
    let with = try SlateFactor.evaluate(games: games, factor: 0.3, bets: nil, options: options)
    let without = try SlateFactor.evaluate(games: games, factor: 0, bets: nil, options: options)
    for (a, b) in zip(with.overs.legProbabilities, without.overs.legProbabilities) {
      XCTAssertLessThan(abs(a - b), 4 * (2 * a * (1 - a) / Double(n)).squareRoot())
    }
    XCTAssertGreaterThan(with.overs.jointProbability - with.overs.independentProbability, 4 * with.overs.jointStandardError)
    XCTAssertThrowsError(try SlateFactor.evaluate(games: games, factor: 1.5, bets: nil, options: options)) {
      XCTAssertEqual(($0 as? InputError)?.field, "league_factor")
    }
  }
}
