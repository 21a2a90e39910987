import OddsMath
import Simulation
import UseCases

/// The `ev_metrics` object and `verdict` of the betting agent's batch and tonight responses, in
/// each endpoint's units and roundings and by the configured rules (`AgentFields`). mcsim adds
/// the full Kelly stakes and the better side's EV and edge, in the units of their siblings.
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
  /// The game's verdict under the same rules (not a key of `ev_metrics`).
  package let verdict: TotalsVerdict

  /// Nil for a game without priced totals.
  package init?(_ game: SlateGameResult, fields: AgentFields) {
    guard let mcsim = game.evMetrics, let mc = game.monteCarlo, let over = game.overOdds, let under = game.underOdds,
      let overOdds = try? Odds(decimal: over), let underOdds = try? Odds(decimal: under)
    else { return nil }
    let m: TotalsEVMetrics
    switch fields.rules {
    case .agent:
      (m, verdict) = AgentAdvice.totals(pOver: mc.pOver, pUnder: mc.pUnder, pPush: mc.pPush, overOdds: overOdds, underOdds: underOdds)
    case .mcsim:
      m = mcsim
      verdict = game.verdict
    }
    let round = PythonRound.rounded
    let ev: (Double) -> Double = fields.endpoint == .batch ? { round($0, 4) } : { round(100 * $0, 2) }
    let kelly: (Double) -> Double = fields.endpoint == .batch ? { round($0, 4) } : { round(100 * $0, 2) }
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
