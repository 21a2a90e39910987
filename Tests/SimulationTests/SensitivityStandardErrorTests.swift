import Simulation
import XCTest

final class SensitivityStandardErrorTests: XCTestCase {
  let model = GameModel(homeMean: 115, awayMean: 112, homeSD: 11, awaySD: 9, correlation: 0.3)
  let line = 226.5

  /// Each slope within 4 of its standard errors of the exact model's same central difference;
  /// the projections' standard error is the one-signed difference's exactly, the sds' the
  /// independent-runs bound; a direction is worded exactly when the slope is significant.
  func testSlopesCarryTheirStandardErrors() throws {
    for n in [10_000, 1_000_000] {
      let s = try TotalsSensitivity(model: model, line: line, options: SimulationOptions(simulations: n, seed: 13), exact: true)
      for (name, p) in s.parameters {
        let slope = try XCTUnwrap(p.sensitivityPerPoint ?? p.sensitivityPerStd)
        let exact = try XCTUnwrap(p.exactSensitivity, name)
        let value = name.hasPrefix("home") ? (name.hasSuffix("projection") ? model.homeMean : model.homeSD)
          : (name.hasSuffix("projection") ? model.awayMean : model.awaySD)
        let width = 2 * TotalsSensitivity.relativeStep * value
        let dp = abs(p.pUnderHigh - p.pUnderLow)
        if name.hasSuffix("projection") {
          XCTAssertFalse(p.standardErrorIsBound)
          XCTAssertEqual(p.standardError, (dp * (1 - dp) / Double(n)).squareRoot() / width, accuracy: 1e-15)
        } else {
          XCTAssertTrue(p.standardErrorIsBound)
          let bound = (p.pUnderLow * (1 - p.pUnderLow) + p.pUnderHigh * (1 - p.pUnderHigh)) / Double(n)
          XCTAssertEqual(p.standardError, bound.squareRoot() / width, accuracy: 1e-15)
        }
        XCTAssertLessThanOrEqual(abs(slope - exact), 4 * p.standardError, "\(name) at \(n)")
        XCTAssertEqual(p.significant, abs(slope) > 1.959963984540054 * p.standardError)
        XCTAssertEqual(p.interpretation.hasPrefix("Not distinguishable"), !p.significant, p.interpretation)
      }
      // A point of projection moves P(under) by about 2.5 points: significant even at 10^4.
      XCTAssertTrue(s.parameters.first { $0.name == "home_projection" }!.value.significant)
    }
  }

  /// Without `exact` (the server's default), no exact column.
  func testExactIsOptional() throws {
    let s = try TotalsSensitivity(model: model, line: line, options: SimulationOptions(simulations: 1000, seed: 1))
    XCTAssertTrue(s.parameters.allSatisfy { $0.value.exactSensitivity == nil })
  }
}
