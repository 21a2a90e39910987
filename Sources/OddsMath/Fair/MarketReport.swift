/// One market (all sides of one event, market and line) with how its fair probabilities arose.
public struct MarketReport: Hashable, Sendable {
  public let event: String
  public let market: String
  public let category: MarketCategory
  /// Selections in order; the consensus is in the same order.
  public let selections: [String]
  public let lines: [Double?]
  public let evMethod: EVMethod
  public let references: [ReferenceMarket]
  /// Median of the used references' fair probabilities per side, renormalised to sum 1.
  public let consensus: [Double]?
  /// Set when the whole market is gated (no_pair, reference_missing, reference_stale).
  public let gate: GateReason?
}
