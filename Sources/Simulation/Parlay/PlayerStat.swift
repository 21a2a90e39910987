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

  /// The correlation of two stats of the same player when nothing else says: a rough, stated
  /// rule of thumb by pair, not fitted (PRA contains points, rebounds and assists; a shooter's
  /// threes are a share of his points; assists and rebounds barely follow points). Every report
  /// says when it was used. With the default team correlations the five stats of one player and
  /// his team's points make a positive definite matrix (smallest eigenvalue about 0.03; the
  /// rebounds-PRA 0.6 and assists-PRA 0.55 first proposed made it indefinite, about -0.005).
  public static func defaultCorrelation(_ a: PlayerStat, _ b: PlayerStat) -> Double {
    if a == b { return 1 }
    switch Set([a, b]) {
    case [.points, .pra]: return 0.85
    case [.rebounds, .pra]: return 0.55
    case [.assists, .pra]: return 0.5
    case [.threes, .pra]: return 0.5
    case [.points, .threes]: return 0.6
    case [.points, .assists]: return 0.25
    case [.points, .rebounds]: return 0.2
    case [.rebounds, .assists]: return 0.15
    case [.threes, .assists]: return 0.15
    default: return 0.05  // threes and rebounds
    }
  }
}
