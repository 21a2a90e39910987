/// Logarithmic devig, the logit shift: every outcome's log-odds drop by one constant lambda,
///
///   logit p_i = logit pi_i - lambda,   logit x = ln(x / (1 - x)),   sum p_i = 1.
///
/// This coincides exactly with the odds-ratio method: logit pi_i - logit p_i = ln c, so
/// lambda = ln c and both give the same probabilities (the tests check the identity). It is kept
/// as its own method because the shift is the natural parameter on the log-odds scale and is
/// solved there independently: logit pi_i = -ln(d_i - 1), and
/// p_i = 1 / (1 + exp(lambda + ln(d_i - 1))).
///
/// S(lambda) is decreasing with S(0) = B, S -> n as lambda -> -infinity and S -> 0 as
/// lambda -> +infinity: lambda > 0 for an overround book. Two outcomes have a closed form:
/// logit p_1 = -logit p_2 gives lambda = (logit pi_1 + logit pi_2) / 2.
enum Logarithmic {
  static func devig(_ market: Market) -> DevigResult {
    .parametric(
      .logarithmic, market, prepare: { -Math.log($0.netPayout) },  // logit pi_i
      solve: { logit in
        if logit.count == 2 { return (logit[0] + logit[1]) / 2 }
        func excess(_ lambda: Double) -> Double {
          var s = -1.0
          for l in logit { s += logistic(l - lambda) }
          return s
        }
        let atZero = excess(0)
        return RootFinding.root(from: 0, atZero, towards: atZero > 0 ? 1 : -1, excess)
      },
      finish: { l, lambda in logistic(l - lambda) })
  }

  /// 1 / (1 + e^-x), without overflow for large |x|.
  @inline(__always) static func logistic(_ x: Double) -> Double {
    if x >= 0 { return 1 / (1 + Math.exp(-x)) }
    let e = Math.exp(x)
    return e / (1 + e)
  }
}
