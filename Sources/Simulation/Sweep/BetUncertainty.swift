import OddsMath

/// EV and full Kelly of a bet at a price with their standard errors and 95% intervals, when the
/// probabilities of winning and losing are shares of n simulated games.
///
/// Standard errors by the delta method (multinomial: Var p = p(1-p)/n, Cov(p_win, p_lose) =
/// -p_win p_lose / n):
///
///   ev = b w - l,  grad = (b, -1)
///   f  = (b w - l) / (b (w + l)),  grad = ((b + 1) l, -(b + 1) w) / (b (w + l)^2)
///   Var = grad^T Sigma grad / n
///
/// Intervals: with the decided mass D = w + l held fixed, EV = w d - D and f = (w d - D) / (b D)
/// both increase with w, so each interval is the Wilson interval of w (`ProportionInterval`)
/// mapped through them, w kept in [0, D]: it stays inside what a bet can pay (EV in [-D, b D],
/// Kelly in [0, 1]) and does not collapse to a point at w = 0 or 1, as value -/+ 1.96 se does
/// (one simulated game read EV +0.91 [+0.91, +0.91]). The same interval as `SideAdvice`'s.
///
/// b = d - 1. EV and Kelly values are `BetEvaluation`'s (Kelly floored at 0, and so its
/// interval). n = nil: exact probabilities, standard error 0.
public enum BetUncertainty {
  /// The Wilson interval of the win probability, within [0, D].
  static func winInterval(_ w: Double, decided: Double, n: Double) -> (lower: Double, upper: Double) {
    let (lo, hi) = ProportionInterval.wilson(w, n: n)
    return (min(lo, decided), min(hi, decided))
  }

  public static func expectedValue(win w: Double, lose l: Double, odds: Odds, n: Double?) -> SweepEstimate {
    let value = BetEvaluation(odds: odds, probabilities: SettlementProbabilities(win: w, lose: l, push: max(0, 1 - w - l)))
      .expectedValue
    guard let n else { return .normal(value, se: 0) }
    let b = odds.netPayout, d = odds.decimal, decided = w + l
    let variance = (b * b * w * (1 - w) + l * (1 - l) + 2 * b * w * l) / n
    let (lo, hi) = winInterval(w, decided: decided, n: n)
    return SweepEstimate(
      value: value, standardError: max(0, variance).squareRoot(), lower: lo * d - decided, upper: hi * d - decided)
  }

  public static func fullKelly(win w: Double, lose l: Double, odds: Odds, n: Double?) -> SweepEstimate {
    let value = BetEvaluation(odds: odds, probabilities: SettlementProbabilities(win: w, lose: l, push: max(0, 1 - w - l)))
      .fullKelly
    let b = odds.netPayout, d = odds.decimal, decided = w + l
    guard let n, decided > 0 else { return .normal(value, se: 0) }
    let gw = (b + 1) * l / (b * decided * decided), gl = -(b + 1) * w / (b * decided * decided)
    let variance = (gw * gw * w * (1 - w) + gl * gl * l * (1 - l) - 2 * gw * gl * w * l) / n
    let se = max(0, variance).squareRoot()
    let (lo, hi) = winInterval(w, decided: decided, n: n)
    func kelly(_ win: Double) -> Double { max(0, (win * d - decided) / (b * decided)) }
    return SweepEstimate(value: value, standardError: se, lower: kelly(lo), upper: kelly(hi))
  }

  /// The decimal price at which the bet breaks even (EV = 0): d = 1 + l / w; nil when w = 0.
  public static func breakEvenPrice(win w: Double, lose l: Double) -> Double? {
    w > 0 ? 1 + l / w : nil
  }
}
