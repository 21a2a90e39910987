import OddsMath

/// The `ev_metrics` object of the betting agent's batch and tonight responses (CONTRACTS.md
/// section 1): EV per unit staked, edge (p - 1/odds) and the fractional Kelly stake of each
/// side, **in percent** as those endpoints gave them, and the recommendation. mcsim adds the
/// full Kelly stakes and the better side's EV and edge, in percent too.
public struct SlateEVMetrics: Hashable, Sendable, Encodable {
  public let evOver: Double
  public let evUnder: Double
  public let edgeOver: Double
  public let edgeUnder: Double
  /// Fractional Kelly stake (the policy's fraction of full Kelly, capped), percent of bankroll.
  public let kellyOver: Double
  public let kellyUnder: Double
  public let recommendedBet: TotalsRecommendation
  public let kellyOverFull: Double
  public let kellyUnderFull: Double
  public let bestEV: Double
  public let bestEdge: Double

  public init(_ m: TotalsEVMetrics) {
    evOver = 100 * m.evOver
    evUnder = 100 * m.evUnder
    edgeOver = 100 * m.edgeOver
    edgeUnder = 100 * m.edgeUnder
    kellyOver = 100 * m.kellyOverFractional
    kellyUnder = 100 * m.kellyUnderFractional
    recommendedBet = m.recommendedBet
    kellyOverFull = 100 * m.kellyOverFull
    kellyUnderFull = 100 * m.kellyUnderFull
    bestEV = 100 * m.bestEV
    bestEdge = 100 * m.bestEdge
  }

  enum CodingKeys: String, CodingKey {
    case evOver = "ev_over", evUnder = "ev_under", edgeOver = "edge_over", edgeUnder = "edge_under"
    case kellyOver = "kelly_over", kellyUnder = "kelly_under", recommendedBet = "recommended_bet"
    case kellyOverFull = "kelly_over_full", kellyUnderFull = "kelly_under_full"
    case bestEV = "best_ev", bestEdge = "best_edge"
  }
}
