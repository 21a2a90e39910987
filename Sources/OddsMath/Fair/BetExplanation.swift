/// "Show the math" for one bet: each reference book's implied probabilities, its vig and its
/// devigged probabilities; the consensus fair probabilities and odds; and EV at the best price,
/// per cent and in money for a stake.
package struct BetExplanation: Hashable, Sendable {
  /// One reference book's market, worked through.
  package struct Reference: Hashable, Sendable {
    package let book: String
    package let prices: [Odds]
    package let impliedProbabilities: [Double]
    /// sum(implied) - 1.
    package let vig: Double
    package let fairProbabilities: [Double]
    /// The devig method's parameter (k, z, c, lambda), if any.
    package let parameter: (name: String, value: Double)?
    /// Why the book was left out of the consensus, if it was.
    package let excludedBecause: String?

    package static func == (a: Reference, b: Reference) -> Bool {
      a.book == b.book && a.prices == b.prices && a.fairProbabilities == b.fairProbabilities
        && a.excludedBecause == b.excludedBecause
    }
    package func hash(into h: inout Hasher) { h.combine(book); h.combine(prices) }
  }

  package let bet: BetReport
  package let method: DevigMethod
  package let selections: [String]
  package let references: [Reference]
  package let consensus: [Double]?
  package let best: BookPrice?
  package let stake: Double
  /// EV per cent at the best price, nil when withheld.
  package var evPercentAtBest: Double? { best?.evPercent }
  /// stake * (d_eff * fair_p - 1) at the best price.
  package var expectedProfit: Double? { evPercentAtBest.map { stake * $0 / 100 } }

  /// The fair price of each selection in the consensus.
  package var consensusOdds: [Odds?] { consensus?.map { try? Odds(probability: $0) } ?? [] }
}

extension FairOddsReport {
  /// The worked example behind one bet, EV in money for `stake`.
  package func explanation(of bet: BetReport, stake: Double = 100) -> BetExplanation {
    let market = markets[bet.marketIndex]
    let references = market.references.map { r in
      BetExplanation.Reference(
        book: r.book, prices: r.prices, impliedProbabilities: r.prices.map(\.impliedProbability),
        vig: r.devig.margin, fairProbabilities: r.devig.probabilities, parameter: r.devig.namedParameter,
        excludedBecause: r.excludedBecause)
    }
    return BetExplanation(
      bet: bet, method: policy.method, selections: market.selections, references: references,
      consensus: market.consensus, best: bet.best, stake: stake)
  }
}
