import UseCases
import XCTest

/// Team names resolve to one franchise by the directory's one rule, whatever the spelling; an
/// ambiguous or unknown name to none (the feeds' real names: LineFeedsTests' TeamNamesInFeedsTests).
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
}
