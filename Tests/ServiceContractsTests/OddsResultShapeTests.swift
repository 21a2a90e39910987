import Foundation
import OddsMath
import ServiceContracts
import XCTest

/// The JSON shape the contracts give OddsMath's results: devig's named parameter, and the fair
/// odds report's keys (the replaced FairBet service's names).
final class OddsResultShapeTests: XCTestCase {
  func testDevigNamesItsParameter() throws {
    let m = try Market([("over", try Odds(decimal: 1.83)), ("under", try Odds(decimal: 2.07))])
    let r = m.devig(.shin)
    let json = try JSONSerialization.jsonObject(with: ContractJSON.encode(r)) as? [String: Any]
    XCTAssertEqual(json?["method"] as? String, "shin")
    XCTAssertEqual((json?["probabilities"] as? [Double])?.count, 2)
    XCTAssertNotNil(json?["margin"] as? Double)
    XCTAssertEqual(try XCTUnwrap(json?["z"] as? Double), try XCTUnwrap(r.parameter), accuracy: 1e-15)
    XCTAssertNil(json?["k"])
  }

  func testFairOddsKeepTheContractNames() throws {
    let now = Date(timeIntervalSince1970: 1_775_000_000)
    let quotes = try [("Pinnacle", "1.95", "1.93"), ("circa", "-105", "-115"), ("fanduel", "2.02", "1.80")].flatMap {
      book, over, under in
      try [("over", over), ("under", under)].map { selection, price in
        Quote(
          event: "BOS@MIA", market: "total", selection: selection, line: 225.5, book: book,
          price: try Odds(parsing: price), observedAt: now.addingTimeInterval(-300))
      }
    }
    let report = FairOdds.evaluate(quotes, asOf: now)
    let encoder = ContractJSON.encoder()
    let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: encoder.encode(report)) as? [String: Any])
    let bet = try XCTUnwrap((json["bets"] as? [[String: Any]])?.first)
    for key in ["ev_method", "ev_confidence_tier", "ev_disabled_reason", "reference_price", "fair_prob"] {
      XCTAssertTrue(bet.keys.contains(key), key)
    }
    XCTAssertEqual(bet["ev_method"] as? String, "sharp_consensus")
    let book = try XCTUnwrap((bet["books"] as? [[String: Any]])?.first)
    for key in ["ev_percent", "implied_prob", "true_prob", "is_sharp", "book", "price"] {
      XCTAssertTrue(book.keys.contains(key), key)
    }
    let explanation =
      try JSONSerialization.jsonObject(
        with: encoder.encode(report.explanation(of: report.bets[0]))) as? [String: Any]
    XCTAssertNotNil(explanation?["expected_profit"] as? Double)
  }
}
