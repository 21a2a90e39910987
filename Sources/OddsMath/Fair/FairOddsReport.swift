import Foundation

/// Why EV is withheld for a bet (the replaced service's `ev_disabled_reason` values).
public enum GateReason: String, CaseIterable, Hashable, Sendable, Codable {
  /// Only one side of the market is quoted anywhere.
  case noPair = "no_pair"
  /// No reference book (sharp, or with the fallback any book) prices every side.
  case referenceMissing = "reference_missing"
  /// The reference prices are older than the category's age limit.
  case referenceStale = "reference_stale"
  /// Fewer than the minimum number of books have a fresh price on this side.
  case insufficientBooks = "insufficient_books"
  /// The fair price is further from the median book price than the category allows.
  case fairOddsOutlier = "fair_odds_outlier"
}

/// Where the fair probability came from.
public enum EVMethod: String, Hashable, Sendable, Codable {
  /// Median of the devigged markets of the sharp books present.
  case sharpConsensus = "sharp_consensus"
  /// Median of the devigged markets of every book pricing all sides (no sharp book does).
  case marketConsensus = "market_consensus"
  /// No fair probability.
  case none
}

/// How far to trust the fair probability: by the number of sharp books behind it (2+ high,
/// 1 medium, 0 low); player props are never high.
public enum ConfidenceTier: String, Hashable, Sendable, Codable {
  case high, medium, low
}

/// One book's price on one bet, and what it is worth at the fair probability.
public struct BookPrice: Hashable, Sendable {
  public let book: String
  public let price: Odds
  public let observedAt: Date
  public let isSharp: Bool
  /// Older than the category's age limit: shown, but never the best price and never given EV.
  public let isStale: Bool
  /// Commission on net winnings (exchanges).
  public let fee: Double
  /// The fair probability of the bet, when there is one.
  public let trueProbability: Double?
  /// (effective decimal * fair p - 1) * 100, nil when withheld.
  public let evPercent: Double?

  public var impliedProbability: Double { price.impliedProbability }

  /// The decimal odds after the fee: 1 + (d - 1)(1 - fee).
  public var effectiveDecimal: Double { 1 + price.netPayout * (1 - fee) }
}

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

/// One reference book's market, devigged.
public struct ReferenceMarket: Hashable, Sendable {
  public let book: String
  /// Prices in the market's side order.
  public let prices: [Odds]
  public let devig: DevigResult
  public let isStale: Bool
  /// Why this book was left out of the consensus, if it was.
  public let excludedBecause: String?
}

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
