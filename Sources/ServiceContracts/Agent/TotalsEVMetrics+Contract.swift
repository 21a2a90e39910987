import OddsMath

/// The agent's `ev_metrics` of `/api/monte-carlo/simulate` (CONTRACTS.md section 1): fractions.
extension TotalsEVMetrics: Encodable {
  enum WireKeys: String, CodingKey {
    case evOver = "ev_over", evUnder = "ev_under", edgeOver = "edge_over", edgeUnder = "edge_under"
    case impliedOver = "implied_over", impliedUnder = "implied_under", kellyOverFull = "kelly_over_full"
    case kellyUnderFull = "kelly_under_full", kellyOverFractional = "kelly_over_fractional"
    case kellyUnderFractional = "kelly_under_fractional", recommendedBet = "recommended_bet"
    case bestEV = "best_ev", bestEdge = "best_edge", oddsUsed = "odds_used"
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode(evOver, forKey: .evOver)
    try c.encode(evUnder, forKey: .evUnder)
    try c.encode(edgeOver, forKey: .edgeOver)
    try c.encode(edgeUnder, forKey: .edgeUnder)
    try c.encode(impliedOver, forKey: .impliedOver)
    try c.encode(impliedUnder, forKey: .impliedUnder)
    try c.encode(kellyOverFull, forKey: .kellyOverFull)
    try c.encode(kellyUnderFull, forKey: .kellyUnderFull)
    try c.encode(kellyOverFractional, forKey: .kellyOverFractional)
    try c.encode(kellyUnderFractional, forKey: .kellyUnderFractional)
    try c.encode(recommendedBet, forKey: .recommendedBet)
    try c.encode(bestEV, forKey: .bestEV)
    try c.encode(bestEdge, forKey: .bestEdge)
    try c.encode(oddsUsed, forKey: .oddsUsed)
  }
}

extension TotalsEVMetrics.OddsUsed: Encodable {
  enum WireKeys: String, CodingKey {
    case over, under
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode(over, forKey: .over)
    try c.encode(under, forKey: .under)
  }
}
