import Calibration
import Foundation
import LineFeeds
import ServiceContracts
import XCTest

/// Bad rows are named by their line and refuse the file, or with skipBadRows are each reported
/// and left out; a missing column always refuses it.
final class GameResultsFileTests: XCTestCase {
  let header = "season,date,home,away,home_score,away_score,ot,close_total,close_spread_home,home_ml,away_ml,stage,ot_pts"
  let good = [
    "2023-24,2023-10-24,DEN,LAL,119,107,0,233.5,-5.5,-218,180,regular,0",
    "2023-24,2023-10-25,BOS,NYK,108,104,1,220,-6,,,regular,14",
  ]

  func decode(_ rows: [String], skip: Bool = false) throws -> GameResultsFile {
    try GameResultsFile.decode(Data(([header] + rows).joined(separator: "\n").utf8), source: "t.csv", skipBadRows: skip)
  }

  func testReadsTheSharedFormat() throws {
    let f = try decode(good)
    XCTAssertEqual(f.games.count, 2)
    XCTAssertEqual(f.games[1].regulationHome, 99)
    XCTAssertEqual(f.games[1].regulationAway, 99)
    XCTAssertNil(f.games[1].homeMoneyline)
    XCTAssertEqual(f.games[0].line, 2)
  }

  func testEachBadRowIsNamedByItsLine() throws {
    let cases: [(String, String)] = [
      ("2023-24,2023-10-26,BOS,NYK,108.5,104,0,220,-6,,,regular,0", "line 4: home_score '108.5' is not a whole number"),
      ("2023-24,2023-10-26,BOS,NYK,108,104,0,220,-6,,regular,0", "line 4: 12 fields, the header has 13"),
      ("2023-24,2023-10-20,BOS,NYK,108,104,0,220,-6,,,regular,0", "line 4: date 2023-10-20 is before 2023-10-25"),
      ("2023-24,2023-13-xx,BOS,NYK,108,104,0,220,-6,,,regular,0", "line 4: date '2023-13-xx' is not YYYY-MM-DD"),
      ("2023-24,2023-11-31,BOS,NYK,108,104,0,220,-6,,,regular,0", "line 4: date '2023-11-31' is not YYYY-MM-DD"),
      ("2023-24,2023-10-26,BOS,NYK,104,104,0,220,-6,,,regular,0", "line 4: a level final score"),
      ("2023-24,2023-10-26,BOS,NYK,108,104,0,abc,-6,,,regular,0", "line 4: close_total 'abc' is not a number"),
      ("2023-24,2023-10-26,BOS,NYK,108,104,0,220,-6,-110,,regular,0", "line 4: home_ml '-110' and away_ml '': give both"),
      // Level at 105 after regulation: the away team would have scored -15 in overtime.
      ("2023-24,2023-10-26,BOS,NYK,130,90,1,220,-6,,,regular,10", "line 4: ot_pts 10 does not leave a level regulation score"),
    ]
    for (row, message) in cases {
      XCTAssertThrowsError(try decode(good + [row])) { error in
        XCTAssertTrue("\(error)".contains(message), "\(error) should say \(message)")
      }
      let skipped = try decode(good + [row, "2023-24,2023-10-27,MIA,ORL,100,90,0,210,-3,-150,130,regular,0"], skip: true)
      XCTAssertEqual(skipped.games.count, 3)
      XCTAssertEqual(skipped.skipped.count, 1)
      XCTAssertTrue(skipped.skipped[0].hasPrefix("line 4: "), skipped.skipped[0])
    }
  }

  /// A spreadsheet's export: a byte-order mark and CR LF line endings read as the plain file.
  func testByteOrderMarkAndCRLFLineEndings() throws {
    let text = "\u{FEFF}" + ([header] + good).joined(separator: "\r\n") + "\r\n"
    let f = try GameResultsFile.decode(Data(text.utf8), source: "t.csv")
    XCTAssertEqual(f.games.count, 2)
    XCTAssertEqual(f.games[1].awayScore, 104)
    let repeated = Data((header + ",stage\n" + good[0] + ",x").utf8)
    XCTAssertThrowsError(try GameResultsFile.decode(repeated, source: "t.csv")) { error in
      XCTAssertTrue("\(error)".contains("column 'stage' appears twice"), "\(error)")
    }
  }

  func testAMissingColumnRefusesTheFileEvenWhenSkipping() {
    let data = Data("season,date,home,away,home_score,away_score\n2023-24,2023-10-24,DEN,LAL,119,107\n".utf8)
    XCTAssertThrowsError(try GameResultsFile.decode(data, source: "t.csv", skipBadRows: true)) { error in
      XCTAssertTrue("\(error)".contains("missing column 'ot'"), "\(error)")
    }
  }
}
