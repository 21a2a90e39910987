import Foundation
import Simulation

/// A props card's projections as a file gives them (`mcsim props --projections FILE`, read by
/// ServiceContracts' `PropsProjections`), before the rules that make them the engine's: the
/// game's projected points (optional where the command line gives them), each player's
/// projection per stat in the parlay file's player shape, and the box-score API's season averages
/// by team.
///
/// Season averages give points (`pts`), rebounds (`reb`), assists (`ast`) and PRA (their sum)
/// with the stat's default sd (`PlayerStat.defaultSDRatio` times the mean) and default
/// correlation; a player given in `players` too keeps his own projection for that stat.
package struct PropsDraft: Sendable {
  /// One player's season averages (`GET /api/players/{id}/season-averages`, the fields used).
  package struct SeasonAverages: Sendable {
    package var playerName: String
    package var pts: Double?
    package var reb: Double?
    package var ast: Double?
    package var gamesPlayed: Int?

    package init(playerName: String, pts: Double?, reb: Double?, ast: Double?, gamesPlayed: Int?) {
      self.playerName = playerName
      self.pts = pts
      self.reb = reb
      self.ast = ast
      self.gamesPlayed = gamesPlayed
    }
  }

  package var home: Double?
  package var away: Double?
  package var players: [ParlayDraft.Player]
  /// Season averages of the home team's players, then the away team's.
  package var homeAverages: [SeasonAverages]
  package var awayAverages: [SeasonAverages]

  package init(
    home: Double?, away: Double?, players: [ParlayDraft.Player], homeAverages: [SeasonAverages] = [],
    awayAverages: [SeasonAverages] = []
  ) {
    self.home = home
    self.away = away
    self.players = players
    self.homeAverages = homeAverages
    self.awayAverages = awayAverages
  }

  /// The engine's projections, errors naming `players[i].field` or
  /// `season_averages.home[i].pts`.
  package func projections() throws(InputError) -> [PlayerProjection] {
    var out: [PlayerProjection] = []
    for (i, p) in players.enumerated() { out.append(try ParlayDraft.projection(p, index: i, game: 0)) }
    for (team, list) in [(ParlayLeg.Team.home, homeAverages), (.away, awayAverages)] {
      for (i, a) in list.enumerated() {
        let field = "season_averages.\(team.rawValue)[\(i)]"
        var means: [(PlayerStat, Double?, String)] = [(.points, a.pts, "pts"), (.rebounds, a.reb, "reb"), (.assists, a.ast, "ast")]
        if let p = a.pts, let r = a.reb, let x = a.ast { means.append((.pra, p + r + x, "pts + reb + ast")) }
        for (stat, mean, key) in means {
          guard let mean else { continue }
          guard mean.isFinite, mean >= 0, mean <= PlayerProjection.maxMean else {
            throw .invalid(field: "\(field).\(key)", value: "\(mean)", reason: "must be in [0, \(Int(PlayerProjection.maxMean))]")
          }
          // A mean of 0 has no spread to speak of: such a player is not projected for the stat.
          guard mean > 0, !out.contains(where: { $0.name == a.playerName && $0.stat == stat }) else { continue }
          var projection = PlayerProjection(
            name: a.playerName, stat: stat, team: team, mean: mean, sd: max(0.5, stat.defaultSDRatio * mean))
          projection.sdIsDefault = true
          out.append(projection)
        }
      }
    }
    return out
  }
}
