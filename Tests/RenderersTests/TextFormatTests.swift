import Renderers
import XCTest

/// What a person reads: tables align, American odds carry their sign, percentages appear only
/// where the renderer writes them.
final class TextFormatTests: XCTestCase {
  func testTablesAlignTheFirstColumnLeftAndTheRestRight() {
    let text = OddsOutput.table(header: ["book", "price"], rows: [["pinnacle", "1.91"], ["dk", "10.5"]])
    XCTAssertEqual(text, "book      price\npinnacle   1.91\ndk         10.5")
  }

  func testAmericanOddsAreSignedWithAtMostTwoDecimals() {
    XCTAssertEqual(OddsOutput.american(150), "+150")
    XCTAssertEqual(OddsOutput.american(-110), "-110")
    XCTAssertEqual(OddsOutput.american(-109.8901), "-109.89")
    XCTAssertEqual(OddsOutput.american(100), "+100")
  }

  func testPercentAndProbabilityFormats() {
    XCTAssertEqual(OddsOutput.percent(0.0523), "5.23%")
    XCTAssertEqual(OddsOutput.probability(0.5), "0.5000")
    XCTAssertEqual(OddsOutput.decimal(1.909090909), "1.909")
  }

  func testNegativeAmericanPricesAfterTheSeparatorAreKept() {
    XCTAssertEqual(OddsOutput.priceArguments(["--", "-110", "+150"]), ["-110", "+150"])
  }
}

/// The slate's CSV: RFC 4180 quoting, and every EV, edge, Kelly and stake column says its unit.
final class SlateCSVTests: XCTestCase {
  func testEveryMoneyColumnNamesItsUnit() {
    let money = SlateCSV.header.filter {
      $0.hasPrefix("ev_") || $0.hasPrefix("edge_") || $0.hasPrefix("kelly_") || $0.hasPrefix("best_ev")
        || ($0.hasPrefix("stake_") && !$0.hasSuffix("_side")) || ($0.hasPrefix("advice_") && $0.contains("_ev"))
    }
    XCTAssertEqual(money.count, 23, "\(money)")
    for column in money {
      XCTAssertTrue(column.hasSuffix("_frac") || column.hasSuffix("_amount"), "\(column) does not name its unit")
    }
    XCTAssertEqual(Set(SlateCSV.header).count, SlateCSV.header.count, "a column named twice")
  }

  func testQuotingFollowsRFC4180() {
    XCTAssertEqual(SlateCSV.quote("BOS"), "BOS")
    XCTAssertEqual(SlateCSV.quote("a,b"), "\"a,b\"")
    XCTAssertEqual(SlateCSV.quote("say \"no\""), "\"say \"\"no\"\"\"")
    XCTAssertEqual(SlateCSV.quote("two\nlines"), "\"two\nlines\"")
  }

  func testAnEmptySlateIsTheHeaderAlone() {
    XCTAssertEqual(SlateCSV.render([]), SlateCSV.header.joined(separator: ",") + "\n")
  }
}
