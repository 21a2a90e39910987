import Simulation

/// The tonight endpoint's per-game facts, each only when known; `notes` appear as the game's `warnings`.
extension GameInfo: Encodable {
  enum WireKeys: String, CodingKey {
    case gameDate = "game_date", startTime = "start_time", homeTeam = "home_team", awayTeam = "away_team"
    case homeTeamID = "home_team_id", awayTeamID = "away_team_id", homePPG = "home_ppg"
    case homeOppPPG = "home_opp_ppg", homeStd = "home_std", awayPPG = "away_ppg"
    case awayOppPPG = "away_opp_ppg", awayStd = "away_std", live
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encodeIfPresent(gameDate, forKey: .gameDate)
    try c.encodeIfPresent(startTime, forKey: .startTime)
    try c.encodeIfPresent(homeTeam, forKey: .homeTeam)
    try c.encodeIfPresent(awayTeam, forKey: .awayTeam)
    try c.encodeIfPresent(homeTeamID, forKey: .homeTeamID)
    try c.encodeIfPresent(awayTeamID, forKey: .awayTeamID)
    try c.encodeIfPresent(homePPG, forKey: .homePPG)
    try c.encodeIfPresent(homeOppPPG, forKey: .homeOppPPG)
    try c.encodeIfPresent(homeStd, forKey: .homeStd)
    try c.encodeIfPresent(awayPPG, forKey: .awayPPG)
    try c.encodeIfPresent(awayOppPPG, forKey: .awayOppPPG)
    try c.encodeIfPresent(awayStd, forKey: .awayStd)
    try c.encodeIfPresent(live, forKey: .live)
  }
}
