import Foundation
import UseCases

/// The projections file of `mcsim props`, read into a `PropsDraft`: the game's projected points
/// (optional when given on the command line) and each player's projection per stat, in the
/// parlay file's player shape.
///
///     {"home": 112.5, "away": 110.0,
///      "players": [{"name": "Darius Garland", "team": "home", "stat": "points", "mean": 21.0, "sd": 6.0}]}
///
/// Players may also come as the box-score API's season averages (docs/contracts.md, "Box-score API",
/// `GET /api/players/{id}/season-averages`), the responses as they are, grouped by team:
///
///     {"season_averages": {"home": [{"player_name": "Darius Garland", "pts": 19.8, "reb": 2.6,
///                                    "ast": 6.3, ...}], "away": [...]}}
package enum PropsProjections {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case home, away, players
    case seasonAverages = "season_averages"
  }

  /// The box-score API's season-averages objects, by team.
  struct ByTeam: Decodable {
    var home: [PropsDraft.SeasonAverages]?
    var away: [PropsDraft.SeasonAverages]?
  }

  package static let fieldNames = Set(CodingKeys.allCases.map(\.rawValue))

  package static func decode(_ data: Data) throws(InputDecodingError) -> PropsDraft {
    try InputDecodingError.decode(PropsDraft.self, from: data)
  }
}

extension PropsDraft: Decodable {
  package init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: PropsProjections.CodingKeys.self)
    let averages = try c.decodeIfPresent(PropsProjections.ByTeam.self, forKey: .seasonAverages)
    self.init(
      home: try c.decodeIfPresent(Double.self, forKey: .home), away: try c.decodeIfPresent(Double.self, forKey: .away),
      players: try c.decodeIfPresent([ParlayDraft.Player].self, forKey: .players) ?? [],
      homeAverages: averages?.home ?? [], awayAverages: averages?.away ?? [])
  }
}

/// `GET /api/players/{nba_player_id}/season-averages` (the fields used; the others are read
/// and ignored).
extension PropsDraft.SeasonAverages: Decodable {
  enum CodingKeys: String, CodingKey {
    case playerName = "player_name", pts, reb, ast, gamesPlayed = "games_played"
  }

  package init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      playerName: try c.decode(String.self, forKey: .playerName), pts: try c.decodeIfPresent(Double.self, forKey: .pts),
      reb: try c.decodeIfPresent(Double.self, forKey: .reb), ast: try c.decodeIfPresent(Double.self, forKey: .ast),
      gamesPlayed: try c.decodeIfPresent(Int.self, forKey: .gamesPlayed))
  }
}
