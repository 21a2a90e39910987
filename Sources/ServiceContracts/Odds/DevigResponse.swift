import OddsMath

/// `POST /api/odds/devig`'s answer: the market as given (outcomes, implied probabilities, margin
/// and hold, all fractions) and one devigged result per method asked for (`mcsim devig --json`
/// prints the same results, alone or as a list).
package struct DevigResponse: Encodable, Sendable {
  package let success = true
  package let outcomes: [String]
  package let implied: [Double]
  package let margin: Double
  package let hold: Double
  package let results: [DevigResult]
  /// Ambiguous prices of the request, worded (`PriceWarningText`); omitted when empty.
  package var warnings: [String]?

  package init(market: Market, results: [DevigResult]) {
    outcomes = market.outcomes
    implied = market.prices.map(\.impliedProbability)
    margin = market.overround
    hold = market.hold
    self.results = results
  }
}
