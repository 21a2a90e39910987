import OddsMath
import Simulation
import UseCases

/// The `ev_metrics` object of the betting agent's batch and tonight responses: the advice the
/// pricing put in the agent's fields (`AgentTotals`) in each endpoint's units and roundings
/// (`AgentEndpoint`). mcsim adds the full Kelly stakes and the better side's EV and edge, in the
/// units of their siblings.
package struct SlateEVMetrics: Hashable, Sendable, Encodable {
  package let evOver: Double
  package let evUnder: Double
  package let edgeOver: Double
  package let edgeUnder: Double
  package let kellyOver: Double
  package let kellyUnder: Double
  package let recommendedBet: TotalsRecommendation
  package let kellyOverFull: Double
  package let kellyUnderFull: Double
  package let bestEV: Double
  package let bestEdge: Double

  package init(_ totals: AgentTotals, endpoint: AgentEndpoint) {
    let m = totals.metrics
    let round = PythonRound.rounded
    let ev: (Double) -> Double = endpoint == .batch ? { round($0, 4) } : { round(100 * $0, 2) }
    let kelly: (Double) -> Double = endpoint == .batch ? { round($0, 4) } : { round(100 * $0, 2) }
    let edge: (Double) -> Double = { round(100 * round($0, 4), 1) }
    evOver = ev(m.evOver)
    evUnder = ev(m.evUnder)
    edgeOver = edge(m.edgeOver)
    edgeUnder = edge(m.edgeUnder)
    kellyOver = kelly(m.kellyOverFractional)
    kellyUnder = kelly(m.kellyUnderFractional)
    recommendedBet = m.recommendedBet
    kellyOverFull = kelly(m.kellyOverFull)
    kellyUnderFull = kelly(m.kellyUnderFull)
    bestEV = ev(m.bestEV)
    bestEdge = edge(m.bestEdge)
  }

  enum CodingKeys: String, CodingKey {
    case evOver = "ev_over", evUnder = "ev_under", edgeOver = "edge_over", edgeUnder = "edge_under"
    case kellyOver = "kelly_over", kellyUnder = "kelly_under", recommendedBet = "recommended_bet"
    case kellyOverFull = "kelly_over_full", kellyUnderFull = "kelly_under_full"
    case bestEV = "best_ev", bestEdge = "best_edge"
  }
}
