/// "Show the math" for one bet: each reference book's implied probabilities, its vig and its
/// devigged probabilities; the consensus fair probabilities and odds; and EV at the best price,
/// per cent and in money for a stake.
public struct BetExplanation: Hashable, Sendable {
  /// One reference book's market, worked through.
  public struct Reference: Hashable, Sendable {
    public let book: String
    public let prices: [Odds]
    public let impliedProbabilities: [Double]
    /// sum(implied) - 1.
    public let vig: Double
    public let fairProbabilities: [Double]
    /// The devig method's parameter (k, z, c, lambda), if any.
    public let parameter: (name: String, value: Double)?
    /// Why the book was left out of the consensus, if it was.
    public let excludedBecause: String?

    public static func == (a: Reference, b: Reference) -> Bool {
      a.book == b.book && a.prices == b.prices && a.fairProbabilities == b.fairProbabilities
        && a.excludedBecause == b.excludedBecause
    }
    public func hash(into h: inout Hasher) { h.combine(book); h.combine(prices) }
  }

  public let bet: BetReport
  public let method: DevigMethod
  public let selections: [String]
  public let references: [Reference]
  public let consensus: [Double]?
  public let best: BookPrice?
  public let stake: Double
  /// EV per cent at the best price, nil when withheld.
  public var evPercentAtBest: Double? { best?.evPercent }
  /// stake * (d_eff * fair_p - 1) at the best price.
  public var expectedProfit: Double? { evPercentAtBest.map { stake * $0 / 100 } }

  /// The fair price of each selection in the consensus.
  public var consensusOdds: [Odds?] { consensus?.map { try? Odds(probability: $0) } ?? [] }
}

extension FairOddsReport {
  /// The worked example behind one bet, EV in money for `stake`.
  public func explanation(of bet: BetReport, stake: Double = 100) -> BetExplanation {
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
