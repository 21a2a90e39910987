/// The market's own view of one side: its devigged (fair) probability among the decided
/// outcomes (a push returns the stake on both sides and is left out), and how it was obtained
/// (`sharp_consensus`, `market_consensus`: the fair-odds library's methods over a feed's books,
/// or `single_book`: the power devig of the two prices given).
public struct MarketProbability: Hashable, Sendable {
  /// How the market's probability was obtained.
  public enum Method: String, Hashable, Sendable {
    /// The median devigged market of the sharp books present in a feed.
    case sharpConsensus = "sharp_consensus"
    /// The median devigged market of every book pricing all sides (no sharp book does).
    case marketConsensus = "market_consensus"
    /// The power devig of one book's two prices.
    case singleBook = "single_book"

    /// The fair-odds library's method, when it gave a probability (`none` gives none).
    public init?(_ method: EVMethod) {
      switch method {
      case .sharpConsensus: self = .sharpConsensus
      case .marketConsensus: self = .marketConsensus
      case .none: return nil
      }
    }
  }

  public let probability: Double
  public let method: Method

  public init(probability: Double, method: Method) {
    self.probability = probability
    self.method = method
  }

  /// Both sides of a two-way market from one book's two prices (power devig, the default method
  /// of `mcsim devig`).
  public static func singleBook(_ first: Odds, _ second: Odds) -> [MarketProbability] { singleBook([first, second]) }

  /// Every side of a market from one book's prices, one a side (a three-way moneyline's three).
  package static func singleBook(_ prices: [Odds]) -> [MarketProbability] {
    guard let market = try? Market(prices: prices) else { return [] }
    return market.devig(.power).probabilities.map { MarketProbability(probability: $0, method: .singleBook) }
  }
}
