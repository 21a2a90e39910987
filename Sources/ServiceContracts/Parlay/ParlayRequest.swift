import Foundation
import OddsMath
import Simulation
import UseCases

/// A parlay file (`mcsim parlay FILE`): its games, the player projections its props need, its
/// legs (written as `ParlayLegSyntax`), optionally a price and the full correlation matrix.
///
///     {"price": 6.0,
///      "games": [{"id": "BOS-LAL", "home": 115, "away": 112, "rho": 0.5}],
///      "players": [{"name": "Jayson Tatum", "game": "BOS-LAL", "team": "home", "stat": "points",
///                   "mean": 27.1, "sd": 6.5, "team_correlation": 0.45}],
///      "legs": [{"game": "BOS-LAL", "leg": "over:225.5"}, {"leg": "Jayson Tatum:points:over:27.5"}],
///      "correlation": [[1, 0.5, 0.45], [0.5, 1, 0.225], [0.45, 0.225, 1]]}
///
/// A leg or player needs "game" only when there are several games. Game fields take `run`'s
/// model defaults (sd 10, rho 0.5, flat overtime at 0.06 with 12 +/- 3 points, floor 0).
package struct ParlayRequest: Decodable, Sendable {
  package var price: PriceValue?
  /// The file's games, players, legs and matrix, as the use case builds them (`ParlayDraft`).
  package var draft: ParlayDraft

  enum CodingKeys: String, CodingKey, CaseIterable {
    case price, games, players, legs, correlation
    case leagueFactor = "league_factor"
  }

  package init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    price = try c.decodeIfPresent(PriceValue.self, forKey: .price)
    draft = ParlayDraft(
      games: try c.decode([ParlayDraft.Game].self, forKey: .games),
      players: try c.decodeIfPresent([ParlayDraft.Player].self, forKey: .players),
      legs: try c.decode([ParlayDraft.Leg].self, forKey: .legs),
      correlation: try c.decodeIfPresent([[Double]].self, forKey: .correlation),
      leagueFactor: try c.decodeIfPresent(Double.self, forKey: .leagueFactor))
  }

  /// The fields each object may carry (for reporting unknown ones).
  package static let fieldNames = Set(CodingKeys.allCases.map(\.rawValue))
  package static let gameFieldNames = Set(GameKeys.allCases.map(\.rawValue))
  package static let playerFieldNames = Set(PlayerKeys.allCases.map(\.rawValue))
  package static let legFieldNames = Set(LegKeys.allCases.map(\.rawValue))

  package static func decode(_ data: Data) throws(InputDecodingError) -> ParlayRequest {
    try InputDecodingError.decode(ParlayRequest.self, from: data)
  }

  enum GameKeys: String, CodingKey, CaseIterable {
    case id, home, away, rho
    case homeSD = "home_sd", awaySD = "away_sd", otModel = "ot_model", otRate = "ot_rate"
    case otPoints = "ot_points", otSD = "ot_sd", scoreFloor = "score_floor"
  }

  enum PlayerKeys: String, CodingKey, CaseIterable {
    case name, game, team, stat, mean, sd, distribution
    case teamCorrelation = "team_correlation"
  }

  enum LegKeys: String, CodingKey, CaseIterable { case game, leg }
}

/// A game of a parlay file: `{"id", "home", "away"}` and any of the model's fields.
extension ParlayDraft.Game: Decodable {
  package init(from decoder: any Decoder) throws {
    typealias K = ParlayRequest.GameKeys
    let c = try decoder.container(keyedBy: K.self)
    func number(_ key: K) throws -> Double? { try c.decodeIfPresent(Double.self, forKey: key) }
    let settings: [ModelSetting?] = [
      try number(.homeSD).map(ModelSetting.homeSD), try number(.awaySD).map(ModelSetting.awaySD),
      try number(.rho).map(ModelSetting.rho), try c.decodeIfPresent(Overtime.Kind.self, forKey: .otModel).map(ModelSetting.otModel),
      try number(.otRate).map(ModelSetting.otRate), try number(.otPoints).map(ModelSetting.otPoints),
      try number(.otSD).map(ModelSetting.otSD), try c.decodeIfPresent(Int.self, forKey: .scoreFloor).map(ModelSetting.scoreFloor),
    ]
    self.init(
      id: try c.decodeIfPresent(String.self, forKey: .id), home: try c.decode(Double.self, forKey: .home),
      away: try c.decode(Double.self, forKey: .away), settings: settings.compactMap { $0 })
  }
}

/// A player projection of a parlay or props file.
extension ParlayDraft.Player: Decodable {
  package init(from decoder: any Decoder) throws {
    typealias K = ParlayRequest.PlayerKeys
    let c = try decoder.container(keyedBy: K.self)
    self.init(
      name: try c.decode(String.self, forKey: .name), game: try c.decodeIfPresent(String.self, forKey: .game),
      team: try c.decode(String.self, forKey: .team), stat: try c.decode(String.self, forKey: .stat),
      mean: try c.decode(Double.self, forKey: .mean), sd: try c.decode(Double.self, forKey: .sd),
      teamCorrelation: try c.decodeIfPresent(Double.self, forKey: .teamCorrelation),
      distribution: try c.decodeIfPresent(String.self, forKey: .distribution))
  }
}

/// A leg of a parlay file or of a slate's bets: `{"game", "leg"}`.
extension ParlayDraft.Leg: Decodable {
  package init(from decoder: any Decoder) throws {
    typealias K = ParlayRequest.LegKeys
    let c = try decoder.container(keyedBy: K.self)
    self.init(game: try c.decodeIfPresent(String.self, forKey: .game), leg: try c.decode(String.self, forKey: .leg))
  }
}
