import Foundation
import OddsMath

// JSON shapes of the fair-odds results. Field names are the replaced service's (docs/contracts.md
// section 2: ev_percent, implied_prob, true_prob, is_sharp, ev_method, ev_confidence_tier,
// ev_disabled_reason, reference_price); the rest are additions. Odds appear as decimal numbers
// with an `_american` companion. Dates are encoded with the encoder's date strategy.

extension BookPrice: Encodable {
  enum CodingKeys: String, CodingKey {
    case book, price, american = "price_american", impliedProbability = "implied_prob"
    case trueProbability = "true_prob", evPercent = "ev_percent", isSharp = "is_sharp"
    case isStale = "is_stale", fee, observedAt = "observed_at"
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(book, forKey: .book)
    try c.encode(price.decimal, forKey: .price)
    try c.encode(price.american, forKey: .american)
    try c.encode(impliedProbability, forKey: .impliedProbability)
    try c.encode(trueProbability, forKey: .trueProbability)
    try c.encode(evPercent, forKey: .evPercent)
    try c.encode(isSharp, forKey: .isSharp)
    try c.encode(isStale, forKey: .isStale)
    try c.encode(fee, forKey: .fee)
    try c.encode(observedAt, forKey: .observedAt)
  }
}

extension BetReport: Encodable {
  enum CodingKeys: String, CodingKey {
    case id, bet, event, market, selection, line, category, opposing
    case fairProbability = "fair_prob", fairDecimal = "fair_decimal", fairAmerican = "fair_american"
    case evMethod = "ev_method", confidenceTier = "ev_confidence_tier"
    case disabledReason = "ev_disabled_reason", referencePrice = "reference_price"
    case medianPrice = "median_price", best, books
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(id, forKey: .id)
    try c.encode(label, forKey: .bet)
    try c.encode(event, forKey: .event)
    try c.encode(market, forKey: .market)
    try c.encode(selection, forKey: .selection)
    try c.encode(line, forKey: .line)
    try c.encode(category, forKey: .category)
    try c.encode(opposing, forKey: .opposing)
    try c.encode(fairProbability, forKey: .fairProbability)
    try c.encode(fairOdds?.decimal, forKey: .fairDecimal)
    try c.encode(fairOdds?.american, forKey: .fairAmerican)
    try c.encode(evMethod, forKey: .evMethod)
    try c.encode(confidenceTier, forKey: .confidenceTier)
    try c.encode(disabledReason, forKey: .disabledReason)
    try c.encode(referencePrice?.decimal, forKey: .referencePrice)
    try c.encode(medianPrice?.decimal, forKey: .medianPrice)
    try c.encode(best, forKey: .best)
    try c.encode(prices, forKey: .books)
  }
}

extension FairOddsReport: Encodable {
  enum CodingKeys: String, CodingKey {
    case asOf = "as_of", method, sharpBooks = "sharp_books", bets, issues, rejected, warnings
  }

  public func encode(to encoder: any Encoder) throws { try encode(to: encoder, warnings: []) }

  /// The report, and its input's warnings (ambiguous prices, worded; omitted when empty).
  func encode(to encoder: any Encoder, warnings: [String]) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    if !warnings.isEmpty { try c.encode(warnings, forKey: .warnings) }
    try c.encode(asOf, forKey: .asOf)
    try c.encode(policy.method, forKey: .method)
    try c.encode(policy.sharpBooks, forKey: .sharpBooks)
    try c.encode(bets, forKey: .bets)
    try c.encode(issues, forKey: .issues)
    try c.encode(rejected.map(\.description), forKey: .rejected)
  }
}

/// `POST /api/odds/fair`'s answer: the report, with the warnings of the body it was read from.
package struct FairOddsAnswer: Encodable, Sendable {
  package let report: FairOddsReport
  package let warnings: [String]

  package init(_ report: FairOddsReport, warnings: [String]) {
    self.report = report
    self.warnings = warnings
  }

  package func encode(to encoder: any Encoder) throws { try report.encode(to: encoder, warnings: warnings) }
}

extension BetExplanation: Encodable {
  enum CodingKeys: String, CodingKey {
    case bet, method, selections, references, consensus, consensusDecimal = "consensus_decimal"
    case best, stake, evPercent = "ev_percent", expectedProfit = "expected_profit"
  }
  enum ReferenceKeys: String, CodingKey {
    case book, prices, implied = "implied_probs", vig, fair = "fair_probs", parameter
    case parameterName = "parameter_name", excluded = "excluded_because"
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(bet, forKey: .bet)
    try c.encode(method, forKey: .method)
    try c.encode(selections, forKey: .selections)
    var refs = c.nestedUnkeyedContainer(forKey: .references)
    for r in references {
      var rc = refs.nestedContainer(keyedBy: ReferenceKeys.self)
      try rc.encode(r.book, forKey: .book)
      try rc.encode(r.prices.map(\.decimal), forKey: .prices)
      try rc.encode(r.impliedProbabilities, forKey: .implied)
      try rc.encode(r.vig, forKey: .vig)
      try rc.encode(r.fairProbabilities, forKey: .fair)
      try rc.encode(r.parameter?.name, forKey: .parameterName)
      try rc.encode(r.parameter?.value, forKey: .parameter)
      try rc.encode(r.excludedBecause, forKey: .excluded)
    }
    try c.encode(consensus, forKey: .consensus)
    try c.encode(consensusOdds.map { $0?.decimal }, forKey: .consensusDecimal)
    try c.encode(best, forKey: .best)
    try c.encode(stake, forKey: .stake)
    try c.encode(evPercentAtBest, forKey: .evPercent)
    try c.encode(expectedProfit, forKey: .expectedProfit)
  }
}
