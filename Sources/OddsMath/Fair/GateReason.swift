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
