import FantasyTrade

/// A players file: a list of players, or an object with the list under `players`.
package struct PoolFile: Decodable, Hashable, Sendable {
  package var players: [PlayerEntry]

  package init(players: [PlayerEntry]) { self.players = players }

  enum CodingKeys: String, CodingKey { case players }

  package init(from decoder: Decoder) throws {
    if let list = try? [PlayerEntry](from: decoder) {
      players = list
    } else {
      players = try decoder.container(keyedBy: CodingKeys.self).decode([PlayerEntry].self, forKey: .players)
    }
  }
}

/// A squad file: a list of players or ids, or the iOS client's request object
/// `{"current_team": [...], "budget", "player_in_id", "player_out_id"}` (optionally with
/// `round_number`, `team_value`, `league_avg_value`).
package struct SquadFile: Decodable, Hashable, Sendable {
  package var currentTeam: [PlayerEntry]
  package var budget: Double?
  package var playerInID: PlayerID?
  package var playerOutID: PlayerID?
  package var roundNumber: Int?
  package var teamValue: Double?
  package var leagueAvgValue: Double?

  /// The fields of the object form (for reporting unknown ones).
  package static let fieldNames = Set(CodingKeys.allCases.map(\.rawValue))

  enum CodingKeys: String, CodingKey, CaseIterable {
    case budget
    case currentTeam = "current_team"
    case playerInID = "player_in_id"
    case playerOutID = "player_out_id"
    case roundNumber = "round_number"
    case teamValue = "team_value"
    case leagueAvgValue = "league_avg_value"
  }

  package init(currentTeam: [PlayerEntry]) { self.currentTeam = currentTeam }

  package init(from decoder: Decoder) throws {
    if let list = try? [PlayerEntry](from: decoder) {
      currentTeam = list
      return
    }
    let c = try decoder.container(keyedBy: CodingKeys.self)
    currentTeam = try c.decode([PlayerEntry].self, forKey: .currentTeam)
    budget = try c.decodeIfPresent(Double.self, forKey: .budget)
    playerInID = try c.decodeIfPresent(PlayerID.self, forKey: .playerInID)
    playerOutID = try c.decodeIfPresent(PlayerID.self, forKey: .playerOutID)
    roundNumber = try c.decodeIfPresent(Int.self, forKey: .roundNumber)
    teamValue = try c.decodeIfPresent(Double.self, forKey: .teamValue)
    leagueAvgValue = try c.decodeIfPresent(Double.self, forKey: .leagueAvgValue)
  }
}
