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
