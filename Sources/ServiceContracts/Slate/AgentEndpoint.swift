/// The endpoint whose units a slate's games take in the betting agent's fields, which differ by
/// endpoint in the agent's own code (docs/contracts.md, "Betting agent"):
///
/// | field | batch | tonight |
/// | --- | --- | --- |
/// | `ev_over`, `ev_under` | fraction, 4 places | percent, 2 places |
/// | `edge_over`, `edge_under` | percent, 1 place | percent, 1 place |
/// | `kelly_over`, `kelly_under` | fraction, 4 places | percent, 2 places |
///
/// Whose rules fill `verdict`, `recommended_bet` and `kelly_*` is the pricing's
/// (`AgentSlateGame.totals`); mcsim's own advice is always in `advice` and `best_bet` beside them.
package enum AgentEndpoint: Sendable { case batch, tonight }
