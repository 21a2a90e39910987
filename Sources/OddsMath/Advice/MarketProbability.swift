/// The market's own view of one side: its devigged (fair) probability among the decided
/// outcomes (a push returns the stake on both sides and is left out), and how it was obtained
/// (`sharp_consensus`, `market_consensus`: the fair-odds library's methods over a feed's books,
/// or `single_book`: the power devig of the two prices given).
public struct MarketProbability: Hashable, Sendable {
  public let probability: Double
  public let method: String

  public init(probability: Double, method: String) {
    self.probability = probability
    self.method = method
  }

  /// Both sides of a two-way market from one book's two prices (power devig, the default method
  /// of `mcsim devig`).
  public static func singleBook(_ first: Odds, _ second: Odds) -> [MarketProbability] {
    guard let market = try? Market(prices: [first, second]) else { return [] }
    return market.devig(.power).probabilities.map { MarketProbability(probability: $0, method: "single_book") }
  }
}
