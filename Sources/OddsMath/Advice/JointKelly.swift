/// Kelly stakes for several bets whose outcomes are not independent (an over and a home spread
/// on the same game): the stakes f >= 0 that maximise the expected log of wealth over the joint
/// outcomes,
///
///   G(f) = sum_w p_w log(1 + sum_i f_i r_i(w)),
///
/// where r_i(w) is what bet i returns per unit staked in outcome w (d_i - 1 won, -1 lost, 0
/// pushed). G is concave; it is maximised by Newton's method on the bets with a positive stake
/// or a positive gradient (the others stay at 0: the Karush-Kuhn-Tucker conditions of f >= 0),
/// with a backtracking step that keeps wealth positive in every outcome, the stakes' sum at most
/// the bankroll, and G increasing. (An arbitrage, whose G grows without bound, ends on that
/// boundary, not at its exact optimum.)
/// For one bet it is the single-bet Kelly stake (BetEvaluation.fullKelly); for bets on
/// independent outcomes it differs from the single stakes only by their interaction.
public enum JointKelly {
  /// One joint outcome: its probability and each bet's return per unit staked.
  public struct Outcome: Hashable, Sendable {
    public var probability: Double
    public var returns: [Double]

    public init(probability: Double, returns: [Double]) {
      self.probability = probability
      self.returns = returns
    }
  }

  /// G(f): expected log wealth; -infinity where some outcome with probability > 0 is ruined.
  public static func expectedLogWealth(_ stakes: [Double], _ outcomes: [Outcome]) -> Double {
    var g = 0.0
    for o in outcomes where o.probability > 0 {
      var w = 1.0
      for (f, r) in zip(stakes, o.returns) { w += f * r }
      guard w > 0 else { return -.infinity }
      g += o.probability * Math.log(w)
    }
    return g
  }

  /// Full-Kelly fractions of bankroll for `count` bets over `outcomes`, in bet order.
  public static func stakes(count: Int, outcomes: [Outcome]) -> [Double] {
    var f = [Double](repeating: 0, count: count)
    guard count > 0 else { return f }
    var value = 0.0
    for _ in 0..<200 {
      // Gradient and Hessian of G at f.
      var g = [Double](repeating: 0, count: count)
      var h = [Double](repeating: 0, count: count * count)
      for o in outcomes where o.probability > 0 {
        var w = 1.0
        for i in 0..<count { w += f[i] * o.returns[i] }
        for i in 0..<count {
          let ri = o.probability * o.returns[i] / w
          g[i] += ri
          for j in 0..<count { h[i * count + j] -= ri * o.returns[j] / w }
        }
      }
      let free = (0..<count).filter { f[$0] > 0 || g[$0] > 1e-15 }
      if free.isEmpty || free.allSatisfy({ abs(g[$0]) < 1e-14 }) { break }
      // Newton direction on the free bets: H_FF d = -g_F (H negative definite; a tiny ridge
      // keeps bets with identical outcomes solvable).
      let n = free.count
      var a = [Double](repeating: 0, count: n * n)
      var rhs = free.map { -g[$0] }
      for (x, i) in free.enumerated() {
        for (y, j) in free.enumerated() { a[x * n + y] = h[i * count + j] }
        a[x * n + x] -= 1e-14
      }
      guard let d = solve(&a, &rhs, n) else { break }
      var step = 1.0
      var improved = false
      while step > 1e-12 {
        var trial = f
        for (x, i) in free.enumerated() { trial[i] = max(0, f[i] + step * d[x]) }
        guard trial.reduce(0, +) <= 1 else {
          step /= 2
          continue
        }
        let v = expectedLogWealth(trial, outcomes)
        if v > value {
          let gain = v - value
          f = trial
          value = v
          improved = gain > 1e-17
          break
        }
        step /= 2
      }
      if !improved { break }
    }
    return f
  }

  /// Gaussian elimination with partial pivoting; nil when singular.
  private static func solve(_ a: inout [Double], _ b: inout [Double], _ n: Int) -> [Double]? {
    for col in 0..<n {
      var pivot = col
      for r in col..<n where abs(a[r * n + col]) > abs(a[pivot * n + col]) { pivot = r }
      guard abs(a[pivot * n + col]) > 0 else { return nil }
      if pivot != col {
        for k in 0..<n { a.swapAt(col * n + k, pivot * n + k) }
        b.swapAt(col, pivot)
      }
      for r in (col + 1)..<n {
        let factor = a[r * n + col] / a[col * n + col]
        for k in col..<n { a[r * n + k] -= factor * a[col * n + k] }
        b[r] -= factor * b[col]
      }
    }
    var x = [Double](repeating: 0, count: n)
    for r in stride(from: n - 1, through: 0, by: -1) {
      var s = b[r]
      for k in (r + 1)..<n { s -= a[r * n + k] * x[k] }
      x[r] = s / a[r * n + r]
    }
    return x
  }
}
