/// One book's prices on every outcome of one market (two sides of a total, three of a 1X2,
/// twenty runners of a race): the input of every devig method.
///
///   booksum    B = sum(1/d_i)        what the implied probabilities add up to
///   overround  B - 1                 the excess over a fair book (the "vig" of the replaced
///                                    service, and what Pinnacle calls the margin)
///   hold       1 - 1/B               the share of all stakes the book keeps when its
///                                    liabilities are balanced (stakes proportional to 1/d_i)
///
/// At -110/-110: B = 1.047619, overround 4.76%, hold 4.545%.
public struct Market: Hashable, Sendable {
  /// Outcome names, unique, in the order the prices were given.
  public let outcomes: [String]
  /// One price per outcome.
  public let prices: [Odds]

  /// At least two prices; names, when given, one per price and unique. Without names the
  /// outcomes are called "1", "2", ...
  public init(prices: [Odds], outcomes: [String]? = nil) throws(MarketError) {
    let names = outcomes ?? prices.indices.map { String($0 + 1) }
    guard names.count == prices.count else {
      throw .outcomeCountMismatch(names: names.count, prices: prices.count)
    }
    guard prices.count >= 2 else { throw .tooFewOutcomes(prices.count) }
    var seen = Set<String>()
    for name in names where !seen.insert(name).inserted { throw .duplicateOutcome(name) }
    self.outcomes = names
    self.prices = prices
  }

  /// From (outcome, price) pairs, in order.
  public init(_ pairs: [(String, Odds)]) throws(MarketError) {
    try self.init(prices: pairs.map(\.1), outcomes: pairs.map(\.0))
  }

  public var impliedProbabilities: [Double] { prices.map(\.impliedProbability) }

  /// Sum of the implied probabilities.
  public var booksum: Double {
    var sum = 0.0
    for price in prices { sum += price.impliedProbability }
    return sum
  }

  public var overround: Double { booksum - 1 }

  public var hold: Double { 1 - 1 / booksum }

  /// The fair probabilities by `method` (default: power, see `DevigMethod`).
  public func devig(_ method: DevigMethod = .default) -> DevigResult {
    method.devig(self)
  }
}

/// Why a set of prices is not a market.
public enum MarketError: Error, Equatable, Sendable, CustomStringConvertible {
  case tooFewOutcomes(Int)
  case duplicateOutcome(String)
  case outcomeCountMismatch(names: Int, prices: Int)

  public var description: String {
    switch self {
    case .tooFewOutcomes(let n): "a market needs at least 2 outcomes, got \(n)"
    case .duplicateOutcome(let name): "outcome '\(name)' appears more than once"
    case .outcomeCountMismatch(let names, let prices): "\(names) outcome names for \(prices) prices"
    }
  }
}
