import OddsMath

/// The thresholds behind the advice, in words, and the config file they came from (null when
/// none was read).
package struct AdviceMethodology: Sendable, ContractObject {
  package let policy: AdvicePolicy

  package init(_ policy: AdvicePolicy) { self.policy = policy }

  package func writeFields(to fields: inout some FieldWriter) throws {
    for (key, text) in policy.summary.sorted(by: { $0.key < $1.key }) { try fields.field(key, text) }
    try fields.field("config", policy.configFile)
    try fields.field("bankroll", policy.bankroll)
    try fields.field("max_exposure", policy.maxExposure)
    try fields.field("max_market_gap", policy.maxMarketGap)
    try fields.field("blend", policy.blend)
    try fields.field("trust_model", policy.trustModel)
    try fields.field("min_ev", policy.minEV)
    try fields.field("min_edge", policy.minEdge)
    try fields.field("max_ev_interval", policy.maxEVHalfWidth)
    try fields.field("kelly_fraction", policy.kelly.fraction)
    try fields.field("kelly_cap", policy.kelly.cap)
  }
}
