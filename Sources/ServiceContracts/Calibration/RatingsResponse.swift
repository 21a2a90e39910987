import Calibration

/// `mcsim ratings --json`, inside the success envelope:
/// `{"as_of", "season", "last_result", "days_since_last_result", "home_advantage", "half_life_days", "league_points", "back_to_back":
/// {"own", "opponent"}, "settings": {"half_life_days", "team_ridge", "carry", "league_ridge"},
/// "teams": [{"team", "offense", "defense", "rating", "games"}, ...]}`, teams from best to worst
/// rating. Points a game: offense and defense relative to the league (defense is points kept off
/// the board), rating = offense + defense, the net margin against an average team on a neutral
/// floor; `games` this season before `as_of`. `last_result` is the date of the last game before
/// `as_of`; more than 14 days before it, the envelope's `warnings` say the ratings are stale.
package struct RatingsResponse: Encodable, Sendable {
  package let ratings: TeamRatings

  package init(_ ratings: TeamRatings) { self.ratings = ratings }

  struct Team: Encodable {
    let team: String
    let offense: Double
    let defense: Double
    let rating: Double
    let games: Int
  }

  package func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: NamedKey.self)
    let r = ratings
    try c.encode(r.asOf, forKey: NamedKey("as_of"))
    try c.encode(r.season, forKey: NamedKey("season"))
    try c.encode(r.lastResult, forKey: NamedKey("last_result"))
    try c.encode(r.daysSinceLastResult, forKey: NamedKey("days_since_last_result"))
    try c.encode(r.homeAdvantage, forKey: NamedKey("home_advantage"))
    try c.encode(r.settings.halfLifeDays, forKey: NamedKey("half_life_days"))
    try c.encode(r.league, forKey: NamedKey("league_points"))
    var rest = c.nestedContainer(keyedBy: NamedKey.self, forKey: NamedKey("back_to_back"))
    try rest.encode(r.backToBackOwn, forKey: NamedKey("own"))
    try rest.encode(r.backToBackOpponent, forKey: NamedKey("opponent"))
    try c.encode(ModelDocument.Ratings(r.settings), forKey: NamedKey("settings"))
    try c.encode(
      r.ranked.map { Team(team: $0.team, offense: $0.offense, defense: $0.defense, rating: $0.rating, games: $0.games) },
      forKey: NamedKey("teams"))
  }
}
