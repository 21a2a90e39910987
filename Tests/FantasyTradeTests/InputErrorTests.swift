import FantasyTrade
import Foundation
import ServiceContracts
import TestSupport
import XCTest

/// Bad input is refused with the field and the value named.
final class InputErrorTests: XCTestCase {
  func request(_ playerIn: String, round: String = "13") -> Data {
    Data(
      """
      {"player_in": \(playerIn),
       "player_out": {"price": 930000, "breakeven": 120, "proj_scores": [105, 110, 102, 108, 104], "is_red_dot": false},
       "round_number": \(round), "team_value": 15800000, "league_avg_value": 15200000}
      """.utf8)
  }

  func error(_ json: Data) -> TradeInputError? {
    do {
      _ = try JSONDecoder().decode(TradeRequest.self, from: json).validated()
      return nil
    } catch let error as DecodingError {
      return TradeInputError(error)
    } catch {
      return error as? TradeInputError
    }
  }

  func testWrongNumberOfProjectedScores() {
    for scores in ["[1, 2, 3, 4]", "[1, 2, 3, 4, 5, 6]", "[]"] {
      let e = error(request(#"{"price": 1000000, "breakeven": 100, "proj_scores": \#(scores), "is_red_dot": false}"#))
      XCTAssertEqual(e?.field, "player_in.proj_scores")
      guard case .wrongCount(_, let count, _)? = e else { return XCTFail("\(String(describing: e))") }
      XCTAssertEqual(count, scores.split(separator: ",").count == 1 && scores == "[]" ? 0 : scores.split(separator: ",").count)
    }
  }

  func testNegativeAndZeroPrices() {
    for price in ["-5", "0"] {
      let e = error(request(#"{"price": \#(price), "breakeven": 100, "proj_scores": [1, 2, 3, 4, 5], "is_red_dot": false}"#))
      XCTAssertEqual(e, .invalid(field: "player_in.price", value: price, reason: "must be greater than 0"))
    }
  }

  func testWrongTypeAndMissingField() {
    let typed = error(request(#"{"price": "a lot", "breakeven": 100, "proj_scores": [1, 2, 3, 4, 5], "is_red_dot": false}"#))
    XCTAssertEqual(typed?.field, "player_in.price")
    let missing = error(request(#"{"breakeven": 100, "proj_scores": [1, 2, 3, 4, 5], "is_red_dot": false}"#))
    XCTAssertEqual(missing, .missing(field: "player_in.price"))
    XCTAssertEqual(error(request(#"{"price": 1, "breakeven": 1, "proj_scores": [1, 2, 3, 4, 5]}"#, round: "-1"))?.field, "round_number")
  }

  func testNonFiniteAndOutOfRangeValues() {
    let cases: [(PlayerInput, String)] = [
      (PlayerInput(price: .nan, breakeven: 1, projScores: [1, 2, 3, 4, 5]), "price"),
      (PlayerInput(price: 1, breakeven: .infinity, projScores: [1, 2, 3, 4, 5]), "breakeven"),
      (PlayerInput(price: 1, breakeven: 1, projScores: [1, .nan, 3, 4, 5]), "proj_scores[1]"),
      (PlayerInput(price: 1, breakeven: 1, projScores: [1, 2, 3, 4, 5], scoreSD: -1), "score_sd"),
      (PlayerInput(price: 1, breakeven: 1, projScores: [1, 2, 3, 4, 5], missProbability: 1.5), "miss_probability"),
      (PlayerInput(price: 1, breakeven: 1, projScores: [1, 2, 3, 4, 5], ownership: 120), "ownership"),
      // Finite but too large for the score histograms.
      (PlayerInput(price: 1, breakeven: 1, projScores: [1e20, 2, 3, 4, 5]), "proj_scores[0]"),
      (PlayerInput(price: 1, breakeven: 1e308, projScores: [1, 2, 3, 4, 5]), "breakeven"),
      (PlayerInput(price: 2e9, breakeven: 1, projScores: [1, 2, 3, 4, 5]), "price"),
    ]
    for (input, field) in cases {
      XCTAssertThrowsError(try TradeRequest(playerIn: input, playerOut: input).validated()) {
        XCTAssertEqual(($0 as? TradeInputError)?.field, "player_in." + field)
      }
    }
  }

  /// Python's rounding and formatting edge cases, checked against CPython's own answers.
  func testPythonNumerics() {
    XCTAssertEqual(PythonNumerics.round(0.25, digits: 1), 0.2)  // exact tie: to even
    XCTAssertEqual(PythonNumerics.round(0.35, digits: 1), 0.3)  // 0.34999...
    XCTAssertEqual(PythonNumerics.round(0.45, digits: 1), 0.5)  // 0.45000...01
    XCTAssertEqual(PythonNumerics.round(-0.05, digits: 1), -0.1)
    XCTAssertEqual(PythonNumerics.round(1072.5), 1072)
    XCTAssertEqual(PythonNumerics.round(-1462.5), -1462)
    XCTAssertEqual(PythonNumerics.round(-0.04, digits: 1).sign, .minus)
    XCTAssertEqual(PythonNumerics.fixed1(-0.0), "-0.0")
    XCTAssertEqual(PythonNumerics.fixed1(0.05), "0.1")  // 0.05000000000000000277
    XCTAssertEqual(PythonNumerics.fixed1(2.25), "2.2")
    XCTAssertEqual(PythonNumerics.sum(Array(repeating: 0.1, count: 10)), 1.0)  // 3.12+: compensated
    XCTAssertEqual(PythonNumerics.sum([1e100, 1.0, -1e100]), 1.0)
    var rng = SplitMix64(seed: 4)
    for _ in 0..<100_000 {
      let x = (rng.unit() - 0.5) * pow(10, Double(rng.next() % 9))
      let half = (x * 20).rounded() / 20  // many exact and near ties
      for v in [x, half] {
        XCTAssertEqual(PythonNumerics.fixed1(v), String(format: "%.1f", v))
      }
    }
  }
}
