import Calibration
import Foundation
import OddsMath
import ServiceContracts

/// Game results with closing lines, in the format of the shared NBA data
/// (Scenarios/nba_results_2023.csv is a slice of the 18 NBA seasons in it): a header naming the
/// columns, then one game per line, oldest first.
///
/// | column | content |
/// | --- | --- |
/// | `season`, `date` | `2023-24`; `YYYY-MM-DD`, never earlier than the line above |
/// | `home`, `away` | team codes, not empty and not equal |
/// | `home_score`, `away_score` | whole numbers >= 0, overtime included |
/// | `ot` | 0 or 1 |
/// | `close_total`, `close_spread_home` | numbers, or empty when the source has none |
/// | `home_ml`, `away_ml` | American odds (both or neither), empty when missing |
/// | `stage` | `regular`, `playoffs`, `playin`, `cup_final` (any other word is kept) |
/// | `ot_pts` | both teams' overtime points, 0 without overtime |
///
/// Columns are found by name (others may sit between them). A missing column refuses the file.
/// A bad row (wrong number of fields, a malformed date, a date before the row above, a score
/// that is not a whole number, a number that does not parse, an impossible game such as a tie
/// without overtime) refuses the file naming its line, unless `skipBadRows`, when every bad row
/// is reported (`skipped`, with its line number) and left out.
package struct GameResultsFile: Sendable {
  package var games: [HistoricalGame]
  /// Rows left out, `line 57: ...`, in file order (only with `skipBadRows`).
  package var skipped: [String]
  package var source: String

  package static let columns = [
    "season", "date", "home", "away", "home_score", "away_score", "ot", "close_total", "close_spread_home",
    "home_ml", "away_ml", "stage", "ot_pts",
  ]

  package static func decode(_ data: Data, source: String, skipBadRows: Bool = false) throws(InputDecodingError)
    -> GameResultsFile
  {
    var text = String(decoding: data, as: UTF8.self)
    // A spreadsheet's export may start with a byte-order mark and end lines with CR LF (one
    // Character in Swift, which a split on "\n" alone never finds).
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
      .makeIterator()
    guard let headerLine = lines.next(), !headerLine.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      throw InputDecodingError("\(source): the results file is empty")
    }
    let header = headerLine.split(separator: ",", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() }
    var index: [String: Int] = [:]
    for (i, name) in header.enumerated() where header[..<i].contains(name) {
      throw InputDecodingError("\(source): column '\(name)' appears twice in the header", codingPath: [name])
    }
    for name in columns {
      guard let i = header.firstIndex(of: name) else {
        throw InputDecodingError(
          "\(source): missing column '\(name)' (header: \(header.joined(separator: ",")))", codingPath: [name])
      }
      index[name] = i
    }
    let width = header.count
    var games: [HistoricalGame] = []
    var skipped: [String] = []
    var lineNumber = 1
    var lastDate = ""
    while let raw = lines.next() {
      lineNumber += 1
      let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
      if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
      let fields = line.split(separator: ",", omittingEmptySubsequences: false)
        .map { $0.trimmingCharacters(in: .whitespaces) }
      do throws(RowError) {
        let game = try Self.row(fields, width: width, index: index, line: lineNumber)
        if game.date < lastDate {
          throw RowError(column: "date", message: "date \(game.date) is before \(lastDate) on an earlier line (rows must be in date order)")
        }
        lastDate = game.date
        games.append(game)
      } catch {
        let message = "line \(lineNumber): \(error.message)"
        guard skipBadRows else {
          throw InputDecodingError(
            "\(source): \(message) (--skip-bad-rows leaves such rows out)", codingPath: ["line \(lineNumber)", error.column])
        }
        skipped.append(message)
      }
    }
    return GameResultsFile(games: games, skipped: skipped, source: source)
  }

  struct RowError: Error {
    let column: String
    let message: String
  }

  private static func row(_ f: [String], width: Int, index: [String: Int], line: Int) throws(RowError) -> HistoricalGame {
    guard f.count == width else {
      throw RowError(column: "", message: "\(f.count) fields, the header has \(width)")
    }
    func text(_ name: String) -> String { f[index[name]!] }
    func whole(_ name: String) throws(RowError) -> Int {
      guard let v = Int(text(name)), v >= 0 else {
        throw RowError(column: name, message: "\(name) '\(text(name))' is not a whole number >= 0")
      }
      return v
    }
    func number(_ name: String) throws(RowError) -> Double? {
      let t = text(name)
      if t.isEmpty { return nil }
      guard let v = Double(t), v.isFinite else {
        throw RowError(column: name, message: "\(name) '\(t)' is not a number")
      }
      return v
    }
    let date = text("date")
    guard ResultsStats.isDate(date) else {
      throw RowError(column: "date", message: "date '\(date)' is not YYYY-MM-DD")
    }
    let season = text("season")
    guard !season.isEmpty else { throw RowError(column: "season", message: "season is empty") }
    let home = text("home"), away = text("away")
    guard !home.isEmpty, !away.isEmpty, home != away else {
      throw RowError(column: "home", message: "teams '\(home)' and '\(away)' must be two different codes")
    }
    let homeScore = try whole("home_score"), awayScore = try whole("away_score")
    let ot = text("ot")
    guard ot == "0" || ot == "1" else { throw RowError(column: "ot", message: "ot '\(ot)' must be 0 or 1") }
    let otPoints = try whole("ot_pts")
    let total = try number("close_total")
    if let total, !(total > 0 && total < 1000) {
      throw RowError(column: "close_total", message: "close_total \(total) must be in (0, 1000)")
    }
    let spread = try number("close_spread_home")
    if let spread, !(abs(spread) < 200) {
      throw RowError(column: "close_spread_home", message: "close_spread_home \(spread) must be in (-200, 200)")
    }
    let homeML = try number("home_ml"), awayML = try number("away_ml")
    if (homeML == nil) != (awayML == nil) {
      throw RowError(column: "home_ml", message: "home_ml '\(text("home_ml"))' and away_ml '\(text("away_ml"))': give both or neither")
    }
    for (name, price) in [("home_ml", homeML), ("away_ml", awayML)] {
      if let price {
        do { _ = try Odds(american: price) } catch {
          throw RowError(column: name, message: "\(name) \(price): \(error)")
        }
      }
    }
    let stage = text("stage").lowercased()
    guard !stage.isEmpty else { throw RowError(column: "stage", message: "stage is empty") }
    let game = HistoricalGame(
      line: line, season: season, date: date, home: home, away: away, homeScore: homeScore, awayScore: awayScore,
      overtime: ot == "1", overtimePoints: otPoints, closeTotal: total, closeSpreadHome: spread,
      homeMoneyline: homeML, awayMoneyline: awayML, stage: stage)
    if let problem = game.inconsistency { throw RowError(column: "home_score", message: problem) }
    return game
  }
}
