import Foundation
import OddsMath
import XCTest

/// Invariants, identities, closed forms, hard markets and refusals of the devig methods.
final class DevigTests: XCTestCase {
  func market(_ decimals: [Double]) throws -> Market {
    try Market(prices: decimals.map { try Odds(decimal: $0) })
  }

  /// Markets that break naive solvers: huge margins, a near-certainty, underround books, races.
  var hardMarkets: [[Double]] {
    [
      [1.005, 1.005], [1.01, 1.01], [1.0000001, 100], [100, 1.0000001], [1.001, 1.001, 1.001],
      [2.1, 2.05], [3.2, 3.3, 3.4], [1.5, 1000, 1000], [1.0001, 500, 900, 1000],
      [4, 4, 4, 4, 4],  // five equal outcomes, B = 1.25
      (0..<20).map { 3.5 + Double($0 * $0) * 0.6 },
      (0..<20).map { 22 + Double($0) },  // 20-runner underround field
    ]
  }

  /// A deterministic spread of ordinary markets with 2 to 8 outcomes (a fixed LCG, no RNG).
  var ordinaryMarkets: [[Double]] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53)
    }
    return (0..<300).map { i in
      let n = 2 + i % 7
      let weights = (0..<n).map { _ in 0.05 + next() }
      let total = weights.reduce(0, +)
      let booksum = 0.9 + 0.3 * next()  // underround to 20% overround
      return weights.map { total / ($0 * booksum) }.map { max($0, 1.0001) }
    }
  }

  func testProbabilitiesSumToOneStayInsideAndKeepTheOrder() throws {
    for decimals in hardMarkets + ordinaryMarkets {
      let m = try market(decimals)
      for method in DevigMethod.allCases {
        let r = m.devig(method)
        let label = "\(method) \(decimals)"
        XCTAssertEqual(r.probabilities.reduce(0, +), 1, accuracy: 1e-12, label)
        XCTAssertEqual(r.margin, m.overround, label)
        XCTAssertEqual(r.outcomes, m.outcomes, label)
        if method == .additive, !r.warnings.isEmpty { continue }
        XCTAssertTrue(r.warnings.isEmpty, label)
        for p in r.probabilities { XCTAssertTrue(p > 0 && p < 1, "\(label): \(p)") }
        for i in decimals.indices {
          for j in decimals.indices where decimals[i] < decimals[j] {
            XCTAssertGreaterThanOrEqual(r.probabilities[i], r.probabilities[j], label)
          }
        }
      }
    }
  }

  /// Only additive can leave (0, 1), and then it says so, naming the outcome.
  func testAdditiveWarnsAboutNegativeProbabilities() throws {
    let race = try market([1.4, 2.5, 20, 40, 60])  // margin 0.206 -> 0.041 per runner
    let r = race.devig(.additive)
    XCTAssertEqual(r.warnings.count, 2)
    guard r.warnings.count == 2 else { return }
    XCTAssertEqual(r.warnings[0], .probabilityOutOfRange(outcome: "4", probability: r.probabilities[3]))
    XCTAssertLessThan(r.probabilities[4], 0)
    XCTAssertGreaterThan(r.probabilities[2], 0)
    XCTAssertNil(r.fairOdds[4])
    XCTAssertTrue(r.warnings[1].description.contains("'5'"))
    for method in DevigMethod.allCases where method != .additive {
      XCTAssertTrue(race.devig(method).warnings.isEmpty, "\(method)")
    }
  }

  /// Two outcomes: Shin's probabilities are the additive ones (closed form), for any margin.
  func testShinEqualsAdditiveForTwoOutcomes() throws {
    for decimals in (hardMarkets + ordinaryMarkets).filter({ $0.count == 2 }) {
      let m = try market(decimals)
      let shin = m.devig(.shin).probabilities
      let additive = m.devig(.additive).probabilities
      for (s, a) in zip(shin, additive) { XCTAssertEqual(s, a, accuracy: 1e-15, "\(decimals)") }
    }
  }

  /// The logit shift is the odds-ratio method: same probabilities and lambda = ln c, for any
  /// number of outcomes, although they are solved on different scales.
  func testLogarithmicCoincidesWithOddsRatio() throws {
    for decimals in hardMarkets + ordinaryMarkets {
      let m = try market(decimals)
      let logit = m.devig(.logarithmic)
      let ratio = m.devig(.oddsRatio)
      for (a, b) in zip(logit.probabilities, ratio.probabilities) {
        XCTAssertEqual(a, b, accuracy: 1e-13, "\(decimals)")
      }
      let lambda = try XCTUnwrap(logit.parameter)
      let c = try XCTUnwrap(ratio.parameter)
      XCTAssertEqual(lambda, log(c), accuracy: 1e-11 * max(1, abs(lambda)), "\(decimals)")
    }
  }

  /// Odds ratio for two outcomes: c = sqrt(o_1 o_2) with o = pi / (1 - pi) (Cheung 2015).
  func testOddsRatioClosedFormForTwoOutcomes() throws {
    let m = try market([1.83, 2.07])
    let o1 = (1 / 1.83) / (1 - 1 / 1.83)
    let o2 = (1 / 2.07) / (1 - 1 / 2.07)
    let r = m.devig(.oddsRatio)
    XCTAssertEqual(try XCTUnwrap(r.parameter), (o1 * o2).squareRoot(), accuracy: 1e-14)
    // Every outcome's odds shrink by the same ratio c.
    for (p, d) in zip(r.probabilities, [1.83, 2.07]) {
      let pi = 1 / d
      XCTAssertEqual((pi / (1 - pi)) / (p / (1 - p)), try XCTUnwrap(r.parameter), accuracy: 1e-12)
    }
  }

  /// Power keeps pi_i^k = p_i with one k; for an even market k = ln(1/n) / ln(pi).
  func testPowerExponentClosedFormForEqualPrices() throws {
    for (d, n) in [(1.005, 2), (1.91, 2), (2.8, 3), (1.001, 3)] {
      let r = try market(Array(repeating: d, count: n)).devig(.power)
      XCTAssertEqual(try XCTUnwrap(r.parameter), log(1 / Double(n)) / log(1 / d), accuracy: 1e-12 * log(1 / Double(n)) / log(1 / d))
      for p in r.probabilities { XCTAssertEqual(p, 1 / Double(n), accuracy: 1e-15) }
    }
  }

  /// A book without margin is already fair: every method returns the implied probabilities and
  /// its neutral parameter (k = 1, z = 0, c = 1, lambda = 0).
  func testAFairBookIsLeftAlone() throws {
    let m = try market([2, 4, 4])  // 0.5 + 0.25 + 0.25 = 1 exactly
    let neutral: [DevigMethod: Double] = [.power: 1, .shin: 0, .oddsRatio: 1, .logarithmic: 0]
    for method in DevigMethod.allCases {
      let r = m.devig(method)
      XCTAssertEqual(r.probabilities, [0.5, 0.25, 0.25], "\(method)")
      if let want = neutral[method] {
        XCTAssertEqual(try XCTUnwrap(r.parameter), want, accuracy: 1e-15, "\(method)")
      }
    }
  }

  /// Shin's z is the insiders' share: positive for an overround book, negative for an
  /// underround one; power's k is above 1 exactly when the book is overround.
  func testParametersFollowTheSignOfTheMargin() throws {
    let over = try market([2.5, 3.4, 2.9])
    let under = try market([3.2, 3.3, 3.4])
    XCTAssertGreaterThan(try XCTUnwrap(over.devig(.shin).parameter), 0)
    XCTAssertLessThan(try XCTUnwrap(under.devig(.shin).parameter), 0)
    XCTAssertGreaterThan(try XCTUnwrap(over.devig(.power).parameter), 1)
    XCTAssertLessThan(try XCTUnwrap(under.devig(.power).parameter), 1)
    XCTAssertLessThan(try XCTUnwrap(under.devig(.oddsRatio).parameter), 1)
  }

  /// Power and Shin move margin onto the longshot, compared with normalisation
  /// (the favourite-longshot bias correction).
  func testPowerAndShinShadeTheLongshot() throws {
    let m = try market([1.2, 4.8])
    let basic = m.devig(.multiplicative).probabilities[1]
    XCTAssertLessThan(m.devig(.power).probabilities[1], basic)
    XCTAssertLessThan(m.devig(.shin).probabilities[1], basic)
    XCTAssertLessThan(m.devig(.oddsRatio).probabilities[1], basic)
  }

  /// The textbook -110/-110 line: overround 4.76%, theoretical hold 4.545%.
  func testMarginAndHoldOfTheStandardLine() throws {
    let m = try Market(prices: [try Odds(american: -110), try Odds(american: -110)])
    XCTAssertEqual(m.booksum, 220.0 / 210, accuracy: 1e-15)
    XCTAssertEqual(m.overround, 10.0 / 210, accuracy: 1e-15)
    XCTAssertEqual(m.hold, 1.0 / 22, accuracy: 1e-15)  // 4.545%
    // Pinnacle's worked example: 1.952 both ways is a 2.46% margin.
    XCTAssertEqual(try market([1.952, 1.952]).overround, 0.0246, accuracy: 5e-5)
  }

  func testBadMarketsAndMethodNamesAreRefused() throws {
    let price = try Odds(decimal: 1.9)
    XCTAssertThrowsError(try Market(prices: [price])) { XCTAssertEqual($0 as? MarketError, .tooFewOutcomes(1)) }
    XCTAssertThrowsError(try Market(prices: [])) { XCTAssertEqual($0 as? MarketError, .tooFewOutcomes(0)) }
    XCTAssertThrowsError(try Market([("home", price), ("home", price)])) {
      XCTAssertEqual($0 as? MarketError, .duplicateOutcome("home"))
      XCTAssertEqual(($0 as? MarketError)?.description, "outcome 'home' appears more than once")
    }
    XCTAssertThrowsError(try Market(prices: [price, price], outcomes: ["a"])) {
      XCTAssertEqual($0 as? MarketError, .outcomeCountMismatch(names: 1, prices: 2))
    }
    XCTAssertThrowsError(try DevigMethod(name: "proportional")) {
      XCTAssertEqual($0 as? DevigError, .unknownMethod("proportional"))
      XCTAssertTrue(String(describing: $0).contains("odds-ratio"))
    }
    XCTAssertEqual(try DevigMethod(name: "Odds_Ratio"), .oddsRatio)
    XCTAssertEqual(try DevigMethod(name: "SHIN"), .shin)
    XCTAssertEqual(DevigMethod.default, .power)
  }

  /// (Its JSON shape: ServiceContractsTests' OddsResultShapeTests.)
  func testNamedOutcomes() throws {
    let m = try Market([("over", try Odds(decimal: 1.83)), ("under", try Odds(decimal: 2.07))])
    let r = m.devig(.shin)
    XCTAssertEqual(r.outcomes, ["over", "under"])
    XCTAssertEqual(r.namedParameter?.name, "z")
  }
}
