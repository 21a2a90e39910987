import Foundation

/// Everything `fair` reports: bets with fair odds, EV per book and gates, the markets behind
/// them, and the quotes that were skipped.
public struct FairOddsReport: Hashable, Sendable {
  /// The moment ages are measured from.
  public let asOf: Date
  public let policy: FairOddsPolicy
  public let bets: [BetReport]
  public let markets: [MarketReport]
  /// Quotes that were replaced by a newer duplicate, with why.
  public let issues: [String]
  /// Quotes the file decoder skipped, with why.
  public let rejected: [RejectedQuote]

  /// A bet by 1-based id ("3") or by its label ("BOS@MIA total over 225.5", case-insensitive).
  public func bet(named key: String) -> BetReport? {
    if let id = Int(key), bets.indices.contains(id - 1) { return bets[id - 1] }
    return bets.first { $0.label.lowercased() == key.lowercased() }
  }
}
