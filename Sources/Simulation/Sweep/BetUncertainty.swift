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
/// Intervals: a bet is decided (won or lost) in a share D = w + l of the games, and among those
/// it wins with q = w / D; full Kelly f = (q d - 1) / b depends on q alone and EV = D (q d - 1)
/// on q at the D observed. Both intervals are the Wilson interval of q over the n D decided games
/// (`ProportionInterval`) mapped through them: they stay inside what a bet can pay (EV in
/// [-D, b D], Kelly in [0, 1]) and do not collapse to a point at q = 0 or 1, as value -/+ 1.96 se
/// does (one simulated game read EV +0.91 [+0.91, +0.91]); a bet that never decides (every
/// game a push) has EV 0 and no interval to speak of.
///
/// b = d - 1. EV and Kelly values are `BetEvaluation`'s (Kelly floored at 0, and so its
/// interval). n = nil: exact probabilities, standard error 0.
public enum BetUncertainty {
  /// The Wilson interval of the win share among decided games, q = w / D over n D games.
  static func decidedWinInterval(win w: Double, decided: Double, n: Double) -> (lower: Double, upper: Double) {
    ProportionInterval.wilson(w / decided, n: n * decided)
  }

  public static func expectedValue(win w: Double, lose l: Double, odds: Odds, n: Double?) -> SweepEstimate {
    let value = BetEvaluation(odds: odds, probabilities: SettlementProbabilities(win: w, lose: l, push: max(0, 1 - w - l)))
      .expectedValue
    let b = odds.netPayout, d = odds.decimal, decided = w + l
    guard let n, decided > 0 else { return .normal(value, se: 0) }
    let variance = (b * b * w * (1 - w) + l * (1 - l) + 2 * b * w * l) / n
    let (lo, hi) = decidedWinInterval(win: w, decided: decided, n: n)
    return SweepEstimate(
      value: value, standardError: max(0, variance).squareRoot(), lower: decided * (lo * d - 1),
      upper: decided * (hi * d - 1))
  }

  public static func fullKelly(win w: Double, lose l: Double, odds: Odds, n: Double?) -> SweepEstimate {
    let value = BetEvaluation(odds: odds, probabilities: SettlementProbabilities(win: w, lose: l, push: max(0, 1 - w - l)))
      .fullKelly
    let b = odds.netPayout, d = odds.decimal, decided = w + l
    guard let n, decided > 0 else { return .normal(value, se: 0) }
    let gw = (b + 1) * l / (b * decided * decided), gl = -(b + 1) * w / (b * decided * decided)
    let variance = (gw * gw * w * (1 - w) + gl * gl * l * (1 - l) - 2 * gw * gl * w * l) / n
    let se = max(0, variance).squareRoot()
    let (lo, hi) = decidedWinInterval(win: w, decided: decided, n: n)
    func kelly(_ q: Double) -> Double { max(0, (q * d - 1) / b) }
    return SweepEstimate(value: value, standardError: se, lower: kelly(lo), upper: kelly(hi))
  }

  /// The decimal price at which the bet breaks even (EV = 0): d = 1 + l / w; nil when w = 0.
  public static func breakEvenPrice(win w: Double, lose l: Double) -> Double? {
    w > 0 ? 1 + l / w : nil
  }
}
