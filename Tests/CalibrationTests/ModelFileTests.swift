import Calibration
import Foundation
import LineFeeds
import ServiceContracts
import Simulation
import XCTest

/// The model file round-trips and is refused, naming the key, when it is not one.
final class ModelFileTests: XCTestCase {
  func testRoundTrip() throws {
    let fit = try XCTUnwrap(ModelFit.fit(SyntheticLeague().games(3000, seed: 4), projection: .market))
    for kind in [Overtime.Kind.flat, .tie] {
      let document = ModelDocument(fit.model(overtime: kind), fit: fit, data: "synthetic", stage: "regular")
      let read = try ModelFile.decode(try ContractJSON.encode(document), source: "m.json")
      XCTAssertEqual(read.document, document)
      XCTAssertEqual(read.document.calibrated, fit.model(overtime: kind))
      XCTAssertEqual(read.document.calibrated.template.correlation, fit.regulation.rho.value)
    }
  }

  func testRefusals() throws {
    let valid = """
      {"version": 1, "model": {"home_sd": 12, "away_sd": 12, "rho": 0.3, "ot_model": "flat", "ot_rate": 0.06,
       "ot_points": 24, "ot_sd": 10, "skew": 0}, "projection": {"source": "market", "home_advantage": 0, "total_shift": -1}}
      """
    XCTAssertNoThrow(try ModelFile.decode(Data(valid.utf8), source: "m"))
    // A file with the ratings and pooling blocks (calibrate --projection ratings); the one above,
    // written before them, still loads (both optional).
    let withRatings = """
      "total_shift": -1, "ratings": {"half_life_days": 40, "team_ridge": 6, "carry": 0.7, "league_ridge": 2},
      "pooling": {"totals": 0.1, "spreads": 0.2, "moneylines": 0.3}
      """
    let rated = try ModelFile.decode(
      Data(valid.replacingOccurrences(of: "\"total_shift\": -1", with: withRatings).utf8), source: "m")
    XCTAssertEqual(rated.document.projection.ratings?.settings, RatingsSettings(halfLifeDays: 40, teamRidge: 6, carry: 0.7))
    XCTAssertEqual(rated.document.projection.pooling?.weights, PoolingWeights(totals: 0.1, spreads: 0.2, moneylines: 0.3))
    XCTAssertNil(try ModelFile.decode(Data(valid.utf8), source: "m").document.projection.pooling)
    let cases = [
      (valid.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2"), "field 'version' = 2"),
      (valid.replacingOccurrences(of: "\"rho\": 0.3", with: "\"rho\": 1.5"), "field 'model.rho'"),
      (valid.replacingOccurrences(of: "\"skew\": 0", with: "\"skew\": 0, \"colour\": 1"), "field 'model.colour': unknown key"),
      (valid.replacingOccurrences(of: "\"total_shift\": -1", with: "\"total_shift\": 1e9"), "projection.total_shift"),
      (valid.replacingOccurrences(of: "\"home_sd\": 12,", with: ""), "home_sd"),
      (valid.replacingOccurrences(of: "\"total_shift\": -1", with: withRatings.replacingOccurrences(of: "\"carry\": 0.7", with: "\"carry\": 1.7")),
       "field 'projection.ratings.carry' = 1.7"),
      (valid.replacingOccurrences(of: "\"total_shift\": -1", with: withRatings.replacingOccurrences(of: "\"carry\": 0.7", with: "\"carry\": 0.7, \"decay\": 1")),
       "field 'projection.ratings.decay': unknown key"),
      (valid.replacingOccurrences(of: "\"total_shift\": -1", with: withRatings.replacingOccurrences(of: "\"totals\": 0.1", with: "\"totals\": -0.1")),
       "field 'projection.pooling.totals' = -0.1"),
      ("{\"version\": 1,", "malformed JSON"),
    ]
    for (text, message) in cases {
      XCTAssertThrowsError(try ModelFile.decode(Data(text.utf8), source: "m")) { error in
        XCTAssertTrue("\(error)".contains(message), "\(error) should say \(message)")
      }
    }
  }
}
