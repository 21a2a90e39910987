import OddsMath
import UseCases

/// The agent's `ev_metrics` of `/api/monte-carlo/simulate` (docs/contracts.md, "Betting agent"): fractions.
extension TotalsEVMetrics: ContractObject {
  package func writeFields(to fields: inout some FieldWriter) throws {
    try fields.field("best_edge", bestEdge)
    try fields.field("best_ev", bestEV)
    try fields.field("edge_over", edgeOver)
    try fields.field("edge_under", edgeUnder)
    try fields.field("ev_over", evOver)
    try fields.field("ev_under", evUnder)
    try fields.field("implied_over", impliedOver)
    try fields.field("implied_under", impliedUnder)
    try fields.field("kelly_over_fractional", kellyOverFractional)
    try fields.field("kelly_over_full", kellyOverFull)
    try fields.field("kelly_under_fractional", kellyUnderFractional)
    try fields.field("kelly_under_full", kellyUnderFull)
    try fields.field("odds_used", oddsUsed)
    try fields.field("recommended_bet", recommendedBet)
  }
}

/// The agent's simulate `ev_metrics` as its code wrote them: every figure to 4 places (numpy's
/// round), the prices used as given.
struct AgentEVMetrics: ContractObject, Sendable {
  let metrics: TotalsEVMetrics

  func writeFields(to fields: inout some FieldWriter) throws {
    let m = metrics
    let r = { PythonRound.rounded($0, 4) }
    try fields.field("best_edge", r(m.bestEdge))
    try fields.field("best_ev", r(m.bestEV))
    try fields.field("edge_over", r(m.edgeOver))
    try fields.field("edge_under", r(m.edgeUnder))
    try fields.field("ev_over", r(m.evOver))
    try fields.field("ev_under", r(m.evUnder))
    try fields.field("implied_over", r(m.impliedOver))
    try fields.field("implied_under", r(m.impliedUnder))
    try fields.field("kelly_over_fractional", r(m.kellyOverFractional))
    try fields.field("kelly_over_full", r(m.kellyOverFull))
    try fields.field("kelly_under_fractional", r(m.kellyUnderFractional))
    try fields.field("kelly_under_full", r(m.kellyUnderFull))
    try fields.field("odds_used", m.oddsUsed)
    try fields.field("recommended_bet", m.recommendedBet)
  }
}

extension TotalsEVMetrics.OddsUsed: ContractObject {
  package func writeFields(to fields: inout some FieldWriter) throws {
    try fields.field("over", over)
    try fields.field("under", under)
  }
}

extension TotalsRecommendation: ContractString {}

extension TotalsVerdict: ContractString {}
