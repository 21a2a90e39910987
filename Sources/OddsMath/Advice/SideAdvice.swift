/// Advice on one side of a market (the over, the home spread, ...): the probability it stands
/// on, the market's beside it, EV, edge, grade, why it is withheld if it is, and the
/// single-bet stake.
///
/// Probability: the model's exact settlement probabilities when given (`exact`), else the
/// simulated ones. With blend W < 1 and a market probability m of the side among decided games,
///   p_win = W w + (1 - W) m D,   p_lose = D - p_win,   D = w + l   (the model's decided mass);
/// else, with a pool weight (the model file's), p_win = pool(w / D, m) D (`LogOddsPool`).
///
/// Simulation only: one simulated game pays d - 1, -1 or 0 (win, lose, push), so with the
/// decided mass D held fixed EV = w d - D, and the 95% interval of EV is the Wilson interval of
/// w mapped through it (scaled by W when blended). The bet is advised only when the interval's
/// half-width is at most `maxEVHalfWidth` and its lower end is above 0; the stake is Kelly at
/// the win probability whose EV is that lower end, w' = (EV_lo + D) / d. Simulations needed
/// (normal approximation, sd(EV) = d sqrt(w (1 - w)) per game):
///   n = (1.96 W d sqrt(w (1 - w)) / min(maxEVHalfWidth, EV))^2.
///
/// Market gap: the model's w / D minus the market's m (before blending); beyond
/// `maxMarketGap` the side is flagged `model_market_disagree` and withheld unless `trustModel`.
public struct SideAdvice: Hashable, Sendable {
  public let side: BetSide
  public let odds: Odds
  public let source: ProbabilitySource
  /// The model's settlement probabilities (exact or simulated), before any blend.
  public let model: SettlementProbabilities
  /// The simulated win probability and the EV it gives, reported beside the exact ones.
  public let simulatedWin: Double
  public let simulatedEV: Double
  /// The devigged market probability of this side among decided games, if prices were given.
  public let market: MarketProbability?
  /// model w / D minus market m.
  public let marketGap: Double?
  /// The probabilities behind EV, Kelly and the grade (the model's, the blend, or the pool).
  public let probabilities: SettlementProbabilities
  /// The model's weight when its probability was pooled with the market's in log-odds, else nil.
  public let poolWeight: Double?
  public let ev: Double
  /// P(win) minus the implied probability (the agent's edge, which its fields carry).
  public let edge: Double
  /// P(win | settled) minus the implied probability (`BetEvaluation.decidedEdge`), what
  /// `minEdge` is held to: the same sign as EV, so a +EV side on a line that can push is not
  /// withheld for edge at `minEdge` 0.
  public let settledEdge: Double
  /// Full Kelly at `probabilities`.
  public let fullKelly: Double
  /// Simulation only: the 95% interval of EV, and the simulations that would advise.
  public let evInterval: [Double]?
  public let simulationsNeeded: Int?
  /// The grade by EV before the gates (simulation only: by the EV interval's lower end, at least
  /// LEAN where the EV is positive).
  public let grade: BetStrength
  public package(set) var withheld: [WithheldReason]
  /// Full Kelly at the probability the stake stands on (the interval's lower end for a
  /// simulation-only bet), 0 when not recommended.
  public package(set) var stakeKelly: Double
  /// The single-bet stake: min(fraction x stakeKelly, cap, max exposure), a fraction of bankroll;
  /// on a card of bets (props), after the card's rules (`withholding`, `staking`).
  public package(set) var stake: Double
  /// The policy's bankroll (1 when none was given: stakes are fractions).
  public let bankroll: Double
  /// The stake in money, when the policy has a bankroll other than 1.
  public var stakeAmount: Double? { bankroll != 1 ? stake * bankroll : nil }

  public var recommended: Bool { grade != .noBet && withheld.isEmpty }
  /// The grade after the gates: what `recommended_bet` says.
  public var strength: BetStrength { recommended ? grade : .noBet }
  /// stakeKelly over the full Kelly of the model's own probabilities: what a joint Kelly stake,
  /// computed on the model's joint outcomes, is scaled by so that it stands on the same
  /// probability as this bet's single stake (a blend with the market, the interval's lower end).
  public var jointShrink: Double {
    let modelKelly = BetEvaluation(odds: odds, probabilities: model).fullKelly
    return modelKelly > 0 ? stakeKelly / modelKelly : 0
  }

