import OddsMath
import XCTest

/// Fractional, Hong Kong and exact conversions, and the customary ladder.
final class OddsConversionTests: XCTestCase {
  func fraction(_ n: Int, _ d: Int) throws -> Fraction { try Fraction(n, d) }

  func testExactFractionalOdds() throws {
    XCTAssertEqual(try Odds(decimal: 1.91).fractional, try fraction(91, 100))
    XCTAssertEqual(try Odds(decimal: 2.5).fractional, try fraction(3, 2))
    XCTAssertEqual(try Odds(decimal: 1.0000001).fractional, try fraction(1, 10_000_000))
    XCTAssertEqual(try Odds(decimal: 201).fractional, try fraction(200, 1))
    XCTAssertEqual(try Odds(american: -110).fractional, try fraction(10, 11))
    XCTAssertEqual(try Odds(american: 150).fractional, try fraction(3, 2))
    XCTAssertEqual(try Odds(american: -105.5).fractional, try fraction(200, 211))
    XCTAssertEqual(try Odds(numerator: 6, denominator: 4).fractional, try fraction(3, 2))
    XCTAssertEqual(try Odds(probability: 0.4).fractional, try fraction(3, 2))
    XCTAssertEqual(try fraction(10, 11).description, "10/11")
  }

  /// A price survives every round trip: -110 stays -110, not -109.99999999999999.
  func testConversionsAreLossless() throws {
    for a in [-110.0, -105, -250, -10000, 100, 150, 333, 2500] {
      let odds = try Odds(american: a)
      XCTAssertEqual(odds.american, a, "\(a)")
      XCTAssertEqual(try Odds(fractional: odds.fractional).american, a, "\(a)")
      XCTAssertEqual(try Odds(fractional: odds.fractional), odds, "\(a)")
    }
    for d in [1.91, 1.005, 2.0, 3.75, 101.0, 1.0000001] {
      let odds = try Odds(decimal: d)
      XCTAssertEqual(try Odds(fractional: odds.fractional).decimal, d, "\(d)")
      XCTAssertEqual(try Odds(hongKong: odds.hongKong).decimal, d, "\(d)")
      XCTAssertEqual(try Odds(american: odds.american).decimal, d, accuracy: 4 * d.ulp, "\(d)")
    }
    XCTAssertEqual(try Odds(american: -110), try Odds(numerator: 10, denominator: 11))
    XCTAssertEqual(try Odds(hongKong: 0.91).decimal, 1.91)
    XCTAssertEqual(try Odds(decimal: 1.91).hongKong, 0.91, accuracy: 1e-15)
  }

  /// The bookmakers' ladder, nearest in log payout.
  func testCustomaryLadder() throws {
    XCTAssertEqual(try Odds(american: -110).customaryFractional, try fraction(10, 11))
    XCTAssertEqual(try Odds(decimal: 1.83).customaryFractional, try fraction(5, 6))
    XCTAssertEqual(try Odds(decimal: 2.62).customaryFractional, try fraction(13, 8))
    XCTAssertEqual(try Odds(decimal: 2.5).customaryFractional, try fraction(6, 4))
    XCTAssertEqual(try Odds(decimal: 1.67).customaryFractional, try fraction(4, 6))
    XCTAssertEqual(try Odds(decimal: 2.0).customaryFractional, try fraction(1, 1))
    XCTAssertEqual(try Odds(decimal: 1.001).customaryFractional, try fraction(1, 100))
    XCTAssertEqual(try Odds(decimal: 5000).customaryFractional, try fraction(100, 1))
  }

  func testParsingEveryFormat() throws {
    XCTAssertEqual(try Odds(parsing: "10/11").american, -110)
    XCTAssertEqual(try Odds(parsing: "5/2").decimal, 3.5)
    XCTAssertEqual(try Odds(parsing: "Evens").decimal, 2)
    XCTAssertEqual(try Odds(parsing: "evs").fractional, try fraction(1, 1))
    XCTAssertThrowsError(try Odds(parsing: "0/5")) { XCTAssertEqual($0 as? OddsError, .invalidFraction(0, 5)) }
    XCTAssertThrowsError(try Odds(parsing: "1/x")) { XCTAssertEqual($0 as? OddsError, .unparseable("1/x")) }
    XCTAssertThrowsError(try Odds(parsing: "")) { XCTAssertEqual($0 as? OddsError, .unparseable("")) }
    XCTAssertThrowsError(try Odds(parsing: "nan")) {
      guard case .invalidDecimal(let d) = $0 as? OddsError else { return XCTFail("\($0)") }
      XCTAssertTrue(d.isNaN)
    }
    XCTAssertThrowsError(try Odds(parsing: "-99")) { XCTAssertEqual($0 as? OddsError, .invalidAmerican(-99)) }
    XCTAssertThrowsError(try Odds(parsing: "1.0")) { XCTAssertEqual($0 as? OddsError, .invalidDecimal(1)) }
    XCTAssertThrowsError(try Odds(hongKong: 0)) { XCTAssertEqual($0 as? OddsError, .invalidHongKong(0)) }
    XCTAssertThrowsError(try Odds(american: .nan))
    XCTAssertThrowsError(try Fraction(3, -1))
  }

  func testAmericanDistanceCrossesEvenMoneyWithoutAGap() throws {
    XCTAssertEqual(try Odds(american: -105).americanDistance(to: try Odds(american: 105)), 10, accuracy: 1e-12)
    XCTAssertEqual(try Odds(american: -110).americanDistance(to: try Odds(american: -130)), 20, accuracy: 1e-12)
    XCTAssertEqual(try Odds(american: 250).americanDistance(to: try Odds(american: 100)), 150, accuracy: 1e-12)
  }
}
