/// The player stats a prop can be on. Each (player, stat) pair is one simulated quantity.
public enum PlayerStat: String, Hashable, Sendable, CaseIterable, Codable {
  case points, rebounds, assists, threes
  /// Points + rebounds + assists, priced as its own quantity (its mean and sd given as such).
  case pra

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
