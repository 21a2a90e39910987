/// What turns a priced bet into advice: which bets are recommended, how much is staked on each
/// and on the whole slate. Every threshold is stated in the output's `methodology` and in
/// docs/one-game.md ("Advice"); `mcsim.json` and the command line set them.
///
/// One verdict scale (`BetStrength`, the replaced service's EV tiers) grades every bet:
///   STRONG_BET  EV > 6%,   BET  EV > 3%,   LEAN  EV > 0,   else NO_BET,
/// after the gates below; the agent's per-game `verdict` is read off the same grade
/// (`TotalsVerdict(recommendation:)`).
public struct AdvicePolicy: Hashable, Sendable {
  /// Fraction of full Kelly, and the most one bet may take (fractions of bankroll).
  public var kelly: KellyPolicy
  /// A bet is recommended only when its EV per unit staked is above this, in [-1, 1] (default 0).
  public var minEV: Double
  /// ... and its edge, p - 1/d, above this (default 0).
  public var minEdge: Double
  /// The widest 95% interval of EV (its half-width, per unit staked) that a simulation-only
  /// probability may advise on (default 0.02: narrower than the 3-point steps between grades).
  public var maxEVHalfWidth: Double
  /// The largest gap, in probability, between the model and the devigged market on a side
  /// before the bet is flagged `model_market_disagree` (default 0.10).
  public var maxMarketGap: Double
  /// Stake a bet flagged `model_market_disagree` all the same.
  public var trustModel: Bool
  /// Weight W of the model when blending with the market: p = W model + (1 - W) market
  /// (default 1: the model alone). W is what the calibration of the model should fit.
  public var blend: Double
  /// Weight w of the model when pooling with the market in log-odds (`LogOddsPool`), as the
  /// model file's fit gives it per market; nil: not pooled. A blend below 1 (`--blend`) takes
  /// its place.
  public var poolWeight: Double?
  /// The pool weights by market (a model file's fit); `on(_:)` picks one into `poolWeight`.
  public var poolWeights: [BetMarket: Double] = [:]
  /// The bankroll stakes are paid from, in money (default 1: stakes read as fractions).
  public var bankroll: Double
  /// The most a slate may stake in all, as a fraction of bankroll (default 0.20).
  public var maxExposure: Double
  /// The config file these settings were read from, if any (reported in the output).
  public var configFile: String?

  public init(
    kelly: KellyPolicy = KellyPolicy(), minEV: Double = 0, minEdge: Double = 0, maxEVHalfWidth: Double = 0.02,
    maxMarketGap: Double = 0.10, trustModel: Bool = false, blend: Double = 1, bankroll: Double = 1,
    maxExposure: Double = 0.20, poolWeight: Double? = nil
  ) {
    self.poolWeight = poolWeight
    self.kelly = kelly
    self.minEV = minEV
    self.minEdge = minEdge
    self.maxEVHalfWidth = maxEVHalfWidth
    self.maxMarketGap = maxMarketGap
    self.trustModel = trustModel
    self.blend = blend
    self.bankroll = bankroll
    self.maxExposure = maxExposure
  }

  /// This policy for bets on `market`: its pool weight, if it has one.
  public func on(_ market: BetMarket) -> AdvicePolicy {
    var p = self
    p.poolWeight = poolWeights[market] ?? poolWeight
    return p
  }

  /// Throws the first invalid setting, named as the config file names it.
  public func validate() throws(AdvicePolicyError) {
    do { try kelly.validate() } catch {
      switch error {
      case .invalidFraction(let f): throw .invalid(key: "kelly_fraction", value: f, reason: "must be in (0, 1]")
      case .invalidCap(let c): throw .invalid(key: "kelly_cap", value: c, reason: "must be in (0, 1]")
      }
    }
    func check(_ key: String, _ value: Double, _ ok: Bool, _ reason: String) throws(AdvicePolicyError) {
      guard value.isFinite, ok else { throw .invalid(key: key, value: value, reason: reason) }
    }
    // Both are fractions, as every probability and EV inside mcsim: 0.03 is 3%. An EV threshold
    // above 1 (100% a unit staked) is a percentage typed as a fraction, refused like an edge's.
    try check("min_ev", minEV, minEV >= -1 && minEV <= 1, "must be in [-1, 1], a fraction (0.03 is 3%)")
    try check("min_edge", minEdge, minEdge >= -1 && minEdge <= 1, "must be in [-1, 1], a fraction (0.03 is 3%)")
    try check("max_ev_interval", maxEVHalfWidth, maxEVHalfWidth > 0, "must be greater than 0")
    try check("max_market_gap", maxMarketGap, maxMarketGap > 0 && maxMarketGap <= 1, "must be in (0, 1]")
    try check("blend", blend, blend >= 0 && blend <= 1, "must be in [0, 1]")
    if let w = poolWeight { try check("pool_weight", w, w >= 0 && w <= 1, "must be in [0, 1]") }
    try check("bankroll", bankroll, bankroll > 0, "must be greater than 0")
    try check("max_exposure", maxExposure, maxExposure > 0 && maxExposure <= 1, "must be in (0, 1]")
  }
}

/// A setting of the advice refused: the key (as `mcsim.json` names it), the value and why.
public enum AdvicePolicyError: Error, Equatable, Sendable, CustomStringConvertible {
  case invalid(key: String, value: Double, reason: String)

  public var key: String {
    switch self {
    case .invalid(let key, _, _): key
    }
  }

  public var reason: String {
    switch self {
    case .invalid(_, _, let reason): reason
    }
  }

  public var description: String {
    switch self {
    case .invalid(let key, let value, let reason): "\(key) = \(value): \(reason)"
    }
  }
}
