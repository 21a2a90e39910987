import Foundation

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
