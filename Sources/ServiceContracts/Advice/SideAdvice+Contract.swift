import OddsMath

/// One side's advice (mcsim's own fields, fractions): the probability it stands on and where it
/// came from, the simulated one beside it, the market's devigged probability and the gap, EV and
/// edge, the EV interval and the simulations needed (simulation only), the grade, what withholds
/// it, the full Kelly and the single-bet stake. Pooled with the market (a model file's weights),
/// `probability` is the pooled one, with `model_probability` and `pool_weight` beside it.
extension SideAdvice: ContractObject {
  package func writeFields(to fields: inout some FieldWriter) throws {
    try fields.field("edge", edge)
    try fields.field("edge_settled", settledEdge)
    try fields.field("ev", ev)
    try fields.fieldIfPresent("ev_ci_95", evInterval)
    try fields.field("ev_simulated", simulatedEV)
    try fields.field("exact_probability", source == .exact ? model.win : nil)
    try fields.field("grade", grade)
    try fields.field("kelly_full", fullKelly)
    try fields.field("market_gap", marketGap)
    try fields.field("market_method", market?.method.rawValue)
    try fields.field("market_probability", market?.probability)
    try fields.fieldIfPresent("model_probability", poolWeight == nil ? nil : model.win)
    try fields.field("p_push", probabilities.push)
    try fields.fieldIfPresent("pool_weight", poolWeight)
    try fields.field("probability", probabilities.win)
    try fields.field("probability_source", source)
    try fields.field("recommended", recommended)
    try fields.field("simulated_probability", simulatedWin)
    try fields.fieldIfPresent("simulations_needed", simulationsNeeded)
    try fields.field("stake", stake)
    try fields.fieldIfPresent("stake_amount", stakeAmount)
    try fields.field("withheld", withheld)
  }
}

extension ProbabilitySource: ContractString {}

extension BetStrength: ContractString {}

extension WithheldReason: ContractString {}
