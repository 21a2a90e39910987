import OddsMath
import Simulation

/// The agent's `/api/monte-carlo/simulate` `result` (CONTRACTS.md section 1) with mcsim's additions;
/// `analytic` is null when the model has no closed form.
extension GameReport: Encodable {
  enum WireKeys: String, CodingKey {
    case simulation, evMetrics = "ev_metrics", direction, ourProbability = "our_probability"
    case ourEV = "our_ev", ourKelly = "our_kelly", verdict, analytic, totalHistogram = "total_histogram"
    case scenarios, sensitivity, advice, methodology, conditionalScenarios = "conditional_scenarios"
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode(simulation, forKey: .simulation)
    try c.encode(evMetrics, forKey: .evMetrics)
    try c.encode(direction, forKey: .direction)
    try c.encode(ourProbability, forKey: .ourProbability)
    try c.encode(ourEV, forKey: .ourEV)
    try c.encode(ourKelly, forKey: .ourKelly)
    try c.encode(verdict, forKey: .verdict)
    try c.encode(analytic, forKey: .analytic)
    try c.encode(totalHistogram, forKey: .totalHistogram)
    try c.encode(advice, forKey: .advice)
    try c.encode(["advice": AdviceMethodology(policy)], forKey: .methodology)
    try c.encodeIfPresent(scenarios, forKey: .scenarios)
    try c.encodeIfPresent(sensitivity, forKey: .sensitivity)
    try c.encodeIfPresent(conditionalScenarios, forKey: .conditionalScenarios)
  }
}
