import OddsMath
import Simulation

/// One bet's advice in words, for the tables of parlays and props: the grade and the stake after
/// the advice policy (a percentage of bankroll, and the money with a bankroll other than 1), or why it is
/// withheld.
enum AdviceText {
  static func stake(_ a: SideAdvice) -> String {
    if a.recommended {
      return "\(a.grade.rawValue) · stake \(Fmt.percent(a.stake, 2)) of bankroll"
        + (a.stakeAmount.map { " = \(Fmt.fixed($0, 2)) of \(Fmt.fixed(a.bankroll, 2))" } ?? "")
    }
    guard a.grade != .noBet else { return "NO_BET (EV not above 0)" }
    var words = "\(a.grade.rawValue) withheld: " + a.withheld.map(\.rawValue).joined(separator: ", ")
    if let n = a.simulationsNeeded, a.withheld.contains(.tooFewSimulations) || a.withheld.contains(.evIntervalIncludesZero) {
      words += " (about \(Fmt.count(n)) simulations would decide it)"
    }
    return words
  }

  /// A side of a market in one line: "over @ 1.91 EV +3.1% LEAN stake 1.20%" (money beside the
  /// fraction with a bankroll), or the first reason it is withheld. `slate`: where a slate
  /// priced it, the slate's stake on it (joint Kelly, the exposure cap) in place of its own, or
  /// nil when the slate staked it not at all (`unstaked`).
  static func side(_ a: SideAdvice, slate: BetStake?? = nil) -> String {
    let stake: String
    switch slate {
    case .none: stake = "stake " + Fmt.stake(a.stake, bankroll: a.bankroll)
    case .some(.some(let s)): stake = "stake " + Fmt.stake(s.fraction, bankroll: a.bankroll)
    case .some(.none): stake = unstaked
    }
    return "\(a.side.rawValue) @ \(Fmt.fixed(a.odds.decimal, 2)) EV \(Fmt.signedPercent(a.ev, 2)) "
      + (a.recommended ? "\(a.grade.rawValue) \(stake)" : a.withheld.first?.rawValue ?? a.strength.rawValue)
  }

  /// A recommended side the slate does not stake: it stakes one side of a market, the one the
  /// advice ranks best.
  static let unstaked = "not staked: the slate stakes the market's best side"

  /// The short form for a table cell: the stake as a fraction, or the first reason it is withheld.
  static func cell(_ a: SideAdvice) -> String {
    if a.recommended { return "stake \(Fmt.fixed(a.stake, 3))" + (a.stakeAmount.map { " = \(Fmt.fixed($0, 2))" } ?? "") }
    return a.withheld.first?.rawValue ?? "no bet"
  }
}
