/// The hyperparameters of team ratings (`RatingsReplay`): how fast old games fade and how hard
/// each team is held to its prior. `calibrate --projection ratings` chooses them by walk-forward
/// likelihood on its seasons (`RatingsTuning`) and writes them into the model file.
public struct RatingsSettings: Hashable, Sendable {
  /// A game's weight halves every `halfLifeDays` days before the date rated.
  public var halfLifeDays: Double
  /// The prior's weight on each team's offense and defense, in games of full weight.
  public var teamRidge: Double
  /// The share of last season's final offense and defense a team starts the season with (the
  /// rest is shrunk to the league's average, 0).
  public var carry: Double
  /// The prior's weight on the home advantage and the rest effects, in games, toward last
  /// season's values.
  public var leagueRidge: Double

  public init(halfLifeDays: Double, teamRidge: Double, carry: Double, leagueRidge: Double = 2) {
    self.halfLifeDays = halfLifeDays
    self.teamRidge = teamRidge
    self.carry = carry
    self.leagueRidge = leagueRidge
  }

  /// A first least-squares rating as a new user would try it: a 60-day half-life, a prior worth
  /// 5 games, half of last season carried.
  public static let untuned = RatingsSettings(halfLifeDays: 60, teamRidge: 5, carry: 0.5)

  /// The built-in ratings: the values `calibrate --projection ratings` chose on the shipped NBA
  /// data's seasons 2007-08 to 2017-18 (regular season), rounded. A model file's own win.
  public static let defaults = RatingsSettings(halfLifeDays: 39, teamRidge: 6.4, carry: 0.71)

  /// Why these settings cannot rate, or nil (each must be finite; the half-life and ridges
  /// above 0, the carry in [0, 1]).
  public var invalidField: (field: String, value: Double, reason: String)? {
    if !(halfLifeDays.isFinite && halfLifeDays > 0) { return ("half_life_days", halfLifeDays, "must be greater than 0") }
    if !(teamRidge.isFinite && teamRidge > 0) { return ("team_ridge", teamRidge, "must be greater than 0") }
    if !(carry.isFinite && carry >= 0 && carry <= 1) { return ("carry", carry, "must be in [0, 1]") }
    if !(leagueRidge.isFinite && leagueRidge > 0) { return ("league_ridge", leagueRidge, "must be greater than 0") }
    return nil
  }
}
