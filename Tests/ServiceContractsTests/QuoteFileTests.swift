import Foundation
import ServiceContracts
import OddsMath
import XCTest
import UseCases

final class QuoteFileTests: XCTestCase {
  func testGoodQuotesDecodeAndBadOnesAreReportedAndSkipped() throws {
    let json = """
      {"quotes": [
        {"event": "BOS@MIA", "market": "total", "selection": "over", "line": 225.5, "book": "pinnacle",
         "price": "-110", "observed_at": "2026-04-01T18:00:00Z"},
        {"event": "BOS@MIA", "market": "h2h", "selection": "BOS", "book": "fanduel", "price": 1.62,
         "observed_at": 1775066400, "category": "main"},
        {"event": "BOS@MIA", "market": "total", "selection": "under", "line": 225.5,
         "price": "-110", "observed_at": "2026-04-01T18:00:00Z"},
        {"event": "BOS@MIA", "market": "total", "selection": "under", "line": 225.5, "book": "x",
         "price": "-95", "observed_at": "2026-04-01T18:00:00Z"},
        {"event": "BOS@MIA", "market": "total", "selection": "under", "line": "high", "book": "x",
         "price": "1.9", "observed_at": "2026-04-01T18:00:00Z"},
        {"event": "BOS@MIA", "market": "total", "selection": "under", "line": 225.5, "book": "x",
         "price": "1.9", "observed_at": "yesterday"},
        {"event": "BOS@MIA", "market": "player_points", "selection": "over", "line": 24.5, "book": "x",
         "price": "10/11", "observed_at": "2026-04-01T18:00:00.250Z"},
        42
      ]}
      """
    let decoded = try QuoteFile.decode(Data(json.utf8))
    XCTAssertEqual(decoded.quotes.count, 3)
    XCTAssertEqual(decoded.quotes[0].price.american, -110)
    XCTAssertEqual(decoded.quotes[0].line, 225.5)
    XCTAssertEqual(decoded.quotes[1].price.decimal, 1.62)
    XCTAssertNil(decoded.quotes[1].line)
    XCTAssertEqual(decoded.quotes[1].observedAt, Timestamp.parse("2026-04-01T18:00:00Z"))
    XCTAssertEqual(decoded.quotes[2].category, .playerProp)
    XCTAssertEqual(decoded.quotes[0].category, .main)
    XCTAssertEqual(decoded.rejected.map(\.index), [2, 3, 4, 5, 7])
    XCTAssertEqual(decoded.rejected[0].description, "quote 3: missing field 'book'")
    XCTAssertTrue(decoded.rejected[1].reason.hasPrefix("field 'price' = '-95': American odds"), decoded.rejected[1].reason)
    XCTAssertTrue(decoded.rejected[2].reason.hasPrefix("field 'line' = 'high'"), decoded.rejected[2].reason)
    XCTAssertTrue(decoded.rejected[3].reason.hasPrefix("field 'observed_at' = 'yesterday'"), decoded.rejected[3].reason)
    XCTAssertEqual(decoded.rejected[4].reason, "not a JSON object")
  }

  func testBareArrayAndWholeFileErrors() throws {
    let one = #"[{"event": "e", "market": "m", "selection": "s", "book": "b", "price": "2.0", "observed_at": 0}]"#
    XCTAssertEqual(try QuoteFile.decode(Data(one.utf8)).quotes.count, 1)
    XCTAssertThrowsError(try QuoteFile.decode(Data("{".utf8))) {
      guard case .notJSON = $0 as? QuoteFileError else { return XCTFail("\($0)") }
    }
    XCTAssertThrowsError(try QuoteFile.decode(Data(#"{"bets": []}"#.utf8))) {
      XCTAssertEqual($0 as? QuoteFileError, .noQuotes)
    }
  }

  /// The scenario shipped in Scenarios/quotes.json decodes whole and evaluates.
  func testShippedScenario() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "../../Scenarios/quotes.json")
    let decoded = try QuoteFile.decode(Data(contentsOf: url))
    XCTAssertGreaterThanOrEqual(decoded.quotes.count, 30)
    let report = FairOdds.evaluate(decoded.quotes, rejected: decoded.rejected, asOf: FairOdds.newest(decoded.quotes))
    XCTAssertTrue(report.bets.contains { $0.disabledReason == nil && $0.confidenceTier == .high })
    XCTAssertTrue(report.bets.contains { $0.disabledReason == .noPair })
    XCTAssertEqual(decoded.rejected.count, 1)
  }
}
