import OddsMath
import Simulation
import UseCases

/// The agent's `/api/monte-carlo/simulate` `result` (docs/contracts.md, "Betting agent") with
/// mcsim's additions; `analytic` is null when the model has no closed form. `mcsim run --json`
/// writes it with mcsim's policy in every field.
extension GameReport: ContractObject {
  package func writeFields(to fields: inout some FieldWriter) throws {
    try SimulateAnswer(self, agent: AgentTotals(self, rules: .mcsim)).writeFields(to: &fields)
  }
}

/// The simulate `result` with the pricing's advice in the agent's fields (`ev_metrics`,
/// `our_ev`, `our_kelly`, `verdict`; `AgentTotals`): under the agent's rules in its shape and
/// roundings, under mcsim's policy in mcsim's. mcsim's own advice is in `advice` either way.
package struct SimulateAnswer: ContractObject, Sendable {
  package let report: GameReport
  package let agent: AgentTotals

  package init(_ report: GameReport, agent: AgentTotals) {
    self.report = report
    self.agent = agent
  }

  package init(_ priced: PricedGame) {
    self.init(priced.report, agent: priced.agent)
  }

  package func writeFields(to fields: inout some FieldWriter) throws {
    let r = report, rules = agent.rules, metrics = agent.metrics, verdict = agent.verdict
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
