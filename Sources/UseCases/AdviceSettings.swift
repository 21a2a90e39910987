import Calibration
import OddsMath
import Simulation

/// The advice policy's settings as one layer gives them (a config file's keys, a command's
/// options): each nil leaves the layer below it. Written once, for the config file, every
/// command and the server: the keys, and the one range rule (`AdvicePolicy.validate`) each
/// value is checked by, refused under its key.
package struct AdviceSettings: Sendable, Hashable {
  package var bankroll: Double?
  package var kellyFraction: Double?
  package var kellyCap: Double?
  package var maxExposure: Double?
  package var minEV: Double?
  package var minEdge: Double?
  package var maxMarketGap: Double?
  package var maxEVInterval: Double?
  package var blend: Double?
  package var trustModel: Bool?

  package init() {}

  /// Each number setting, by its key as files name it (an option's name is `--` and the key
  /// with dashes: `max_ev_interval`, `--max-ev-interval`), with where it sets the policy.
  static var numbers: [(key: String, setting: KeyPath<AdviceSettings, Double?>, policy: WritableKeyPath<AdvicePolicy, Double>)] {
    [
      ("bankroll", \.bankroll, \.bankroll), ("kelly_fraction", \.kellyFraction, \.kelly.fraction),
      ("kelly_cap", \.kellyCap, \.kelly.cap), ("max_exposure", \.maxExposure, \.maxExposure), ("min_ev", \.minEV, \.minEV),
      ("min_edge", \.minEdge, \.minEdge), ("max_market_gap", \.maxMarketGap, \.maxMarketGap),
      ("max_ev_interval", \.maxEVInterval, \.maxEVHalfWidth), ("blend", \.blend, \.blend),
    ]
  }

  /// These settings over `policy`, each checked as it is set; the first refused names its key.
  package func apply(to policy: inout AdvicePolicy) throws(InputError) {
    for (key, setting, path) in Self.numbers {
      guard let value = self[keyPath: setting] else { continue }
      policy[keyPath: path] = value
      do { try policy.validate() } catch {
        throw .invalid(field: key, value: PlainNumber.text(value), reason: error.reason)
      }
    }
    if let trustModel { policy.trustModel = trustModel }
  }

  /// The advice policy of a run, in the one order: the defaults, pooled with the market at
  /// `pooling`'s weights (a model's fit) unless a layer sets a blend, then `config`'s settings
  /// (read from `configSource`), then these (the options given).
  package func policy(over config: AdviceSettings?, configSource: String?, pooling: PoolingWeights? = nil)
    throws(InputError) -> AdvicePolicy
  {
    var policy = Self.pooled(Defaults.advice, at: pooling, blendSet: blend != nil || config?.blend != nil)
    try config?.apply(to: &policy)
    if let configSource { policy.configFile = configSource }
    try apply(to: &policy)
    return policy
  }

  /// `advice` pooled with the market at `pooling`'s weights, by market, unless `blendSet` or
  /// there is no fitted weight: the one rule of every command and the server.
  static func pooled(_ advice: AdvicePolicy, at pooling: PoolingWeights?, blendSet: Bool) -> AdvicePolicy {
    guard let pooling, !blendSet else { return advice }
    var pooled = advice
    pooled.poolWeights = pooling.byMarket
    return pooled
  }
}
