import Foundation

extension RegulationCells {
  /// The regulation cells of a skew-normal model, before floor and overtime.
  ///
  /// The kernel draws each team's points as (SkewNormal)
  ///   mean + sd (delta |U| + sqrt(1 - delta^2) Z - shift) / scale,
  /// Z the pair of correlated normals (latent correlation), U one independent normal per team.
  /// Given (|U_h|, |U_a|) = (u, v) the pair is bivariate normal with
  ///   means   mean - sd shift / scale + c u,   c = sd delta / scale,
  ///   sds     sd sqrt(1 - delta^2) / scale,   correlation the latent one,
  /// so a cell's probability is the expectation over u and v of a normal model's cell
  /// (`box`), taken by the half-normal Gauss rule in each (`HalfNormalQuadrature`: 6 nodes, 36
  /// normal boxes, at the NBA's fitted skewness 0.04; up to 24 at |skewness| 0.784, beyond which
  /// there is none). The
  /// integrand is analytic in u and v with a length scale of sqrt(1 - delta^2) / |delta| (1.66 at
  /// skewness 0.04, 0.46 at 0.5), so the rule converges geometrically; the tests check the
  /// moments' closed forms and the kernel's simulation.
  /// nil beyond |skewness| 0.784 (`HalfNormalQuadrature.maxSkewness`), where no rule converges.
  static func skewedBox(_ model: GameModel, including include: Int?) -> ScoreBox? {
    let skew = SkewNormal(skewness: model.skewness)
    guard let rule = HalfNormalQuadrature.rule(forScale: (1 - skew.delta * skew.delta).squareRoot() / abs(skew.delta))
    else { return nil }
    let normalPart = (1 - skew.delta * skew.delta).squareRoot() / skew.scale
    var base = model
    base.skewness = 0
    base.homeSD = model.homeSD * normalPart
    base.awaySD = model.awaySD * normalPart
    base.correlation = min(max(skew.latentCorrelation(for: model.correlation), -1), 1)
    base.homeMean = model.homeMean - model.homeSD * skew.shift / skew.scale
    base.awayMean = model.awayMean - model.awaySD * skew.shift / skew.scale
    let ch = model.homeSD * skew.delta / skew.scale, ca = model.awaySD * skew.delta / skew.scale
    func shifted(_ u: Double, _ v: Double) -> GameModel {
      var m = base
      m.homeMean += ch * u
      m.awayMean += ca * v
      return m
    }
    // The union of the boxes: each reaches its means -/+ reach sds on either axis (the disc's
    // projections), so the extreme nodes bound them all (a cell of margin for the rounding), and
    // the floor's row and column where some cells lie below it.
    let (uLo, uHi) = (rule.nodes.first!, rule.nodes.last!)
    func span(_ mean: Double, _ sd: Double, _ c: Double) -> ClosedRange<Int> {
      let a = mean + c * uLo, b = mean + c * uHi
      let lo = cell(min(a, b) - reach * sd) - 1
      let hi = cell(max(a, b) + reach * sd) + 1
      return lo...max(hi, include ?? hi)
    }
    let homeSpan = span(base.homeMean, base.homeSD, ch), awaySpan = span(base.awayMean, base.awaySD, ca)
    let (homeLo, homeHi, awayLo, awayHi) = (homeSpan.lowerBound, homeSpan.upperBound, awaySpan.lowerBound, awaySpan.upperBound)
    var out = ScoreBox(home: homeLo...homeHi, away: awayLo...awayHi)
    for (u, wu) in zip(rule.nodes, rule.weights) {
      for (v, wv) in zip(rule.nodes, rule.weights) {
        box(shifted(u, v), including: include).addShifted(into: &out, [(0, 0, wu * wv)])
      }
    }
    return out
  }
}
