/// The hyperparameters of team ratings (`RatingsReplay`): how fast old games fade and how hard
/// each team is held to its prior. `calibrate --projection ratings` chooses them by walk-forward
/// likelihood on its seasons (`RatingsTuning`) and writes them into the model file.
package struct RatingsSettings: Hashable, Sendable {
  /// A game's weight halves every `halfLifeDays` days between its date and the day after the
  /// last game counted (time between games fades, a gap with no game after the last does not).
  package var halfLifeDays: Double
  /// The prior's weight on each team's offense and defense, in games of full weight.
  package var teamRidge: Double
  /// The share of last season's final offense and defense a team starts the season with (the
  /// rest is shrunk to the league's average, 0).
  package var carry: Double
  /// The prior's weight on the home advantage and the rest effects, in games, toward last
  /// season's values.
  package var leagueRidge: Double

  package init(halfLifeDays: Double, teamRidge: Double, carry: Double, leagueRidge: Double = 2) {
    self.halfLifeDays = halfLifeDays
    self.teamRidge = teamRidge
    self.carry = carry
    self.leagueRidge = leagueRidge
  }

  /// A first least-squares rating as a new user would try it: a 60-day half-life, a prior worth
  /// 5 games, half of last season carried.
  package static let untuned = RatingsSettings(halfLifeDays: 60, teamRidge: 5, carry: 0.5)

  /// The built-in ratings: the values `calibrate --projection ratings` chose on the shipped NBA
  /// data's seasons 2007-08 to 2017-18 (regular season), rounded. A model file's own win.
  package static let defaults = RatingsSettings(halfLifeDays: 39, teamRidge: 6.4, carry: 0.71)

  /// The ranges the tuning searches and a file may give: a half-life of 1 to 5,000 days, ridges
  /// of 0.001 to 10,000 games (a smaller one leaves offense and defense nearly unidentified).
  package static let halfLifeRange = 1.0...5000
  package static let ridgeRange = 1e-3...1e4

  /// Why these settings cannot rate, or nil.
  package var invalidField: (field: String, value: Double, reason: String)? {
    if !Self.halfLifeRange.contains(halfLifeDays) { return ("half_life_days", halfLifeDays, "must be in [1, 5000]") }
    if !Self.ridgeRange.contains(teamRidge) { return ("team_ridge", teamRidge, "must be in [0.001, 10000]") }
    if !(carry >= 0 && carry <= 1) { return ("carry", carry, "must be in [0, 1]") }
    if !Self.ridgeRange.contains(leagueRidge) { return ("league_ridge", leagueRidge, "must be in [0.001, 10000]") }
    return nil
  }
}