  public init(
    side: BetSide, odds: Odds, simulated: SettlementProbabilities, simulations: UInt64,
    exact: SettlementProbabilities?, market: MarketProbability?, policy: AdvicePolicy
  ) {
    self.side = side
    self.odds = odds
    self.market = market
    bankroll = policy.bankroll
    let d = odds.decimal, b = odds.netPayout
    source = exact == nil ? .simulation : .exact
    let m = exact ?? simulated
    model = m
    simulatedWin = simulated.win
    simulatedEV = simulated.win * b - simulated.lose
    let decided = m.win + m.lose
    marketGap = market.map { decided > 0 ? m.win / decided - $0.probability : 0 }
    // The probability used, from a model win probability: the model's own, the blend with the
    // market, or the pool with it (the model alone at pool weight 1). A simulated EV's interval
    // maps the Wilson interval's ends through it.
    var transform: (Double) -> Double = { $0 }
    var pooled: Double? = nil
    // The blend's slope (1: the model alone); the pool's is measured where it is used.
    var weight = 1.0
    if let market, policy.blend < 1 {
      let w = policy.blend
      weight = w
      transform = { w * $0 + (1 - w) * market.probability * decided }
    } else if let market, let w = policy.poolWeight, w < 1, decided > 0 {
      transform = { LogOddsPool.pool(model: $0 / decided, market: market.probability, weight: w) * decided }
      pooled = w
    }
    poolWeight = pooled
    var used = m
    if market != nil && (policy.blend < 1 || pooled != nil) {
      used.win = transform(m.win)
      used.lose = decided - used.win
    }
    probabilities = used
    let evaluation = BetEvaluation(odds: odds, probabilities: used)
    ev = evaluation.expectedValue
    edge = evaluation.edge
    settledEdge = evaluation.decidedEdge
    fullKelly = evaluation.fullKelly
    var grade = BetStrength(ev: ev)

    var reasons: [WithheldReason] = []
    var stakeOn = used
    if source == .simulation {
      // EV = w d - D is linear in w at fixed D: its interval is the Wilson interval of w mapped
      // through it (Wilson, not w -/+ z se, which collapses to a point at w = 0 or 1 and would
      // advise on one simulated game).
      let n = Double(max(simulations, 1))
      let sd = decided > 0 ? ProbabilityInterval.sd(win: simulated.win, decided: decided, n: n) * d : 0
      let wilson = ProbabilityInterval.wilson(simulated.win, n: n)
      let lower: Double, upper: Double
      if pooled != nil {
        lower = transform(wilson.lower) * d - decided
        upper = transform(wilson.upper) * d - decided
        let h = 1e-6, a = max(simulated.win - h, 0), c = min(simulated.win + h, decided)
        if c > a { weight = (transform(c) - transform(a)) / (c - a) }
      } else {
        // The same, written as the linear map it is (the blend or the identity).
        lower = ev - weight * (simulatedEV - (wilson.lower * d - decided))
        upper = ev + weight * ((wilson.upper * d - decided) - simulatedEV)
      }
      evInterval = [lower, upper]
      // A simulated EV is graded on what its interval supports: above LEAN only where the
      // interval's lower end clears the grade's threshold, so a seed's noise does not promote.
      if ev > 0 { grade = max(.lean, BetStrength(ev: lower)) }
      let half = (upper - lower) / 2
      if ev > 0 {
        let target = min(policy.maxEVHalfWidth, ev)
        let needed = ProbabilityInterval.z95 * weight * sd / target
        simulationsNeeded = Int(min(1e15, (needed * needed).rounded(.up)))
        if half > policy.maxEVHalfWidth { reasons.append(.tooFewSimulations) }
        if lower <= 0 { reasons.append(.evIntervalIncludesZero) }
        let lowerWin = min(decided, max(0, (lower + decided) / d))
        stakeOn = SettlementProbabilities(win: lowerWin, lose: decided - lowerWin, push: used.push)
      } else {
        simulationsNeeded = nil
      }
    } else {
      evInterval = nil
      simulationsNeeded = nil
    }
    if grade != .noBet {
      if let gap = marketGap, abs(gap) > policy.maxMarketGap, !policy.trustModel { reasons.append(.modelMarketDisagree) }
      if ev <= policy.minEV { reasons.append(.belowMinEV) }
      if settledEdge <= policy.minEdge { reasons.append(.belowMinEdge) }
    }
    self.grade = grade
    withheld = reasons
    let recommended = grade != .noBet && reasons.isEmpty
    stakeKelly = recommended ? BetEvaluation(odds: odds, probabilities: stakeOn).fullKelly : 0
    // One bet is all a single market stakes: the exposure cap bounds it too.
    stake = min(policy.kelly.fraction * stakeKelly, policy.kelly.cap, policy.maxExposure)
  }
}

extension SideAdvice {
  /// This advice withheld for a reason of the card it sits on (the same selection staked at a
  /// better price or line): no stake.
  package func withholding(_ reason: WithheldReason) -> SideAdvice {
    var advice = self
    if !advice.withheld.contains(reason) { advice.withheld.append(reason) }
    advice.stakeKelly = 0
    advice.stake = 0
    return advice
  }

  /// This advice with the stake its card gave it (`SlateStakes`: scaled to the exposure cap).
  package func staking(_ stake: Double) -> SideAdvice {
    var advice = self
    advice.stake = stake
    return advice
  }
}

/// The interval of a simulated win probability (the same Wilson interval as Simulation's
/// `ProportionInterval`, which this library cannot import).
enum ProbabilityInterval {
  /// The 0.975 quantile of the standard normal.
  static let z95 = 1.959963984540054

  /// Wilson score interval (Wilson 1927) of a proportion p from n trials.
  static func wilson(_ p: Double, n: Double, z: Double = z95) -> (lower: Double, upper: Double) {
    let z2 = z * z
    let centre = p + z2 / (2 * n)
    let spread = z * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()
    let scale = 1 + z2 / n
    return (max(0, (centre - spread) / scale), min(1, (centre + spread) / scale))
  }

  /// sd of the win indicator among all games, from w wins, with (x + 2) / (n + 4) in place of w
  /// (Agresti-Coull), so that w = 0 or 1 still says how many simulations would be needed.
  static func sd(win: Double, decided: Double, n: Double) -> Double {
    let p = (win * n + 2) / (n + 4)
    return max(0, p * (1 - p)).squareRoot()
  }
}
