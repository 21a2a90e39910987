/// The original's recommendation, by the unrounded trade score: at least 80, 60, 40, else.
/// Worded by the contract (`TradeWording`).
package enum TradeRecommendation: Hashable, Sendable, CaseIterable {
  case highlyRecommended, goodOpportunity, neutral, notRecommended

  package init(tradeScore: Double) {
    switch tradeScore {
    case 80...: self = .highlyRecommended
    case 60...: self = .goodOpportunity
    case 40...: self = .neutral
    default: self = .notRecommended
    }
  }
}
