/// Whose rules fill the betting agent's advice fields (`verdict`, `recommended_bet`, `kelly_*`)
/// in its simulate, batch and tonight answers.
///
/// - `agent`: the agent's own code, so a client that switches its base URL reads the same advice
///   under the same names: `recommended_bet` on the better side's EV (above 6%, 3%, 0:
///   `TotalsRecommendation(evOver:evUnder:)`), `verdict` on the edges p - 1/odds (above 8%, 3%,
///   the under first: `TotalsVerdict(edgeOver:edgeUnder:)`), quarter Kelly capped at 5%.
/// - `mcsim`: mcsim's one advice policy (`AdvicePolicy`: intervals, market gap gate, fractional
///   Kelly and cap) in those fields too.
///
/// mcsim's own advice is sent beside the agent's fields under mcsim's names either way.
public enum AgentAdviceRules: String, Sendable, CaseIterable {
  case agent, mcsim
}
