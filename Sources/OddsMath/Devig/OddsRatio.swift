/// Odds-ratio devig (Cheung 2015, "Fixed-odds betting and traditional odds"): the book's odds
/// on every outcome are the fair odds times one constant ratio c,
///
///   pi_i / (1 - pi_i) = c p_i / (1 - p_i)   =>   p_i = 1 / (1 + c (d_i - 1)).
///
/// S(c) = sum p_i(c) is decreasing with S(1) = B, S(0) = n and S -> 0 as c -> infinity: c > 1
/// when the book is overround, c < 1 when underround. Written with d_i - 1 (exact for d <= 2)
/// rather than 1 - pi_i, it keeps full precision for heavy favourites (d = 1.0000001).
///
/// Two outcomes have a closed form: p_1 + p_2 = 1 means (o_1 / c)(o_2 / c) = 1 for the book's
/// odds o_i = 1 / (d_i - 1), so c = 1 / sqrt((d_1 - 1)(d_2 - 1)).
enum OddsRatio {
  static func devig(_ market: Market) -> DevigResult {
    .parametric(
      .oddsRatio, market, prepare: \.netPayout,  // d_i - 1
      solve: { payout in
        if payout.count == 2 { return 1 / (payout[0] * payout[1]).squareRoot() }
        func excess(_ c: Double) -> Double {
          var s = -1.0
          for b in payout { s += 1 / (1 + c * b) }
          return s
        }
        let atOne = excess(1)
        return atOne > 0
          ? RootFinding.root(from: 1, atOne, towards: 2, excess)
          : RootFinding.positiveRoot(from: 1, atOne, towards: 0.5, excess)
      },
      finish: { b, c in 1 / (1 + c * b) })
  }
}
