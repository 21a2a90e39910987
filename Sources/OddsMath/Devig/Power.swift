/// Power devig (Clarke, Kovalchik & Ingram 2017, "Adjusting bookmaker's odds to allow for
/// overround", American Journal of Sports Science 5(6)):
///
///   p_i = pi_i^k,   k chosen so that sum(pi_i^k) = 1.
///
/// S(k) = sum(exp(k ln pi_i)) is strictly decreasing with S(0) = n > 1 and S(k) -> 0, so k
/// exists and is unique: k > 1 for an overround book, k < 1 for an underround one. Every p_i
/// stays in (0, 1), order is preserved, and longshots (small pi_i) lose proportionally more.
///
/// Solved by growing a bracket from k = 1 (doubling, or halving towards 0 when B < 1) and
/// Brent's method; ln pi_i are kept in the result's own storage, so the call allocates only
/// its result.
enum Power {
  static func devig(_ market: Market) -> DevigResult {
    .parametric(
      .power, market, prepare: { -Math.log($0.decimal) },  // ln pi_i
      solve: { logs in
        func excess(_ k: Double) -> Double {
          var s = -1.0
          for l in logs { s += Math.exp(k * l) }
          return s
        }
        let atOne = excess(1)
        return atOne > 0
          ? RootFinding.root(from: 1, atOne, towards: 2, excess)
          : RootFinding.positiveRoot(from: 1, atOne, towards: 0.5, excess)
      },
      finish: { l, k in Math.exp(k * l) })
  }
}
