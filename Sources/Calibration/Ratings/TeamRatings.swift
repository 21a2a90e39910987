/// Team strength as of a date, from the results before it (`RatingsReplay`), in points a game:
///
///   home points = league + home_advantage / 2 + offense_home - defense_away + rest,
///   away points = league - home_advantage / 2 + offense_away - defense_home + rest,
///
/// rest = `backToBackOwn` for a team on the second night of a back-to-back (its own scoring)
/// and `backToBackOpponent` when its opponent is (its scoring against a tired defence).
/// Offense and defense are relative to the league (their means over the teams rated are 0;
/// defense counts points kept off the board, so higher is better); `rating` = offense +
/// defense is the net margin against an average team on a neutral floor.
package struct TeamRatings: Hashable, Sendable {
  package struct Team: Hashable, Sendable {
    package var team: String
    package var offense: Double
    package var defense: Double
    /// Games this team played this season before the date.
    package var games: Int
    /// Games it played in the file before the date, every season.
    package var gamesInFile: Int
    /// The day of its last game before the date (`YYYY-MM-DD`).
    package var lastGame: String?
    package var rating: Double { offense + defense }
  }

  /// The day rated (`YYYY-MM-DD`): only games before it count.
  package var asOf: String
  /// The season the last game before `asOf` belongs to.
  package var season: String?
  /// Points a team scores against an average team on a neutral floor.
  package var league: Double
  package var homeAdvantage: Double
  package var backToBackOwn: Double
  package var backToBackOpponent: Double
  /// Every team met before `asOf`, in order of first appearance.
  package var teams: [Team]
  package var settings: RatingsSettings
  /// The date of the last game before `asOf` (`YYYY-MM-DD`); nil when none is.
  package var lastResult: String?

  /// Days from the last result to `asOf` (1: the results reach the day before).
  package var daysSinceLastResult: Int? {
    guard let last = lastResult.flatMap(CivilDay.number), let day = CivilDay.number(asOf) else { return nil }
    return day - last
  }

  /// More days without a result than any break inside an NBA season (the All-Star break is about
  /// a week): the ratings are stale, last season's or older, and every output using them says so.
  package static let staleAfterDays = 14

  /// `daysSinceLastResult` when it is over `staleAfterDays`, else nil.
  package var staleDays: Int? { daysSinceLastResult.flatMap { $0 > Self.staleAfterDays ? $0 : nil } }

  /// The team's ratings, nil for a team not met before the date.
  package func team(_ code: String) -> Team? { teams.first { $0.team == code } }

  /// The projected points of `home` against `away` (nil where either has not played), each on the
  /// second night of a back-to-back or not.
  package func project(home: String, away: String, homeBackToBack: Bool = false, awayBackToBack: Bool = false)
    -> Projection?
  {
    guard let h = team(home), let a = team(away) else { return nil }
    let hb = homeBackToBack ? 1.0 : 0, ab = awayBackToBack ? 1.0 : 0
    return Projection(
      home: league + homeAdvantage / 2 + h.offense - a.defense + hb * backToBackOwn + ab * backToBackOpponent,
      away: league - homeAdvantage / 2 + a.offense - h.defense + ab * backToBackOwn + hb * backToBackOpponent)
  }

  /// Whether `team` played the day before `day` (`YYYY-MM-DD`): a back-to-back.
  package func backToBack(_ team: String, on day: String) -> Bool {
    guard let last = self.team(team)?.lastGame.flatMap(CivilDay.number), let d = CivilDay.number(day) else { return false }
    return last == d - 1
  }

  /// The teams from best to worst rating (ties by code).
  package var ranked: [Team] {
    teams.sorted { $0.rating != $1.rating ? $0.rating > $1.rating : $0.team < $1.team }
  }
}
