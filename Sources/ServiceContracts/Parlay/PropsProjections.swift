import Foundation
import Simulation

/// The projections file of `mcsim props`: the game's projected points (optional when given on
/// the command line) and each player's projection per stat, in the parlay file's player shape.
///
///     {"home": 112.5, "away": 110.0,
///      "players": [{"name": "Darius Garland", "team": "home", "stat": "points", "mean": 21.0, "sd": 6.0}]}
public struct PropsProjections: Decodable, Sendable {
  public var home: Double?
  public var away: Double?
  public var players: [ParlayRequest.Player]

  enum CodingKeys: String, CodingKey, CaseIterable { case home, away, players }

  public static let fieldNames = Set(CodingKeys.allCases.map(\.rawValue))

  public static func decode(_ data: Data) throws(InputDecodingError) -> PropsProjections {
    try InputDecodingError.decode(PropsProjections.self, from: data)
  }

  /// The engine's projections, errors naming `players[i].field`.
  public func projections() throws(InputError) -> [PlayerProjection] {
    var out: [PlayerProjection] = []
    for (i, p) in players.enumerated() { out.append(try ParlayRequest.projection(p, index: i, game: 0)) }
    return out
  }
}
