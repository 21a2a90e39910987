/// How strongly the replaced service recommended a bet, from its EV per unit staked:
/// STRONG_BET above 6%, BET above 3%, LEAN above 0, else NO_BET. The same thresholds grade
/// every two-sided market (totals, spreads, moneylines); only the side's name differs.
public enum BetStrength: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
  case strongBet = "STRONG_BET"
  case bet = "BET"
  case lean = "LEAN"
  case noBet = "NO_BET"

  /// NO_BET < LEAN < BET < STRONG_BET.
  public static func < (a: Self, b: Self) -> Bool { a.rank < b.rank }
  private var rank: Int {
    switch self {
    case .noBet: 0
    case .lean: 1
    case .bet: 2
    case .strongBet: 3
    }
  }

  public init(ev: Double) {
    self = ev > 0.06 ? .strongBet : ev > 0.03 ? .bet : ev > 0 ? .lean : .noBet
  }

  /// The recommendation as the service spelled it: "STRONG_BET_OVER", "LEAN_HOME", "NO_BET".
  public func label(side: String) -> String {
    self == .noBet ? rawValue : "\(rawValue)_\(side.uppercased())"
  }
}
