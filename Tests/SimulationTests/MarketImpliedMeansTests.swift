import Foundation
import Multivariate
import OddsMath
import Simulation
import XCTest

/// Projections that reproduce a market: the lines split the exact distribution in half.
final class MarketImpliedMeansTests: XCTestCase {
  func testTotalAndSpreadBecomeFairLines() throws {
    for (total, spread, kind) in [(224.5, -5.5, Overtime.Kind.flat), (211.5, 3.5, .tie), (230.5, -12.5, .none)] {
      let model = try MarketImpliedMeans.solve(
        total: total, spread: spread, model: GameModel(homeMean: 0, awayMean: 0, overtime: Overtime(kind: kind)))
      let exact = try XCTUnwrap(ExactScoreDistribution.compute(model))
      let t = exact.totals.probabilities(line: total), m = exact.margins.probabilities(line: -spread)
      XCTAssertEqual(t.above, t.below, accuracy: 1e-6, "\(kind) total")
      XCTAssertEqual(m.above, m.below, accuracy: 1e-6, "\(kind) spread")
      // Half a point of total moves P(over) by about phi(0) / sd(total) / 2 ~ 0.012: the solve is
      // far tighter than the line.
      XCTAssertEqual(model.homeMean - model.awayMean, -spread, accuracy: 1.5, "\(kind)")
      XCTAssertEqual(model.homeMean + model.awayMean, total, accuracy: 1.5, "\(kind)")
    }
  }

  /// A total of 1 and a spread of 0.5 cannot both be fair lines (the means are floored at 0):
  /// the bisections' fallback must not pass off unbalanced means as a solution.
  func testUnbalancedSolutionIsRefused() {
    XCTAssertThrowsError(try MarketImpliedMeans.solve(total: 1, spread: 0.5, model: GameModel(homeMean: 0, awayMean: 0))) {
      let field = ($0 as? InputError)?.field
      XCTAssertTrue(field == "total" || field == "spread", "\($0)")
    }
  }

  func testUnreachableMarketIsNamed() {
    XCTAssertThrowsError(try MarketImpliedMeans.solve(total: .nan, spread: 0, model: GameModel(homeMean: 0, awayMean: 0))) {
      XCTAssertEqual(($0 as? InputError)?.field, "total")
    }
    XCTAssertThrowsError(try MarketImpliedMeans.solve(total: 200, spread: 250, model: GameModel(homeMean: 0, awayMean: 0))) {
      XCTAssertEqual(($0 as? InputError)?.field, "spread")
    }
  }
}
