import Foundation
import ServiceContracts
import XCTest

/// The request types' own field lists: what the server's 422 names when a body does not decode.
final class FieldTypesTests: XCTestCase {
  func testSimulateRequestNamesEveryWrongAndMissingField() throws {
    let body = #"{"home_projection": "115", "n_sims": 10.5, "include_exact": 1, "over_odds": null, "extra": 3}"#
    let object = try JSONSerialization.jsonObject(with: Data(body.utf8)) as! [String: Any]
    let problems = SimulateRequest.fieldTypes.problems(in: object)
    XCTAssertEqual(
      problems.map { "\($0.field)=\($0.value): \($0.message)" },
      [
        "home_projection=115: field 'home_projection' must be a number",
        "away_projection=: missing field 'away_projection'",
        "total_line=: missing field 'total_line'",
        "n_sims=10.5: field 'n_sims' must be an integer",
        "include_exact=1: field 'include_exact' must be true or false",
      ])
    XCTAssertEqual(
      SimulateRequest.fieldNames,
      [
        "home_projection", "away_projection", "home_std_dev", "away_std_dev", "total_line", "over_odds", "under_odds",
        "n_sims", "include_scenarios", "include_sensitivity", "include_exact", "state", "period_lines",
      ])
  }

  func testNestedObjectsAndArraysAreNamedByPath() throws {
    let types = FieldTypes(fields: [
      ("games", .array), ("model", .object(FieldTypes(fields: [("rho", .number), ("ot_model", .string)]))),
    ])
    let object =
      try JSONSerialization.jsonObject(
        with: Data(#"{"games": {}, "model": {"rho": true, "ot_model": 2}}"#.utf8)) as! [String: Any]
    XCTAssertEqual(
      types.problems(in: object).map { "\($0.field)=\($0.value)" }, ["games={}", "model.rho=true", "model.ot_model=2"])
    XCTAssertEqual(types.names, ["games", "model"])
  }
}
