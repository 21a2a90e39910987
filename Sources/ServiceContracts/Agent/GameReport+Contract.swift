import OddsMath
import Simulation

/// The agent's `/api/monte-carlo/simulate` `result` (CONTRACTS.md section 1) with mcsim's additions;
/// `analytic` is null when the model has no closed form.
extension GameReport: ContractObject {
  public func writeFields(to fields: inout some FieldWriter) throws {
    try fields.field("advice", advice)
    try fields.field("analytic", analytic)
    try fields.fieldIfPresent("conditional_scenarios", conditionalScenarios)
    try fields.field("direction", direction.rawValue)
    try fields.field("ev_metrics", evMetrics)
    try fields.field("methodology", ["advice": AdviceMethodology(policy)])
    try fields.field("our_ev", ourEV)
    try fields.field("our_kelly", ourKelly)
    try fields.field("our_probability", ourProbability)
    try fields.fieldIfPresent("scenarios", scenarios)
    try fields.fieldIfPresent("sensitivity", sensitivity)
    try fields.field("simulation", simulation)
    try fields.field("total_histogram", totalHistogram)
    try fields.field("verdict", verdict)
  }
}
