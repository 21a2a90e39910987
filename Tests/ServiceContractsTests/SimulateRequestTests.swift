import Foundation
import ServiceContracts
import Simulation
import XCTest

final class SimulateRequestTests: XCTestCase {
  /// The agent's published example request decodes with its values.
  func testPublishedRequestDecodes() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Scenarios/simulate_request.json")
    let r = try SimulateRequest.decode(try Data(contentsOf: url))
    XCTAssertEqual(r.homeProjection, 112.5)
    XCTAssertEqual(r.awayProjection, 108.3)
    XCTAssertEqual(r.totalLine, 220.5)
    XCTAssertEqual(r.nSims, 10_000)
    let model = r.model(base: GameModel(homeMean: 0, awayMean: 0, correlation: 0.2))
    XCTAssertEqual(model.homeMean, 112.5)
    XCTAssertEqual(model.correlation, 0.2)
    XCTAssertEqual(try r.market().overOdds.decimal, 1.91)
  }

  func testDefaultsApply() throws {
    let r = try SimulateRequest.decode(Data(#"{"home_projection": 110, "away_projection": 105, "total_line": 214.5}"#.utf8))
    XCTAssertEqual([r.homeStdDev, r.awayStdDev], [10, 10])
    XCTAssertEqual(try [r.market().overOdds.decimal, r.market().underOdds.decimal], [1.91, 1.91])
    XCTAssertEqual(r.nSims, 10_000)
  }

  func testErrorsNameTheField() {
    func message(_ json: String) -> String {
      do {
        _ = try SimulateRequest.decode(Data(json.utf8))
        return "decoded"
      } catch { return error.description }
    }
    XCTAssertEqual(message(#"{"home_projection": 110, "away_projection": 105}"#), "missing field 'total_line'")
    XCTAssertEqual(message(#"{"home_projection": "110", "away_projection": 105, "total_line": 1}"#), "field 'home_projection' must be a number")
    XCTAssertTrue(message(#"{"home_projection": 110,"#).hasPrefix("malformed JSON"))
    let bad = try? SimulateRequest.decode(Data(#"{"home_projection": 110, "away_projection": 105, "total_line": 214.5, "over_odds": 0.9}"#.utf8))
    XCTAssertThrowsError(try bad?.market()) { error in
      XCTAssertEqual((error as? InputError)?.field, "over_odds")
    }
  }

  /// A price written as a string is read by the one price rule, as in a slate file: "+150" is
  /// American (2.5), never the decimal 150 a string-to-number reading would make of it; a number
  /// stays decimal odds, and -110 as a number is refused with the hint to write it as a string.
  func testStringPricesAreReadByThePriceRule() throws {
    func market(_ over: String) throws -> TotalsMarket {
      try SimulateRequest.decode(Data(#"{"home_projection": 110, "away_projection": 105, "total_line": 214.5, "over_odds": \#(over)}"#.utf8))
        .market()
    }
    XCTAssertEqual(try market(#""+150""#).overOdds.decimal, 2.5)
    XCTAssertEqual(try market(#""-110""#).overOdds.decimal, 1 + 100 / 110.0, accuracy: 1e-12)
    XCTAssertEqual(try market(#""10/11""#).overOdds.decimal, 1 + 10 / 11.0, accuracy: 1e-12)
    XCTAssertEqual(try market(#""1.91""#).overOdds.decimal, 1.91)
    XCTAssertEqual(try market("2.5").overOdds.decimal, 2.5)
    XCTAssertThrowsError(try market("-110")) { error in
      XCTAssertEqual((error as? InputError)?.field, "over_odds")
      XCTAssertEqual((error as? InputError)?.value, "-110")
    }
  }
}
