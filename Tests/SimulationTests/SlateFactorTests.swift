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
