import OddsMath

/// The thresholds behind the advice, in words, and the config file they came from (null when
/// none was read).
public struct AdviceMethodology: Sendable, Encodable {
  public let policy: AdvicePolicy

  public init(_ policy: AdvicePolicy) { self.policy = policy }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: NamedKey.self)
    for (key, text) in policy.summary.sorted(by: { $0.key < $1.key }) { try c.encode(text, forKey: NamedKey(key)) }
    try c.encode(policy.configFile, forKey: NamedKey("config"))
    try c.encode(policy.bankroll, forKey: NamedKey("bankroll"))
    try c.encode(policy.maxExposure, forKey: NamedKey("max_exposure"))
    try c.encode(policy.maxMarketGap, forKey: NamedKey("max_market_gap"))
    try c.encode(policy.blend, forKey: NamedKey("blend"))
    try c.encode(policy.trustModel, forKey: NamedKey("trust_model"))
    try c.encode(policy.minEV, forKey: NamedKey("min_ev"))
    try c.encode(policy.minEdge, forKey: NamedKey("min_edge"))
    try c.encode(policy.maxEVHalfWidth, forKey: NamedKey("max_ev_interval"))
    try c.encode(policy.kelly.fraction, forKey: NamedKey("kelly_fraction"))
    try c.encode(policy.kelly.cap, forKey: NamedKey("kelly_cap"))
  }
}
