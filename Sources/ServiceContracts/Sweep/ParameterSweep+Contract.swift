import OddsMath
import Simulation

/// `mcsim sweep --json`: mcsim's own shape (no replaced service had sweeps). Probabilities, EV
/// and Kelly are fractions; every interval is `[lower, upper]` at 95%.
///
///   {"seed", "n_simulations", "threads", "model", "line", "over_odds", "under_odds",
///    "offered_line", "spread", "moneyline", "axes": [{"parameter", "label", "values"}],
///    "simulated_models", "exact_computed", "simulation_ms", "evaluation_ms", "exact_ms",
///    "points": [{<swept parameter>: value, ..., "curve", "line", "over_odds", "under_odds",
///                "p_over", "se_over", "ci_95_over", ... , "exact": {...} or null}],
///    "break_even": [{<swept model parameter>: value, ..., "over_line", "under_line", ...}]}
extension ParameterSweep: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: NamedKey.self)
    try c.encode(options.seed, forKey: NamedKey("seed"))
    try c.encode(options.simulations, forKey: NamedKey("n_simulations"))
    try c.encode(options.threads, forKey: NamedKey("threads"))
    try c.encode(ModelDescription(base), forKey: NamedKey("model"))
    try c.encode(market.line, forKey: NamedKey("line"))
    try c.encode(market.overOdds.decimal, forKey: NamedKey("over_odds"))
    try c.encode(market.underOdds.decimal, forKey: NamedKey("under_odds"))
    try c.encode(offeredLine, forKey: NamedKey("offered_line"))
    try c.encode(spread, forKey: NamedKey("spread"))
    try c.encode(moneyline, forKey: NamedKey("moneyline"))
    try c.encode(axes.map(AxisWire.init), forKey: NamedKey("axes"))
    try c.encode(curves.count, forKey: NamedKey("simulated_models"))
    try c.encode(exactComputed, forKey: NamedKey("exact_computed"))
    try c.encode(simulationSeconds * 1000, forKey: NamedKey("simulation_ms"))
    try c.encode(evaluationSeconds * 1000, forKey: NamedKey("evaluation_ms"))
    try c.encode(exactSeconds * 1000, forKey: NamedKey("exact_ms"))
    try c.encode(points.map { PointWire(point: $0, axes: axes) }, forKey: NamedKey("points"))
    try c.encode(curves.map(CurveWire.init), forKey: NamedKey("break_even"))
  }

  struct AxisWire: Encodable {
    let axis: SweepAxis
    func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: NamedKey.self)
      try c.encode(axis.parameter.rawValue, forKey: NamedKey("parameter"))
      try c.encode(axis.parameter.label, forKey: NamedKey("label"))
      try c.encode(axis.values, forKey: NamedKey("values"))
    }
  }

  struct PointWire: Encodable {
    let point: SweepPoint
    let axes: [SweepAxis]

    func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: NamedKey.self)
      let p = point
      for (axis, v) in zip(axes, p.values) { try c.encode(v, forKey: NamedKey(axis.parameter.rawValue)) }
      try c.encode(p.curve, forKey: NamedKey("curve"))
      if !axes.contains(where: { $0.parameter == .line }) { try c.encode(p.line, forKey: NamedKey("line")) }
      try c.encode(p.overOdds.decimal, forKey: NamedKey("over_odds"))
      try c.encode(p.underOdds.decimal, forKey: NamedKey("under_odds"))
      try c.estimate(p.pOver, "p_over", se: "se_over", ci: "ci_95_over")
      try c.estimate(p.pUnder, "p_under", se: "se_under", ci: "ci_95_under")
      try c.estimate(p.pPush, "p_push", se: "se_push", ci: "ci_95_push")
      try c.estimate(p.dpOverDLine, "dp_over_dline", se: "se_dp_over_dline", ci: "ci_95_dp_over_dline")
      try c.estimate(p.evOver, "ev_over", se: "se_ev_over", ci: "ci_95_ev_over")
      try c.estimate(p.evUnder, "ev_under", se: "se_ev_under", ci: "ci_95_ev_under")
      try c.estimate(p.kellyOver, "kelly_over_full", se: "se_kelly_over_full", ci: "ci_95_kelly_over_full")
      try c.estimate(p.kellyUnder, "kelly_under_full", se: "se_kelly_under_full", ci: "ci_95_kelly_under_full")
      // The advice policy's stake on each side (0 when withheld, and why).
      try c.encode(p.adviceOver.stake, forKey: NamedKey("stake_over"))
      try c.encode(p.adviceUnder.stake, forKey: NamedKey("stake_under"))
      // ... and in money with a bankroll, as every stake of every output (SideAdvice.stakeAmount).
      try c.encodeIfPresent(p.adviceOver.stakeAmount, forKey: NamedKey("stake_over_amount"))
      try c.encodeIfPresent(p.adviceUnder.stakeAmount, forKey: NamedKey("stake_under_amount"))
      try c.encode(p.adviceOver.withheld, forKey: NamedKey("withheld_over"))
      try c.encode(p.adviceUnder.withheld, forKey: NamedKey("withheld_under"))
      try c.encode(p.breakEvenOverPrice, forKey: NamedKey("break_even_over_price"))
      try c.encode(p.breakEvenUnderPrice, forKey: NamedKey("break_even_under_price"))
      try c.encode(p.exact.map(ExactWire.init), forKey: NamedKey("exact"))
      if let s = p.spread { try c.encode(SidesWire(sides: s, names: ("p_home_cover", "p_away_cover", "p_push")), forKey: NamedKey("spread")) }
      if let m = p.moneyline { try c.encode(SidesWire(sides: m, names: ("p_home_win", "p_away_win", "p_tie")), forKey: NamedKey("moneyline")) }
    }
  }

  struct ExactWire: Encodable {
    let exact: SweepPoint.Exact
    func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: NamedKey.self)
      try c.encode(exact.pOver, forKey: NamedKey("p_over"))
      try c.encode(exact.pUnder, forKey: NamedKey("p_under"))
      try c.encode(exact.pPush, forKey: NamedKey("p_push"))
      try c.encode(exact.dpOverDLine, forKey: NamedKey("dp_over_dline"))
      try c.encode(exact.evOver, forKey: NamedKey("ev_over"))
      try c.encode(exact.evUnder, forKey: NamedKey("ev_under"))
    }
  }

  struct SidesWire: Encodable {
    let sides: SweepPoint.Sides
    let names: (String, String, String)
    func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: NamedKey.self)
      try c.estimate(sides.home, names.0, se: nil, ci: "ci_95_" + names.0.dropFirst(2))
      try c.estimate(sides.away, names.1, se: nil, ci: "ci_95_" + names.1.dropFirst(2))
      try c.estimate(sides.push, names.2, se: nil, ci: "ci_95_" + names.2.dropFirst(2))
      try c.encode(sides.exactHome, forKey: NamedKey("exact_" + names.0))
      try c.encode(sides.exactAway, forKey: NamedKey("exact_" + names.1))
    }
  }

  struct CurveWire: Encodable {
    let curve: SweepCurve
    func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: NamedKey.self)
      for (parameter, v) in curve.values { try c.encode(v, forKey: NamedKey(parameter.rawValue)) }
      try c.encode(curve.overLine, forKey: NamedKey("over_line"))
      try c.encode(curve.underLine, forKey: NamedKey("under_line"))
      try c.encode(curve.exactOverLine, forKey: NamedKey("exact_over_line"))
      try c.encode(curve.exactUnderLine, forKey: NamedKey("exact_under_line"))
      try c.encode(curve.overPrice, forKey: NamedKey("over_price"))
      try c.encode(curve.underPrice, forKey: NamedKey("under_price"))
      try c.encode(curve.exactOverPrice, forKey: NamedKey("exact_over_price"))
      try c.encode(curve.exactUnderPrice, forKey: NamedKey("exact_under_price"))
    }
  }
}

extension KeyedEncodingContainer where Key == NamedKey {
  mutating func estimate(_ e: SweepEstimate, _ name: String, se: String?, ci: String) throws {
    try encode(e.value, forKey: NamedKey(name))
    if let se { try encode(e.standardError, forKey: NamedKey(se)) }
    try encode([e.lower, e.upper], forKey: NamedKey(ci))
  }
}
