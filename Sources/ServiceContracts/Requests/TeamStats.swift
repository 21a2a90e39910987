import Foundation

/// A team's scoring: points per game, points allowed per game, and the sd of its points when
/// known. The input of the betting agent's projection.
package struct TeamStats: Hashable, Sendable {
  /// The name as the source gave it.
  package var name: String
  package var team: Team?
  package var ppg: Double
  package var oppPPG: Double
  /// Standard deviation of the team's points per game; nil when the source has none (the
  /// platform's /api/teams), and then the model's default sd applies.
  package var sd: Double?
  /// Games behind the figures, when known.
  package var games: Int?

  package init(name: String, team: Team? = nil, ppg: Double, oppPPG: Double, sd: Double? = nil, games: Int? = nil) {
    self.name = name
    self.team = team ?? TeamDirectory.resolve(name)
    self.ppg = ppg
    self.oppPPG = oppPPG
    self.sd = sd
    self.games = games
  }

  package var key: TeamKey { team.map { TeamKey($0.abbreviation) } ?? TeamKey(name) }
}

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
