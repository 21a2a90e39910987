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
    XCTAssertEqual([r.homeStdDev, r.awayStdDev, r.overOdds, r.underOdds], [10, 10, 1.91, 1.91])
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
}
