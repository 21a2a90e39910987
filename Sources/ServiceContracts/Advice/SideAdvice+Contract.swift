import OddsMath

/// One side's advice (mcsim's own fields, fractions): the probability it stands on and where it
/// came from, the simulated one beside it, the market's devigged probability and the gap, EV and
/// edge, the EV interval and the simulations needed (simulation only), the grade, what withholds
/// it, the full Kelly and the single-bet stake.
extension SideAdvice: Encodable {
  enum WireKeys: String, CodingKey {
    case probabilitySource = "probability_source", probability, pPush = "p_push"
    case simulatedProbability = "simulated_probability", exactProbability = "exact_probability"
    case marketProbability = "market_probability", marketMethod = "market_method", marketGap = "market_gap"
    case ev, evSimulated = "ev_simulated", edge, evCI95 = "ev_ci_95", simulationsNeeded = "simulations_needed"
    case grade, recommended, withheld, kellyFull = "kelly_full", stake
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode(source, forKey: .probabilitySource)
    try c.encode(probabilities.win, forKey: .probability)
    try c.encode(probabilities.push, forKey: .pPush)
    try c.encode(simulatedWin, forKey: .simulatedProbability)
    try c.encode(source == .exact ? model.win : nil, forKey: .exactProbability)
    try c.encode(market?.probability, forKey: .marketProbability)
    try c.encode(market?.method.rawValue, forKey: .marketMethod)
    try c.encode(marketGap, forKey: .marketGap)
    try c.encode(ev, forKey: .ev)
    try c.encode(simulatedEV, forKey: .evSimulated)
    try c.encode(edge, forKey: .edge)
    try c.encodeIfPresent(evInterval, forKey: .evCI95)
    try c.encodeIfPresent(simulationsNeeded, forKey: .simulationsNeeded)
    try c.encode(grade, forKey: .grade)
    try c.encode(recommended, forKey: .recommended)
    try c.encode(withheld, forKey: .withheld)
    try c.encode(fullKelly, forKey: .kellyFull)
    try c.encode(stake, forKey: .stake)
  }
}
