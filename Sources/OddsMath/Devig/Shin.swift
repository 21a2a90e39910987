/// Shin devig: the bookmaker prices against a share z of insiders who know the winner (Shin
/// 1991, "Optimal betting odds against insider traders", Economic Journal 101; Shin 1993;
/// the closed form per outcome is Jullien & Salanie 1994):
///
///   p_i(z) = (sqrt(z^2 + 4 (1 - z) pi_i^2 / B) - z) / (2 (1 - z)),   sum p_i(z) = 1.
///
/// S(z) = sum p_i(z) is decreasing, S(0) = sqrt(B) and S(1) = sum(pi_i^2) / B < 1, so an
/// overround book has z in (0, 1). An underround book (B < 1) has z < 0, where S(z) -> n as
/// z -> -infinity: the bracket grows downwards from 0.
///
/// For z >= 0 the numerator cancels; it is evaluated as 2 c / (sqrt(z^2 + 4 (1 - z) c) + z) with
/// c = pi_i^2 / B, which is exact in the limit z = 1 as well.
///
/// Two outcomes have a closed form: Shin's probabilities equal additive ones,
/// p_i = pi_i - (B - 1) / 2, because (pi_1^2 - pi_2^2) / B = pi_1 - pi_2 = p_1 - p_2; then
/// z = (c_1 - p_1^2) / (p_1 (1 - p_1)) from p^2 (1 - z) + p z = c.
enum Shin {
  static func devig(_ market: Market) -> DevigResult {
    let b = market.booksum
    return .parametric(
      .shin, market, prepare: { $0.impliedProbability * $0.impliedProbability / b },  // c_i
      solve: { c in
        if c.count == 2 {
          let p1 = market.prices[0].impliedProbability - (b - 1) / 2
          return (c[0] - p1 * p1) / (p1 * (1 - p1))
        }
        func excess(_ z: Double) -> Double {
          var s = -1.0
          for ci in c { s += probability(ci, z) }
          return s
        }
        let atZero = excess(0)
        return atZero > 0
          ? RootFinding.brent(0, atZero, 1, excess(1), excess)
          : RootFinding.root(from: 0, atZero, towards: -1, excess)
      },
      finish: probability)
  }

  /// p(z) for one outcome with c = pi^2 / B, in the form without cancellation for each sign of z.
  @inline(__always) static func probability(_ c: Double, _ z: Double) -> Double {
    let root = (z * z + 4 * (1 - z) * c).squareRoot()
    return z >= 0 ? 2 * c / (root + z) : (root - z) / (2 * (1 - z))
  }
}
