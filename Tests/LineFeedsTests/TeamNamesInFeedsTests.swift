import Foundation
import LineFeeds
import UseCases
import XCTest

final class TeamNamesInFeedsTests: XCTestCase {
  /// Every team code of the shared results and every NBA team of the real feeds resolves, and the
  /// directory holds 30 distinct franchises.
  func testEveryRealNameResolves() throws {
    XCTAssertEqual(Set(TeamDirectory.nba.map(\.abbreviation)).count, 30)
    XCTAssertEqual(Set(TeamDirectory.nba.map(\.id)).count, 30)
    let csv = String(decoding: try Fixtures.scenario("nba_results_2023.csv"), as: UTF8.self)
    var codes = Set<String>()
    for line in csv.split(separator: "\n").dropFirst() {
      let f = line.split(separator: ",", omittingEmptySubsequences: false)
      codes.insert(String(f[2]))
      codes.insert(String(f[3]))
    }
    XCTAssertEqual(codes.count, 30)
    for code in codes { XCTAssertEqual(TeamDirectory.resolve(code)?.abbreviation, code) }
    for name in Fixtures.oddsAPI where name.contains("basketball_nba") {
      for event in try Fixtures.feed(name).events {
        XCTAssertNotNil(TeamDirectory.resolve(event.home!), event.label)
        XCTAssertNotNil(TeamDirectory.resolve(event.away!), event.label)
      }
    }
  }
}
