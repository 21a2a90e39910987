import Foundation

/// Maximum likelihood of the regulation scores around their projections: the engine's model,
/// regulation points bivariate normal with means projection + shift, sds sd_home, sd_away and
/// correlation rho, rounded to whole points.
///
/// Residuals x = home regulation - home projection, y = away regulation - away projection, over
/// n games. The likelihood used is the bivariate normal density of (x, y), which at these sds
/// (about 12) equals the mass of the unit cell the rounding puts a score in to 1/(24 sd^2)
/// (0.03%) of itself; rounding adds 1/12 to each variance (Sheppard), which is taken off:
///
///   l = -n log(2 pi s_h s_a sqrt(1 - rho^2))
///       - [Qxx / s_h^2 - 2 rho Qxy / (s_h s_a) + Qyy / s_a^2] / (2 (1 - rho^2)),
///   Qxx = sum (x - m_h)^2, Qxy = sum (x - m_h)(y - m_a), Qyy = sum (y - m_a)^2.
///
/// Its maximum is closed: m the means, s^2 = Q/n, rho = Qxy / sqrt(Qxx Qyy); then
/// sd = sqrt(s^2 - 1/12). The standard errors come from the observed information
/// (`ObservedInformation`, the Hessian of l, which depends on the data only through the five
/// sums, so each evaluation is O(1)). Reported: home advantage m_h - m_a (points the home team
/// gains on the projected margin), total shift m_h + m_a (points added to the projected total),
/// the two sds and rho, with the delta method for the sums and differences.
package struct RegulationFit: Hashable, Sendable {
  package var games: Int
  package var homeAdvantage: Estimate
  package var totalShift: Estimate
  package var homeSD: Estimate
  package var awaySD: Estimate
  package var rho: Estimate
  package var logLikelihood: Double
  /// The means of the residuals (before the shift is split into advantage and total).
  package var homeShift: Double
  package var awayShift: Double
  /// The sds as fitted to the integer scores (before Sheppard's 1/12 is taken off): the sds of
  /// the residuals themselves.
  package var rawHomeSD: Double
  package var rawAwaySD: Double

  /// Sums of the residuals, the sufficient statistics of the fit.
  package struct Sums: Hashable, Sendable {
    package var n = 0.0, x = 0.0, y = 0.0, xx = 0.0, yy = 0.0, xy = 0.0

    package init() {}

    package mutating func add(_ rx: Double, _ ry: Double) {
      n += 1
      x += rx
      y += ry
      xx += rx * rx
      yy += ry * ry
      xy += rx * ry
    }

    /// The log-likelihood at theta = (m_h, m_a, s_h, s_a, rho).
    package func logLikelihood(_ t: [Double]) -> Double {
      let (mh, ma, sh, sa, r) = (t[0], t[1], t[2], t[3], t[4])
      guard sh > 0, sa > 0, abs(r) < 1 else { return -.infinity }
      let qxx = xx - 2 * mh * x + n * mh * mh
      let qyy = yy - 2 * ma * y + n * ma * ma
      let qxy = xy - mh * y - ma * x + n * mh * ma
      let quad = (qxx / (sh * sh) - 2 * r * qxy / (sh * sa) + qyy / (sa * sa)) / (2 * (1 - r * r))
      return -n * (log(2 * Double.pi) + log(sh) + log(sa) + 0.5 * log(1 - r * r)) - quad
    }
  }

  /// Fits the residuals of `games` against `projections` (games without a projection are left
  /// out). Nil with fewer than 3 games.
  package static func fit(_ games: [HistoricalGame], projections: [Projection?]) -> RegulationFit? {
    var sums = Sums()
    for (g, p) in zip(games, projections) {
      guard let p else { continue }
      sums.add(Double(g.regulationHome) - p.home, Double(g.regulationAway) - p.away)
    }
    return fit(sums)
  }

  package static func fit(_ s: Sums) -> RegulationFit? {
    guard s.n >= 3 else { return nil }
    let mh = s.x / s.n, ma = s.y / s.n
    let vh = s.xx / s.n - mh * mh, va = s.yy / s.n - ma * ma
    let cxy = s.xy / s.n - mh * ma
    guard vh > 1.0 / 12, va > 1.0 / 12 else { return nil }
    let sh = vh.squareRoot(), sa = va.squareRoot()
    let r = cxy / (sh * sa)
    let theta = [mh, ma, sh, sa, r]
    let ll = s.logLikelihood(theta)
    let cov = ObservedInformation.covariance(at: theta, s.logLikelihood)
    func se(_ i: Int) -> Double { cov.map { $0[i][i].squareRoot() } ?? .nan }
    func combined(_ sign: Double) -> Double {
      guard let c = cov else { return .nan }
      return (c[0][0] + c[1][1] + 2 * sign * c[0][1]).squareRoot()
    }
    // Sheppard: the engine rounds again, so its sd is the one before rounding.
    let ch = sh / (vh - 1.0 / 12).squareRoot(), ca = sa / (va - 1.0 / 12).squareRoot()
    return RegulationFit(
      games: Int(s.n),
      homeAdvantage: Estimate(mh - ma, standardError: combined(-1)),
      totalShift: Estimate(mh + ma, standardError: combined(1)),
      homeSD: Estimate((vh - 1.0 / 12).squareRoot(), standardError: se(2) * ch),
      awaySD: Estimate((va - 1.0 / 12).squareRoot(), standardError: se(3) * ca),
      rho: Estimate(r, standardError: se(4)), logLikelihood: ll, homeShift: mh, awayShift: ma, rawHomeSD: sh,
      rawAwaySD: sa)
  }

  /// The probability that regulation ends level for a game with this projected margin
  /// (home - away), under this fit: the margin is normal with mean projected + advantage and
  /// sd sqrt(s_h^2 + s_a^2 - 2 rho s_h s_a), and a level score is a margin within half a point
  /// of 0. Under the tie overtime model this is the overtime probability.
  package func levelProbability(projectedMargin: Double) -> Double {
    let sd = (rawHomeSD * rawHomeSD + rawAwaySD * rawAwaySD - 2 * rho.value * rawHomeSD * rawAwaySD).squareRoot()
    let m = projectedMargin + homeAdvantage.value
    return NormalDistribution.cdf((0.5 - m) / sd) - NormalDistribution.cdf((-0.5 - m) / sd)
  }
}

/// The standard normal's density and distribution function (erfc, accurate in both tails).
package enum NormalDistribution {
  package static func cdf(_ z: Double) -> Double { 0.5 * erfc(-z / 2.0.squareRoot()) }
  package static func logDensity(_ z: Double) -> Double { -0.5 * z * z - 0.5 * log(2 * Double.pi) }
}
