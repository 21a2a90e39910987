/// One side of one market: the unit EV is reported for.
public struct BetReport: Hashable, Sendable {
  /// 1-based position in the report, usable with `--explain`.
  public let id: Int
  public let event: String
  public let market: String
  public let selection: String
  public let line: Double?
  public let category: MarketCategory
  /// The other sides of the same market.
  public let opposing: [String]
  public let fairProbability: Double?
  public let fairOdds: Odds?
  public let evMethod: EVMethod
  public let confidenceTier: ConfidenceTier
  public let disabledReason: GateReason?
  /// Median price of the reference books on this side.
  public let referencePrice: Odds?
  /// Median fresh book price on this side (what the outlier gate compares with).
  public let medianPrice: Odds?
  public let prices: [BookPrice]
  /// Index of this bet's market in `FairOddsReport.markets`.
  public let marketIndex: Int

  /// "event market selection line".
  public let label: String

  /// The fresh price with the highest effective decimal odds.
  public var best: BookPrice? {
    prices.filter { !$0.isStale }.max { $0.effectiveDecimal < $1.effectiveDecimal }
  }
}
