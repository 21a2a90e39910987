import OddsMath

/// EV and full Kelly of a bet at a price with their standard errors, when the probabilities of
/// winning and losing are shares of n simulated games (multinomial: Var p = p(1-p)/n,
/// Cov(p_win, p_lose) = -p_win p_lose / n), by the delta method:
///
///   ev = b w - l,  grad = (b, -1)
///   f  = (b w - l) / (b (w + l)),  grad = ((b + 1) l, -(b + 1) w) / (b (w + l)^2)
///   Var = grad^T Sigma grad / n
///
/// b = d - 1. EV and Kelly values are `BetEvaluation`'s (Kelly floored at 0, and so its
/// interval). n = nil: exact probabilities, standard error 0.
public enum BetUncertainty {
  public static func expectedValue(win w: Double, lose l: Double, odds: Odds, n: Double?) -> SweepEstimate {
    let value = BetEvaluation(odds: odds, probabilities: SettlementProbabilities(win: w, lose: l, push: max(0, 1 - w - l)))
      .expectedValue
    guard let n else { return .normal(value, se: 0) }
    let b = odds.netPayout
    let variance = (b * b * w * (1 - w) + l * (1 - l) + 2 * b * w * l) / n
    return .normal(value, se: max(0, variance).squareRoot())
  }

  public static func fullKelly(win w: Double, lose l: Double, odds: Odds, n: Double?) -> SweepEstimate {
    let value = BetEvaluation(odds: odds, probabilities: SettlementProbabilities(win: w, lose: l, push: max(0, 1 - w - l)))
      .fullKelly
    let b = odds.netPayout, decided = w + l
    guard let n, decided > 0 else { return .normal(value, se: 0) }
    let raw = (b * w - l) / (b * decided)
    let gw = (b + 1) * l / (b * decided * decided), gl = -(b + 1) * w / (b * decided * decided)
    let variance = (gw * gw * w * (1 - w) + gl * gl * l * (1 - l) - 2 * gw * gl * w * l) / n
    let se = max(0, variance).squareRoot()
    let z = ProportionInterval.z95
    return SweepEstimate(value: value, standardError: se, lower: max(0, raw - z * se), upper: max(0, raw + z * se))
  }

  /// The decimal price at which the bet breaks even (EV = 0): d = 1 + l / w; nil when w = 0.
  public static func breakEvenPrice(win w: Double, lose l: Double) -> Double? {
    w > 0 ? 1 + l / w : nil
  }
}
