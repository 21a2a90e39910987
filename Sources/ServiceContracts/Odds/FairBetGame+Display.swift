import OddsMath
import UseCases

/// How the FairBet clients title a market and word a selection.
extension FairBetGame {
  /// A market key as the clients title it ("Moneyline", "Spread", "Total", "Player Points");
  /// a period's with the period first ("1st Half Total", "1st Quarter Moneyline").
  package static func marketDisplayName(_ market: String) -> String {
    let (base, period) = PeriodMarketKey.split(market.lowercased())
    if let period { return PeriodMarketKey.title(period) + " " + marketDisplayName(base) }
    switch market.lowercased() {
    case "h2h": return "Moneyline"
    case "h2h_3_way": return "3-Way Moneyline"
    case "spreads": return "Spread"
    case "totals": return "Total"
    default: return market.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }
  }

  /// "Orlando Magic -3.5", "Orlando Magic ML", "Over 224.5", "Caris LeVert Over 11.5"; a period's
  /// as its full game's.
  package static func selectionDisplay(_ bet: BetReport) -> String {
    let line = bet.line.map { $0 == $0.rounded() ? String(Int($0)) : String($0) }
    switch PeriodMarketKey.split(bet.market.lowercased()).base {
    case "h2h": return "\(bet.selection) ML"
    case "spreads": return "\(bet.selection) \(bet.line.map { ($0 > 0 ? "+" : "") + line! } ?? "")"
    default: return line.map { "\(bet.selection) \($0)" } ?? bet.selection
    }
  }
}
