import OddsMath

/// The thresholds behind the advice, in words, and the config file they came from (null when
/// none was read).
package struct AdviceMethodology: Sendable, ContractObject {
  package let policy: AdvicePolicy

  package init(_ policy: AdvicePolicy) { self.policy = policy }

  package func writeFields(to fields: inout some FieldWriter) throws {
    for (key, text) in Self.summary(policy).sorted(by: { $0.key < $1.key }) { try fields.field(key, text) }
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

  /// The thresholds in words: the contract's `methodology.advice` sentences.
  static func summary(_ p: AdvicePolicy) -> [String: String] {
    [
      "probability":
        "the model's exact probability where it has one (normal scores), else the simulated one; with blend W < 1, W x model + (1 - W) x devigged market"
        + (p.poolWeights.isEmpty
          ? ""
          : "; else pooled in log-odds with the devigged market, the model's weight (the model file's fit) "
            + p.poolWeights.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \(rounded($0.value))" }
            .joined(separator: ", ")),
      "grades":
        "STRONG_BET when EV > 6%, BET when EV > 3%, LEAN when EV > 0, else NO_BET; verdict STRONG_<side> for STRONG_BET, LEAN_<side> for BET and LEAN, NEUTRAL for NO_BET",
      "simulation_only":
        "recommended only when the 95% interval of EV excludes 0 and is at most \(percent(p.maxEVHalfWidth)) wide each way; staked at the interval's lower end",
      "market":
        "devigged market probability (sharp books first) beside the model's; a gap above \(percent(p.maxMarketGap)) flags model_market_disagree and withholds the stake\(p.trustModel ? " (not withheld: trust_model)" : "")",
      "filters": "EV above \(percent(p.minEV)) and settled edge (pushes set aside) above \(percent(p.minEdge))",
      "stakes":
        "\(p.kelly.fraction) x Kelly, at most \(percent(p.kelly.cap)) a bet; a slate's bets staked together (joint Kelly over the game's joint score distribution for bets on one game) and scaled to at most \(percent(p.maxExposure)) of bankroll \(p.bankroll)",
    ]
  }

  static func rounded(_ x: Double) -> Double { (x * 1000).rounded() / 1000 }

  static func percent(_ x: Double) -> String {
    let p = 100 * x
    return p == p.rounded() ? "\(Int(p))%" : "\(p)%"
  }
}
