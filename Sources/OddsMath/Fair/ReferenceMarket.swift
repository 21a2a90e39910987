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
