/// The betting agent's projection from team stats (docs/contracts.md, "Betting agent"):
///
///   home_projection = (home_ppg + away_opp_ppg) / 2
///   away_projection = (away_ppg + home_opp_ppg) / 2
///
/// each team's expected points being the mean of what it scores and what its opponent allows.
/// Team sds computed from results are floored at 8 points, as the agent floored them.
package enum AgentProjection {
  package static let minimumSD = 8.0

  package static func project(homePPG: Double, homeOppPPG: Double, awayPPG: Double, awayOppPPG: Double)
    -> (home: Double, away: Double)
  {
    ((homePPG + awayOppPPG) / 2, (awayPPG + homeOppPPG) / 2)
  }

  package static func project(home: TeamStats, away: TeamStats) -> (home: Double, away: Double) {
    project(homePPG: home.ppg, homeOppPPG: home.oppPPG, awayPPG: away.ppg, awayOppPPG: away.oppPPG)
  }
}
