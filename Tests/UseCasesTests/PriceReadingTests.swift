import OddsMath
import UseCases
import XCTest

/// The one rule every path reads a price by (`PriceReading`), against exact values.
final class PriceReadingTests: XCTestCase {
  func testTextReadsEveryFormatAndFlagsOnlyUnsignedNumbersOf100OrMore() throws {
    let cases: [(String, Double, Bool)] = [
      ("-110", 1 + 100.0 / 110, false), ("+150", 2.5, false), ("1.91", 1.91, false), ("10/11", 21.0 / 11, false),
      ("evens", 2, false), ("99.5", 99.5, false), ("100", 100, true), ("110", 110, true), (" 150 ", 150, true),
      ("250.0", 250, true), ("+110", 2.1, false), ("1e3", 1000, true),
    ]
    for (text, decimal, ambiguous) in cases {
      let r = try PriceReading(text)
      XCTAssertEqual(r.odds.decimal, decimal, accuracy: 1e-12, text)
      XCTAssertEqual(r.isAmbiguous, ambiguous, text)
      XCTAssertEqual(r.written, text.trimmingCharacters(in: .whitespaces), text)
    }
    XCTAssertThrowsError(try PriceReading("abc"))
    XCTAssertThrowsError(try PriceReading("-50"))
    XCTAssertThrowsError(try PriceReading("1.0"))
  }

  func testANumberIsDecimalAndAnAmericanLookingNegativeOneIsRefusedWithTheHint() throws {
    XCTAssertEqual(try PriceReading(number: 1.91).odds.decimal, 1.91)
    XCTAssertFalse(try PriceReading(number: 1.91).isAmbiguous)
    let long = try PriceReading(number: 110)
    XCTAssertTrue(long.isAmbiguous)
    XCTAssertEqual(long.written, "110")
    XCTAssertEqual(long.odds.decimal, 110)
    XCTAssertThrowsError(try PriceReading(number: -110)) { error in
      XCTAssertEqual(error as? PriceNumberError, .americanAsNumber("-110"))
      XCTAssertEqual("\(error)", #"a number is read as decimal odds; write American odds as a string, "-110""#)
    }
    XCTAssertThrowsError(try PriceReading(number: 0.5))
    XCTAssertThrowsError(try PriceReading(number: -1e300))
    XCTAssertThrowsError(try PriceReading(number: .nan))
  }

  func testANoticeIsMadeOnlyForAnAmbiguousPrice() throws {
    XCTAssertNil(AmbiguousPrice.of(try PriceReading("-110"), at: "--over-odds"))
    let notice = try XCTUnwrap(AmbiguousPrice.of(try PriceReading("110"), at: "--over-odds"))
    XCTAssertEqual(notice.field, "--over-odds")
    XCTAssertEqual(notice.reading.odds.decimal, 110)
  }
}
