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
/// the overtime and the floor), so bisection on s at fixed m, then on m at fixed s, repeated until
/// neither moves by more than 1e-6 points, converges in a few rounds. The sds, correlation and
/// overtime model are the given model's.
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
    guard let solved = set(s, m) else {
      throw .invalid(field: "total", value: "\(total)", reason: "needs a projection outside [0, \(Int(GameModel.maxProjection))]")
    }
    // The bisections fall back to a sign of +-1 outside the reachable means, which can fake a
    // bracket: the answer counts only if both lines are fair in the solved model.
    let totalBalance = balance(solved, \.totals, line: total)
    guard totalBalance.isFinite, abs(totalBalance) <= 1e-6 else {
      throw .invalid(
        field: "total", value: "\(total)",
        reason: "cannot be made a fair line with this model (P(over) - P(under) = \(totalBalance) at the closest means)")
    }
    let spreadBalance = balance(solved, \.margins, line: -spread)
    guard spreadBalance.isFinite, abs(spreadBalance) <= 1e-6 else {
      throw .invalid(
        field: "spread", value: "\(spread)",
        reason: "cannot be made a fair line with this model (P(home covers) - P(away covers) = \(spreadBalance) at the closest means)")
    }
    model = solved
    return model
  }
}
