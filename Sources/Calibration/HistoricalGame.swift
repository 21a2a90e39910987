/// One game played: its final score, overtime and the closing lines, as a results file gives
/// them (`LineFeeds.GameResultsFile` reads a results file such as Scenarios/nba_results_2023.csv into these).
///
/// Regulation scores follow from the final score and the overtime points: a game that went to
/// overtime was level after regulation, so each team had (total - ot_points) / 2; a game that
/// did not is its final score.
package struct HistoricalGame: Hashable, Sendable {
  /// Where the game came from (the line of the file, 1 = header), for messages.
  package var line: Int
  /// Season label, `2023-24`.
  package var season: String
  /// `YYYY-MM-DD`, which orders as text.
  package var date: String
  package var home: String
  package var away: String
  package var homeScore: Int
  package var awayScore: Int
  package var overtime: Bool
  /// Points both teams scored in overtime together (0 without overtime).
  package var overtimePoints: Int
  /// The closing totals line, nil when the file has none.
  package var closeTotal: Double?
  /// The home team's closing spread (-3.5: home gives 3.5), nil when the file has none.
  package var closeSpreadHome: Double?
  /// Closing moneylines in American odds, nil when missing (the shared data lacks them from
  /// 2023-01-17).
  package var homeMoneyline: Double?
  package var awayMoneyline: Double?
  /// `regular`, `playoffs`, `playin`, `cup_final`.
  package var stage: String

  package init(
    line: Int, season: String, date: String, home: String, away: String, homeScore: Int, awayScore: Int,
    overtime: Bool, overtimePoints: Int, closeTotal: Double?, closeSpreadHome: Double?, homeMoneyline: Double?,
    awayMoneyline: Double?, stage: String
  ) {
    self.line = line
    self.season = season
    self.date = date
    self.home = home
    self.away = away
    self.homeScore = homeScore
    self.awayScore = awayScore
    self.overtime = overtime
    self.overtimePoints = overtimePoints
    self.closeTotal = closeTotal
    self.closeSpreadHome = closeSpreadHome
    self.homeMoneyline = homeMoneyline
    self.awayMoneyline = awayMoneyline
    self.stage = stage
  }

  package var total: Int { homeScore + awayScore }
  package var margin: Int { homeScore - awayScore }

  /// Each team's points at the end of regulation.
  package var regulationHome: Int { overtime ? (total - overtimePoints) / 2 : homeScore }
  package var regulationAway: Int { overtime ? (total - overtimePoints) / 2 : awayScore }

  /// Why these fields cannot be one real game, or nil: scores below 0, a tie without
  /// overtime, overtime points without overtime, overtime whose regulation total is odd (it
  /// ended level), whose points exceed the total, or whose level regulation score is above a
  /// final score (a team would have scored below 0 in overtime).
  package var inconsistency: String? {
    if homeScore < 0 || awayScore < 0 { return "a score below 0 (\(homeScore)-\(awayScore))" }
    if overtimePoints < 0 { return "ot_pts \(overtimePoints) below 0" }
    if overtime {
      if overtimePoints == 0 { return "ot 1 with ot_pts 0" }
      if overtimePoints > total || (total - overtimePoints) % 2 != 0
        || (total - overtimePoints) / 2 > min(homeScore, awayScore)
      {
        return "ot_pts \(overtimePoints) does not leave a level regulation score from \(homeScore)-\(awayScore)"
      }
      if homeScore == awayScore { return "an overtime game ended level (\(homeScore)-\(awayScore))" }
    } else {
      if overtimePoints != 0 { return "ot_pts \(overtimePoints) without overtime (ot 0)" }
      if homeScore == awayScore { return "a level final score (\(homeScore)-\(awayScore)) without overtime" }
    }
    return nil
  }
}
