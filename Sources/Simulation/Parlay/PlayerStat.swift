/// The player stats a prop can be on. Each (player, stat) pair is one simulated quantity.
public enum PlayerStat: String, Hashable, Sendable, CaseIterable, Codable {
  case points, rebounds, assists, threes
  /// Points + rebounds + assists, priced as its own quantity (its mean and sd given as such).
  case pra

  /// The sd of a game's stat as a fraction of its mean, when only a mean is known (a season
  /// average): a rough, stated default (a 20-point scorer varies by about 6.6 points a game, an
  /// 8-rebound player by 3, a 6-assist player by 2.5; PRA, a sum of partly independent counts,
  /// varies less relative to its mean). Used only for means without an sd, and said so.
  public var defaultSDRatio: Double {
    switch self {
    case .points: 0.33
    case .rebounds: 0.38
    case .assists: 0.42
    case .threes: 0.6
    case .pra: 0.25
    }
  }

  /// The correlation of the stat with the player's team's regulation points when none is
  /// given: a rough, stated default (a player's points are part of his team's, assists follow
  /// made baskets, rebounds barely follow the score). Every report says when it was used.
  public var defaultTeamCorrelation: Double {
    switch self {
    case .points: 0.5
    case .rebounds: 0.1
    case .assists: 0.3
    case .threes: 0.35
    case .pra: 0.45
    }
  }
}
