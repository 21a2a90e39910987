import Foundation
import OddsMath
import XCTest

final class KellyTests: XCTestCase {
  /// Expected log growth of stakes f on mutually exclusive outcomes (the rest keeps the bankroll).
  func growth(_ f: [Double], _ p: [Double], _ d: [Double]) -> Double {
    let kept = 1 - f.reduce(0, +)
    var g = (1 - p.reduce(0, +)) * log(kept)
    for i in p.indices { g += p[i] * log(kept + f[i] * d[i]) }
    return g
  }

  func testOneOutcomeReducesToTheSingleBetFormula() throws {
    let odds = try Odds(decimal: 2)
    let stakes = try SimultaneousKelly.stakes(probabilities: [0.55], odds: [odds])
    XCTAssertEqual(stakes[0], 0.10, accuracy: 1e-15)
    let single = BetEvaluation(odds: odds, probabilities: .init(win: 0.55, lose: 0.45))
    XCTAssertEqual(stakes[0], single.fullKelly, accuracy: 1e-15)
  }

  /// Two of three outcomes are worth backing together (worked by hand: R = 0.2 / (1 - 1/2.1 - 1/3.5)).
  func testSeveralOutcomesAtOnce() throws {
    let p = [0.5, 0.3, 0.2]
    let d = [2.1, 3.5, 3.8]
    let stakes = try SimultaneousKelly.stakes(probabilities: p, odds: d.map { try Odds(decimal: $0) })
    let r = 0.2 / (1 - 1 / 2.1 - 1 / 3.5)
    XCTAssertEqual(stakes[0], 0.5 - r / 2.1, accuracy: 1e-15)
    XCTAssertEqual(stakes[1], 0.3 - r / 3.5, accuracy: 1e-15)
    XCTAssertEqual(stakes[2], 0)
    // Optimal: no small move of any stake increases the expected log growth.
    let best = growth(stakes, p, d)
    for i in p.indices {
      for h in [-1e-4, 1e-4] {
        var moved = stakes
        moved[i] = max(0, moved[i] + h)
        XCTAssertLessThanOrEqual(growth(moved, p, d), best + 1e-15, "outcome \(i) by \(h)")
      }
    }
  }

  func testNothingToBackAndFractionsWithACap() throws {
    let odds = try [1.9, 1.9].map { try Odds(decimal: $0) }
    XCTAssertEqual(try SimultaneousKelly.stakes(probabilities: [0.5, 0.5], odds: odds), [0, 0])
    let p = [0.5, 0.3, 0.2]
    let d = try [2.1, 3.5, 3.8].map { try Odds(decimal: $0) }
    let full = try SimultaneousKelly.stakes(probabilities: p, odds: d)
    let quarter = try SimultaneousKelly.stakes(probabilities: p, odds: d, fraction: 0.25, cap: 1)
    for (q, f) in zip(quarter, full) { XCTAssertEqual(q, f / 4, accuracy: 1e-15) }
    let capped = try SimultaneousKelly.stakes(probabilities: p, odds: d, fraction: 1, cap: 0.05)
    XCTAssertEqual(capped.reduce(0, +), 0.05, accuracy: 1e-15)
    XCTAssertEqual(capped[0] / capped[1], full[0] / full[1], accuracy: 1e-12)
  }

  func testBadInputIsRefused() throws {
    let odds = try Odds(decimal: 2)
    XCTAssertThrowsError(try SimultaneousKelly.stakes(probabilities: [0.5], odds: [odds, odds])) {
      XCTAssertEqual($0 as? KellyError, .countMismatch(probabilities: 1, odds: 2))
    }
    XCTAssertThrowsError(try SimultaneousKelly.stakes(probabilities: [0.7, 0.6], odds: [odds, odds])) {
      guard case .probabilitiesExceedOne(let total) = $0 as? KellyError else { return XCTFail("\($0)") }
      XCTAssertEqual(total, 1.3, accuracy: 1e-15)
    }
    XCTAssertThrowsError(try SimultaneousKelly.stakes(probabilities: [.nan, 0.2], odds: [odds, odds]))
  }
}
