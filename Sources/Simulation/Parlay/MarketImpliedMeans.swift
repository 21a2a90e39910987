/// The projections that reproduce a market: home and away means under which the closing total
/// and spread are fair lines, so that alternate lines, team totals, props and parlays priced
/// from them agree with the market instead of a stats formula.
///
/// "Fair" means the line splits the game's exact score distribution (`ExactScoreDistribution`:
/// the same rounding, floor and overtime as the simulation) in half:
///
///   P(total > T) = P(total < T)        and        P(H - A > -S) = P(H - A < -S)
///
/// for a total T and a home spread S (home -5.5: S = -5.5, the home side covers when it wins by
/// 6 or more). Both sides of each are increasing functions of the sum s = home + away and of the
/// difference m = home - away respectively, and each depends on the other only weakly (through
/// the overtime and the floor), so the secant method on both at once, one exact distribution a
/// step, settles in four or five; where it does not (a line near the edge of the reachable means),
/// bisection on s at fixed m, then on m at fixed s, repeated until neither moves by more than 1e-6
/// points. The sds, correlation, overtime model and skew are the given model's (|skew| at most
/// `ExactScoreDistribution.maxExactSkewness`).
public enum MarketImpliedMeans {
  public static let maxTotal = 2 * GameModel.maxProjection

