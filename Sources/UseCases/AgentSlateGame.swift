import OddsMath
import Simulation

/// A slate's game as the betting agent's batch and tonight answers show it: its result, the
/// advice in the agent's fields by the rules configured (`AgentTotals`, nil without priced
/// totals), and the agent's `edge` (`AgentAdvice.edge`).
package struct AgentSlateGame: Sendable {
  package let result: SlateGameResult
  package let totals: AgentTotals?
  package let edge: Double?

  package init(_ result: SlateGameResult, rules: AgentAdviceRules) {
    self.result = result
    totals = AgentTotals(result, rules: rules)
    edge = AgentAdvice.edge(of: result)
  }
}
