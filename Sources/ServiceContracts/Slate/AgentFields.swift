import OddsMath

/// How a slate's games fill the betting agent's fields, which differ by endpoint in the agent's
/// own code (docs/contracts.md, "Betting agent"):
///
/// | field | batch | tonight |
/// | --- | --- | --- |
/// | `ev_over`, `ev_under` | fraction, 4 places | percent, 2 places |
/// | `edge_over`, `edge_under` | percent, 1 place | percent, 1 place |
/// | `kelly_over`, `kelly_under` | fraction, 4 places | percent, 2 places |
///
/// and whose rules fill `verdict`, `recommended_bet` and `kelly_*` (`AgentAdviceRules`): the
/// agent's (on the simulated probabilities, quarter Kelly capped at 5%) or mcsim's policy. mcsim's
/// own advice is always in `advice` and `best_bet` beside them.
package struct AgentFields: Sendable {
  package enum Endpoint: Sendable { case batch, tonight }

  package var endpoint: Endpoint
  package var rules: AgentAdviceRules

  package init(endpoint: Endpoint, rules: AgentAdviceRules) {
    self.endpoint = endpoint
    self.rules = rules
  }
}