  /// The model with its means replaced by the market's. Throws naming `total` or `spread` when
  /// they are not finite or cannot be reached with means in [0, maxProjection], checked at the
  /// end: each line's two sides balance within 1e-6 in the solved model.
  public static func solve(total: Double, spread: Double, model base: GameModel) throws(InputError) -> GameModel {
    guard total.isFinite, total > 0, total < maxTotal else {
      throw .invalid(field: "total", value: "\(total)", reason: "must be a number in (0, \(Int(maxTotal)))")
    }
    guard spread.isFinite, abs(spread) < total else {
      throw .invalid(field: "spread", value: "\(spread)", reason: "must be a number smaller in size than the total")
    }
    var model = base
    try model.validate()
    guard abs(model.skewness) <= ExactScoreDistribution.maxExactSkewness else {
      throw .invalid(
        field: "skewness", value: "\(model.skewness)",
        reason: "market-implied means need the exact distribution, which reaches |skewness| \(ExactScoreDistribution.maxExactSkewness)")
    }
    func balance(_ m: GameModel, _ read: (ScoreDistribution) -> DiscreteDistribution, line: Double) -> Double {
      guard let exact = ExactScoreDistribution.compute(m) else { return .nan }
      let p = read(exact).probabilities(line: line)
      return p.above - p.below
    }
    var s = total, m = -spread
    func set(_ s: Double, _ m: Double) -> GameModel? {
      var out = model
      out.homeMean = (s + m) / 2
      out.awayMean = (s - m) / 2
      guard out.homeMean >= 0, out.awayMean >= 0, out.homeMean <= GameModel.maxProjection,
        out.awayMean <= GameModel.maxProjection
      else { return nil }
      return out
    }
    /// The root of an increasing f on [x - 40, x + 40] by bisection to 1e-7.
    func bisect(around x: Double, _ f: (Double) -> Double) -> Double? {
      var lo = x - 40, hi = x + 40
      let flo = f(lo), fhi = f(hi)
      guard flo.isFinite, fhi.isFinite, flo <= 0, fhi >= 0 else { return nil }
      while hi - lo > 1e-7 {
        let mid = (lo + hi) / 2
        let v = f(mid)
        guard v.isFinite else { return nil }
        if v < 0 { lo = mid } else { hi = mid }
      }
      return (lo + hi) / 2
    }
    // Both means at once by the secant method, one exact distribution a step for both lines
    // (the total's balance moves with the sum, the margin's with the difference, each hardly
    // with the other), from the means whose sum is the total less the flat overtime's expected
    // points: five or six distributions where the bisections below take about 150, which
    // matters most for a skewed model, whose distribution costs 36 normal ones' or more. Where
    // the secant does not settle (a line near the edge of the reachable means), the bisections.
    func balances(_ s: Double, _ m: Double) -> (total: Double, margin: Double) {
      guard let game = set(s, m), let exact = ExactScoreDistribution.compute(game) else {
        return (.nan, .nan)
      }
      let t = exact.totals.probabilities(line: total), d = exact.margins.probabilities(line: -spread)
      return (t.above - t.below, d.above - d.below)
    }
    func secant() -> (s: Double, m: Double)? {
      let extra = model.overtime.kind == .flat ? model.overtime.rate * model.overtime.points : 0
      var previous = (s: total - extra, m: -spread, f: balances(total - extra, -spread))
      // The normal model's slopes: d balance / d mean = 2 density at the line, about 2 phi(0) / sd.
      let h = model.homeSD, a = model.awaySD, c = 2 * model.correlation * h * a
      var slopes = (total: 0.8 / (h * h + a * a + c).squareRoot(), margin: 0.8 / max(1, h * h + a * a - c).squareRoot())
      for _ in 0..<16 {
        let f = previous.f
        guard f.total.isFinite, f.margin.isFinite else { return nil }
        if abs(f.total) <= 1e-9 && abs(f.margin) <= 1e-9 { return (previous.s, previous.m) }
        let next = (s: previous.s - f.total / slopes.total, m: previous.m - f.margin / slopes.margin)
        let g = balances(next.s, next.m)
        // A slope from a step too small to move the balance beyond the other mean's pull (or
        // the sums' rounding) would be noise: keep the last one.
        if abs(next.s - previous.s) > 1e-6, g.total.isFinite {
          let slope = (g.total - f.total) / (next.s - previous.s)
          if slope > 0 { slopes.total = slope }
        }
        if abs(next.m - previous.m) > 1e-6, g.margin.isFinite {
          let slope = (g.margin - f.margin) / (next.m - previous.m)
          if slope > 0 { slopes.margin = slope }
        }
        previous = (next.s, next.m, g)
      }
      return nil
    }
    if let root = secant() {
      s = root.s
      m = root.m
    } else {
      for _ in 0..<6 {
        let before = (s, m)
        guard
          let newS = bisect(
            around: s,
            { x in set(x, m).map { balance($0, \.totals, line: total) } ?? (x < total ? -1 : 1) })
        else { throw .invalid(field: "total", value: "\(total)", reason: "cannot be reached with this model") }
        s = newS
        guard
          let newM = bisect(
            around: m,
            { x in set(s, x).map { balance($0, \.margins, line: -spread) } ?? (x < -spread ? -1 : 1) })
        else { throw .invalid(field: "spread", value: "\(spread)", reason: "cannot be reached with this model") }
        m = newM
        if abs(s - before.0) < 1e-6 && abs(m - before.1) < 1e-6 { break }
      }
    }
    guard let solved = set(s, m) else {
      throw .invalid(field: "total", value: "\(total)", reason: "needs a projection outside [0, \(Int(GameModel.maxProjection))]")
    }
    // The bisections fall back to a sign of +-1 outside the reachable means, which can fake a
    // bracket: the answer counts only if both lines are fair in the solved model.
    let exact = ExactScoreDistribution.compute(solved)
    let totalBalance = exact.map { d in d.totals.probabilities(line: total) }.map { $0.above - $0.below } ?? .nan
    guard totalBalance.isFinite, abs(totalBalance) <= 1e-6 else {
      throw .invalid(
        field: "total", value: "\(total)",
        reason: "cannot be made a fair line with this model (P(over) - P(under) = \(totalBalance) at the closest means)")
    }
    let spreadBalance = exact.map { d in d.margins.probabilities(line: -spread) }.map { $0.above - $0.below } ?? .nan
    guard spreadBalance.isFinite, abs(spreadBalance) <= 1e-6 else {
      throw .invalid(
        field: "spread", value: "\(spread)",
        reason: "cannot be made a fair line with this model (P(home covers) - P(away covers) = \(spreadBalance) at the closest means)")
    }
    model = solved
    return model
  }
}
