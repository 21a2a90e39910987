import OddsMath

/// `POST /api/odds/devig`'s answer: the market as given (outcomes, implied probabilities, margin
/// and hold, all fractions) and one devigged result per method asked for (`mcsim devig --json`
/// prints the same results, alone or as a list).
public struct DevigResponse: Encodable, Sendable {
  public let success = true
  public let outcomes: [String]
  public let implied: [Double]
  public let margin: Double
  public let hold: Double
  public let results: [DevigResult]
  /// Ambiguous prices of the request, worded (`PriceWarningText`); omitted when empty.
  public var warnings: [String]?

  public init(market: Market, results: [DevigResult]) {
    outcomes = market.outcomes
    implied = market.prices.map(\.impliedProbability)
    margin = market.overround
    hold = market.hold
    self.results = results
  }
}
