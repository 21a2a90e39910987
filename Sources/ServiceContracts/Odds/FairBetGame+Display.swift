import OddsMath
import UseCases

/// How the FairBet clients title a market and word a selection.
extension FairBetGame {
  /// A market key as the clients title it ("Moneyline", "Spread", "Total", "Player Points").
  package static func marketDisplayName(_ market: String) -> String {
    switch market.lowercased() {
    case "h2h": "Moneyline"
    case "spreads": "Spread"
    case "totals": "Total"
    default: market.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }
  }

  /// "Orlando Magic -3.5", "Orlando Magic ML", "Over 224.5", "Caris LeVert Over 11.5".
  package static func selectionDisplay(_ bet: BetReport) -> String {
    let line = bet.line.map { $0 == $0.rounded() ? String(Int($0)) : String($0) }
    switch bet.market.lowercased() {
    case "h2h": return "\(bet.selection) ML"
    case "spreads": return "\(bet.selection) \(bet.line.map { ($0 > 0 ? "+" : "") + line! } ?? "")"
    default: return line.map { "\(bet.selection) \($0)" } ?? bet.selection
    }
  }
}
