import OddsMath
import Simulation
import UseCases

/// The agent's `/api/monte-carlo/simulate` `result` (docs/contracts.md, "Betting agent") with
/// mcsim's additions; `analytic` is null when the model has no closed form. `mcsim run --json`
/// writes it with mcsim's policy in every field.
extension GameReport: ContractObject {
  package func writeFields(to fields: inout some FieldWriter) throws {
    try SimulateAnswer(self, rules: .mcsim).writeFields(to: &fields)
  }
}

/// The simulate `result` with `rules` in the agent's advice fields (`ev_metrics`, `our_ev`,
/// `our_kelly`, `verdict`): the agent's (its EV, edge and quarter Kelly capped at 5% on the
/// simulated probabilities rounded to 4 places, as its code computes them) or mcsim's policy.
/// mcsim's own advice is in `advice` either way.
package struct SimulateAnswer: ContractObject, Sendable {
  package let report: GameReport
  package let rules: AgentAdviceRules

  package init(_ report: GameReport, rules: AgentAdviceRules) {
    self.report = report
    self.rules = rules
  }

  package func writeFields(to fields: inout some FieldWriter) throws {
    let r = report
    var metrics = r.evMetrics
    var verdict = r.verdict
    if rules == .agent, let over = try? Odds(decimal: r.evMetrics.oddsUsed.over),
      let under = try? Odds(decimal: r.evMetrics.oddsUsed.under)
    {
      let s = r.simulation
      (metrics, verdict) = AgentAdvice.totals(pOver: s.pOver, pUnder: s.pUnder, pPush: s.pPush, overOdds: over, underOdds: under)
    }
    let over = r.direction == .over
    try fields.field("advice", r.advice)
    try fields.field("analytic", r.analytic)
    try fields.fieldIfPresent("conditional_scenarios", r.conditionalScenarios)
    try fields.field("direction", r.direction.rawValue)
    if rules == .agent {
      try fields.field("ev_metrics", AgentEVMetrics(metrics: metrics))
    } else {
      try fields.field("ev_metrics", metrics)
    }
    try fields.field("methodology", ["advice": AdviceMethodology(r.policy)])
    let r4 = { PythonRound.rounded($0, 4) }
    try fields.field("our_ev", rules == .agent ? r4(over ? metrics.evOver : metrics.evUnder) : r.ourEV)
    try fields.field(
      "our_kelly", rules == .agent ? r4(over ? metrics.kellyOverFractional : metrics.kellyUnderFractional) : r.ourKelly)
    try fields.field(
      "our_probability", rules == .agent ? PythonRound.rounded(over ? r.simulation.pOver : r.simulation.pUnder, 4) : r.ourProbability)
    if !r.periods.isEmpty { try fields.field("periods", PeriodsBlock(r.periods)) }
    if let live = r.inPlay { try fields.field("remaining", RemainingBlock(live)) }
    try fields.fieldIfPresent("scenarios", r.scenarios)
    try fields.fieldIfPresent("sensitivity", r.sensitivity)
    try fields.field("simulation", r.simulation)
    if let live = r.inPlay { try fields.field("state", StateBlock(live.state)) }
    try fields.field("total_histogram", r.totalHistogram)
    try fields.field("verdict", verdict)
  }
}
