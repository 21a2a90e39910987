import Foundation
import ServiceContracts
import UseCases

/// Team stats computed from game results, in the format of data/nba_games_lines.csv
/// (Scenarios/nba_results_2023.csv: `season,date,home,away,home_score,away_score,...`; columns
/// found by name, so others may be absent or reordered; `season` optional).
///
/// For each team, over its games dated strictly before `asOf`:
/// - with `last` N: its N most recent games, whatever the season;
/// - without: the games of the season in progress at `asOf`, which is the season of the latest
///   game in the file before `asOf` (every stage counts: regular season, play-in, playoffs, cup).
/// ppg is the mean of its final scores (overtime included), opp_ppg the mean of its opponents',
/// sd the sample standard deviation (n - 1) of its scores, floored at 8 as the agent floored it;
/// with a single game there is no sd and the model's default applies. Team codes are resolved by
/// the team directory (franchise level). Unreadable rows are skipped and reported.
package enum ResultsStats {
  package struct Options: Sendable {
    /// Games on this date (YYYY-MM-DD, the file's local dates) or later are not used.
    package var asOf: String
    package var last: Int?

    package init(asOf: String, last: Int? = nil) {
      self.asOf = asOf
      self.last = last
    }
  }

  package static func compute(csv data: Data, options: Options, source: String) throws(InputDecodingError) -> TeamStatsTable {
    guard isDate(options.asOf) else {
      throw InputDecodingError("--as-of '\(options.asOf)': expected a date like 2025-01-15")
    }
    if let last = options.last, last < 1 {
      throw InputDecodingError("--last \(last): must be at least 1")
    }
    let text = String(decoding: data, as: UTF8.self)
    var lines = text.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }.makeIterator()
    guard let headerLine = lines.next() else { throw InputDecodingError("the results file is empty") }
    let header = headerLine.split(separator: ",", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    func column(_ name: String) throws(InputDecodingError) -> Int {
      guard let i = header.firstIndex(of: name) else {
        throw InputDecodingError("the results file has no '\(name)' column (header: \(header.joined(separator: ",")))")
      }
      return i
    }
    let date = try column("date"), home = try column("home"), away = try column("away")
    let homeScore = try column("home_score"), awayScore = try column("away_score")
    let season = header.firstIndex(of: "season")

    var table = TeamStatsTable(source: source)
    var games: [Game] = []
    var row = 1
    while let line = lines.next() {
      row += 1
      let f = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
      let needed = max(date, home, away, homeScore, awayScore, season ?? 0)
      guard f.count > needed else {
        table.skipped.append("row \(row): \(f.count) fields, needs at least \(needed + 1)")
        continue
      }
      guard isDate(f[date]) else {
        table.skipped.append("row \(row): date '\(f[date])' is not YYYY-MM-DD")
        continue
      }
      guard f[date] < options.asOf else { continue }
      guard let hs = Int(f[homeScore]), let aws = Int(f[awayScore]), hs >= 0, aws >= 0 else {
        table.skipped.append("row \(row): scores '\(f[homeScore])', '\(f[awayScore])' are not whole numbers")
        continue
      }
      guard !f[home].isEmpty, !f[away].isEmpty else {
        table.skipped.append("row \(row): a team code is empty")
        continue
      }
      games.append(Game(date: f[date], season: season.map { f[$0] }, home: f[home], away: f[away], homeScore: hs, awayScore: aws))
    }
    guard !games.isEmpty else {
      throw InputDecodingError("no game in the results file before \(options.asOf)")
    }
    games.sort { $0.date < $1.date }
    var pool = games
    if options.last == nil, season != nil, let current = games.last?.season {
      pool = games.filter { $0.season == current }
      table.source += ", season \(current) before \(options.asOf)"
    } else if let last = options.last {
      table.source += ", each team's last \(last) games before \(options.asOf)"
    } else {
      table.source += ", every game before \(options.asOf)"
    }

    // Each team's games, oldest first, as (scored, allowed).
    var byTeam: [String: [(Int, Int)]] = [:]
    var order: [String] = []
    for g in pool {
      for (team, scored, allowed) in [(g.home, g.homeScore, g.awayScore), (g.away, g.awayScore, g.homeScore)] {
        if byTeam[team] == nil { order.append(team) }
        byTeam[team, default: []].append((scored, allowed))
      }
    }
    for code in order.sorted() {
      var list = byTeam[code]!
      if let last = options.last { list = Array(list.suffix(last)) }
      let n = Double(list.count)
      let ppg = Double(list.reduce(0) { $0 + $1.0 }) / n
      let opp = Double(list.reduce(0) { $0 + $1.1 }) / n
      var sd: Double?
      if list.count >= 2 {
        let ss = list.reduce(0.0) { $0 + (Double($1.0) - ppg) * (Double($1.0) - ppg) }
        sd = max((ss / (n - 1)).squareRoot(), AgentProjection.minimumSD)
      }
      table.add(TeamStats(name: code, ppg: ppg, oppPPG: opp, sd: sd, games: list.count))
    }
    return table
  }

  private struct Game {
    let date: String
    let season: String?
    let home: String
    let away: String
    let homeScore: Int
    let awayScore: Int
  }

  /// YYYY-MM-DD in ASCII digits naming a day of the calendar (2007-11-31 is not one), which
  /// compares correctly as text.
  static func isDate(_ s: String) -> Bool {
    s.allSatisfy { $0 == "-" || ("0"..."9").contains($0) } && Timestamp.validCalendarDate(Substring(s))
  }
}
