import Calibration
import Simulation
import Foundation
import ServiceContracts

/// Games' points by quarter (data/nba_periods.csv: `season,date,home,away,home_q1..home_q4,
/// home_ot,away_q1..away_q4,away_ot,stage,...`), keyed by date, home and away to be joined to a
/// results file's games. Every row is checked: quarter points whole and in [0, 100]. The
/// half-time market's second-half lines are read where the file has the columns (`h2_total`,
/// `h2_spread_home`; an empty cell is no line).
package struct PeriodScoresFile: Sendable {
  package var scores: [String: QuarterScores]
  package var source: String

  static let quarterColumns = (1...4).map { "home_q\($0)" } + (1...4).map { "away_q\($0)" }
  static let columns = ["date", "home", "away"] + quarterColumns

  package static func key(date: String, home: String, away: String) -> String { "\(date)|\(home)|\(away)" }

  /// The quarter scores of `game`, if the file has it.
  package func scores(of game: HistoricalGame) -> QuarterScores? {
    scores[Self.key(date: game.date, home: game.home, away: game.away)]
  }

  package static func decode(_ data: Data, source: String) throws(InputDecodingError) -> PeriodScoresFile {
    var text = String(decoding: data, as: UTF8.self)
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
    guard let headerLine = lines.first else { throw InputDecodingError("\(source): the periods file is empty") }
    let header = headerLine.split(separator: ",", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    var index: [String: Int] = [:]
    for name in columns {
      guard let i = header.firstIndex(of: name) else {
        throw InputDecodingError("\(source): missing column '\(name)' (header: \(header.joined(separator: ",")))", codingPath: [name])
      }
      index[name] = i
    }
    var scores: [String: QuarterScores] = [:]
    for (n, line) in lines.dropFirst().enumerated() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
      let cells = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
      let row = n + 2
      guard cells.count == header.count else {
        throw InputDecodingError("\(source): line \(row): \(cells.count) cells where the header has \(header.count)")
      }
      var points: [Int] = []
      for name in quarterColumns {
        let cell = cells[index[name]!]
        guard let p = Int(cell), (0...100).contains(p) else {
          throw InputDecodingError("\(source): line \(row): field '\(name)' = '\(cell)': must be whole points in [0, 100]", codingPath: [name])
        }
        points.append(p)
      }
      // A half-time line: empty is none; anything else a number in range, as the lines a slate takes.
      var halfTime: [Double?] = []
      for (name, range) in [("h2_total", 0.0...500.0), ("h2_spread_home", -100.0...100.0)] {
        guard let i = header.firstIndex(of: name), !cells[i].isEmpty else {
          halfTime.append(nil)
          continue
        }
        guard let x = Double(cells[i]), range.contains(x) else {
          throw InputDecodingError(
            "\(source): line \(row): field '\(name)' = '\(cells[i])': must be empty or a number in [\(PlainNumber.text(range.lowerBound)), \(PlainNumber.text(range.upperBound))]",
            codingPath: [name])
        }
        halfTime.append(x)
      }
      scores[key(date: cells[index["date"]!], home: cells[index["home"]!], away: cells[index["away"]!])] =
        QuarterScores(home: Array(points[0..<4]), away: Array(points[4..<8]), halfTimeTotal: halfTime[0], halfTimeSpread: halfTime[1])
    }
    return PeriodScoresFile(scores: scores, source: source)
  }

  /// Reads `path` (a file, `-`, or a URL).
  package static func read(_ path: String) throws -> PeriodScoresFile {
    let source = InputSource(path)
    return try decode(try source.read(), source: source.description)
  }
}
