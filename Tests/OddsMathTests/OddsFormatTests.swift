import OddsMath
import XCTest

final class OddsFormatTests: XCTestCase {
  func testAmericanAndDecimalConvert() throws {
    XCTAssertEqual(try Odds(american: -110).decimal, 1 + 100.0 / 110, accuracy: 1e-15)
    XCTAssertEqual(try Odds(american: 150).decimal, 2.5)
    XCTAssertEqual(try Odds(decimal: 2.5).american, 150, accuracy: 1e-12)
    XCTAssertEqual(try Odds(decimal: 1.5).american, -200, accuracy: 1e-12)
    XCTAssertEqual(try Odds(parsing: "-110").american, -110, accuracy: 1e-12)
    XCTAssertEqual(try Odds(parsing: "+150").decimal, 2.5)
    XCTAssertEqual(try Odds(parsing: " 1.91 ").decimal, 1.91)
  }

  func testInvalidPricesCannotBeConstructed() {
    XCTAssertThrowsError(try Odds(decimal: 1)) { XCTAssertEqual($0 as? OddsError, .invalidDecimal(1)) }
    XCTAssertThrowsError(try Odds(decimal: .nan))
    XCTAssertThrowsError(try Odds(decimal: .infinity))
    XCTAssertThrowsError(try Odds(american: -99.5)) { XCTAssertEqual($0 as? OddsError, .invalidAmerican(-99.5)) }
    XCTAssertThrowsError(try Odds(american: 50))
    XCTAssertThrowsError(try Odds(parsing: "+50"))
    XCTAssertThrowsError(try Odds(parsing: "abc")) { XCTAssertEqual($0 as? OddsError, .unparseable("abc")) }
  }

  /// EV, edge and Kelly against hand-worked values, pushes included.
  func testBetEvaluation() throws {
    let even = try Odds(decimal: 2)
    let e = BetEvaluation(odds: even, probabilities: .init(win: 0.55, lose: 0.45))
    XCTAssertEqual(e.expectedValue, 0.10, accuracy: 1e-15)
    XCTAssertEqual(e.edge, 0.05, accuracy: 1e-15)
    XCTAssertEqual(e.fullKelly, 0.10, accuracy: 1e-15)  // (b p - q) / b with b = 1
    XCTAssertEqual(e.kellyStake(fraction: 0.25, cap: 0.05), 0.025, accuracy: 1e-15)
    XCTAssertEqual(e.kellyStake(fraction: 1, cap: 0.05), 0.05)
    // With a push: win .5, lose .4, push .1 at even money: f* = (.5 - .4) / .9.
    let p = BetEvaluation(odds: even, probabilities: .init(win: 0.5, lose: 0.4, push: 0.1))
    XCTAssertEqual(p.expectedValue, 0.1, accuracy: 1e-15)
    XCTAssertEqual(p.fullKelly, 0.1 / 0.9, accuracy: 1e-15)
    // A losing bet stakes nothing.
    XCTAssertEqual(BetEvaluation(odds: even, probabilities: .init(win: 0.4, lose: 0.6)).fullKelly, 0)
  }
}

/// Prices whose payout is too small for a decimal above 1 are refused, whatever the format.
final class OddsLimitTests: XCTestCase {
  func testVanishingPayoutsAreRefused() {
    XCTAssertThrowsError(try Odds(american: -1e18)) { XCTAssertEqual($0 as? OddsError, .invalidAmerican(-1e18)) }
    XCTAssertThrowsError(try Odds(hongKong: 1e-17))
    XCTAssertThrowsError(try Odds(numerator: 1, denominator: 1_000_000_000_000_000_000))
    XCTAssertThrowsError(try Odds(parsing: "-1e18"))
    XCTAssertEqual(try Odds(american: -1e6).decimal, 1.0001, accuracy: 1e-15)
  }
}
