import Foundation
import LineFeeds
import ServiceContracts
import XCTest
import UseCases

final class TeamDirectoryTests: XCTestCase {
  func testVariantsResolveToOneTeam() {
    for name in ["LA Clippers", "Los Angeles Clippers", "LAC", "L.A. Clippers", "clippers", "  los angeles   CLIPPERS "] {
      XCTAssertEqual(TeamDirectory.resolve(name)?.abbreviation, "LAC", name)
    }
    for name in ["Philadelphia 76ers", "Sixers", "PHI", "76ers"] {
      XCTAssertEqual(TeamDirectory.resolve(name)?.abbreviation, "PHI", name)
    }
    XCTAssertEqual(TeamDirectory.resolve("Portland Trailblazers")?.abbreviation, "POR")
    XCTAssertEqual(TeamDirectory.resolve("New Jersey Nets")?.abbreviation, "BKN")
    XCTAssertEqual(TeamDirectory.resolve("BRK")?.abbreviation, "BKN")
    XCTAssertEqual(TeamDirectory.resolve("utah")?.abbreviation, "UTA")
    XCTAssertEqual(TeamDirectory.resolve("gs")?.abbreviation, "GSW")
    XCTAssertEqual(TeamDirectory.resolve("New Orleans Hornets")?.abbreviation, "NOP")
    XCTAssertEqual(TeamDirectory.resolve("Hornets")?.abbreviation, "CHA")
    XCTAssertEqual(TeamDirectory.resolve("1610612747")?.abbreviation, "LAL")
    XCTAssertEqual(TeamDirectory.team(id: 1610612747)?.fullName, "Los Angeles Lakers")
  }

  func testAmbiguousAndUnknownNamesResolveToNone() {
    XCTAssertNil(TeamDirectory.resolve("Los Angeles"))
    XCTAssertNil(TeamDirectory.resolve("LA"))
    XCTAssertNil(TeamDirectory.resolve("Buffalo Bills"))
    XCTAssertNil(TeamDirectory.resolve(""))
    // An unknown team still matches itself by name.
    XCTAssertEqual(TeamKey("RB Leipzig"), TeamKey("rb  leipzig"))
    XCTAssertNotEqual(TeamKey("RB Leipzig"), TeamKey("Leipzig"))
    XCTAssertEqual(TeamKey("LA Clippers"), TeamKey("LAC"))
  }

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
