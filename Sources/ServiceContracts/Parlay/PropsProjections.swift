import Foundation
import Simulation
import UseCases

/// The projections file of `mcsim props`: the game's projected points (optional when given on
/// the command line) and each player's projection per stat, in the parlay file's player shape.
///
///     {"home": 112.5, "away": 110.0,
///      "players": [{"name": "Darius Garland", "team": "home", "stat": "points", "mean": 21.0, "sd": 6.0}]}
///
/// Players may also come as the box-score API's season averages (docs/contracts.md, "Box-score API",
/// `GET /api/players/{id}/season-averages`), the responses as they are, grouped by team:
///
///     {"season_averages": {"home": [{"player_name": "Darius Garland", "pts": 19.8, "reb": 2.6,
///                                    "ast": 6.3, ...}], "away": [...]}}
///
/// Each gives points (`pts`), rebounds (`reb`), assists (`ast`) and PRA (their sum) with the
/// stat's default sd (`PlayerStat.defaultSDRatio` times the mean) and default correlation; a
/// player given in `players` too keeps his own projection for that stat.
package struct PropsProjections: Decodable, Sendable {
  package var home: Double?
  package var away: Double?
  package var players: [ParlayDraft.Player]
  package var seasonAverages: SeasonAveragesByTeam?

  /// The box-score API's season-averages objects, by team.
  package struct SeasonAveragesByTeam: Decodable, Sendable {
    package var home: [SeasonAverages]?
    package var away: [SeasonAverages]?
  }

  /// `GET /api/players/{nba_player_id}/season-averages` (the fields used; the others are read
  /// and ignored).
  package struct SeasonAverages: Decodable, Sendable {
    package var playerName: String
    package var pts: Double?
    package var reb: Double?
    package var ast: Double?
    package var gamesPlayed: Int?

    enum CodingKeys: String, CodingKey {
      case playerName = "player_name", pts, reb, ast, gamesPlayed = "games_played"
    }
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case home, away, players
    case seasonAverages = "season_averages"
  }

  package init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    home = try c.decodeIfPresent(Double.self, forKey: .home)
    away = try c.decodeIfPresent(Double.self, forKey: .away)
    players = try c.decodeIfPresent([ParlayDraft.Player].self, forKey: .players) ?? []
    seasonAverages = try c.decodeIfPresent(SeasonAveragesByTeam.self, forKey: .seasonAverages)
  }

  package static let fieldNames = Set(CodingKeys.allCases.map(\.rawValue))

  package static func decode(_ data: Data) throws(InputDecodingError) -> PropsProjections {
    try InputDecodingError.decode(PropsProjections.self, from: data)
  }

  /// The engine's projections, errors naming `players[i].field` or
  /// `season_averages.home[i].pts`.
  package func projections() throws(InputError) -> [PlayerProjection] {
    var out: [PlayerProjection] = []
    for (i, p) in players.enumerated() { out.append(try ParlayDraft.projection(p, index: i, game: 0)) }
    for (team, list) in [(ParlayLeg.Team.home, seasonAverages?.home), (.away, seasonAverages?.away)] {
      for (i, a) in (list ?? []).enumerated() {
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
