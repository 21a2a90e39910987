import Simulation

/// The names and words of `conditional_scenarios`' conditions (`given.home_win.description` is
/// "home team wins"), which the table reuses.
extension ConditionalScenarios.Condition {
  /// The key under `given`: `home_win`, `away_win`, `close`, `blowout`, `regulation`, `overtime`.
  package var name: String {
    switch self {
    case .homeWin: "home_win"
    case .awayWin: "away_win"
    case .close: "close"
    case .blowout: "blowout"
    case .regulation: "regulation"
    case .overtime: "overtime"
    }
  }

  /// What the condition is: "home team wins", "|margin| <= 5", "went to overtime".
  package var description: String {
    switch self {
    case .homeWin: "home team wins"
    case .awayWin: "away team wins"
    case .close: "|margin| <= \(ConditionalScenarios.closeMargin)"
    case .blowout: "|margin| >= \(ConditionalScenarios.blowoutMargin)"
    case .regulation: "no overtime"
    case .overtime: "went to overtime"
    }
  }
}
