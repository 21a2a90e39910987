/// Everything `FairOdds.evaluate` can be told: which books are sharp, how to devig, the gates'
/// thresholds per market category, and exchange fees. The defaults are the replaced service's
/// (docs/contracts.md, "FairBet"), except the devig method, which is power rather than normalisation.
public struct FairOddsPolicy: Hashable, Sendable {
  /// Books whose prices make the reference, compared case-insensitively.
  public var sharpBooks: [String] = BookKeys.defaultSharp
  /// How each reference book's market is devigged before the consensus is taken.
  public var method: DevigMethod = .default
  /// When no sharp book quotes every side, take the consensus of every book that does
  /// (confidence low) instead of withholding EV with `reference_missing`.
  public var fallbackToWholeMarket = true
  /// A side needs at least this many books with a fresh price, else `insufficient_books`.
  public var minimumBooks = 3
  /// A quote older than this (seconds, per category) is stale.
  public var maximumAge: [MarketCategory: Double] = [.main: 3600, .playerProp: 1800]
  /// `fair_odds_outlier` when the fair price and the median book price differ by more than this
  /// many American cents (per category).
  public var outlierThreshold: [MarketCategory: Double] = [.main: 150, .playerProp: 250]
  /// Commission on net winnings per book (exchanges), as a fraction: 0.02 keeps 2% of profit.
  public var fees: [String: Double] = [:]

  public init() {}

  /// Whether `book` (any of its feed keys: `circasports` is `circa`) is a sharp book.
  public func isSharp(_ book: String) -> Bool {
    sharpBooks.contains { BookKeys.same($0, book) }
  }

  /// The commission `book` takes on winnings (by any of its feed keys), 0 when none is set.
  public func fee(_ book: String) -> Double {
    fees.first { BookKeys.same($0.key, book) }?.value ?? 0
  }

  func maximumAge(_ category: MarketCategory) -> Double {
    maximumAge[category] ?? .infinity
  }

  func outlierThreshold(_ category: MarketCategory) -> Double {
    outlierThreshold[category] ?? .infinity
  }
}
