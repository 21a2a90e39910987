import Foundation
import Simulation

/// Whether skewed scores earn their place: the engine's `--skew` makes each team's regulation
/// points skew-normal with the same skewness, keeping the team's mean and sd (`SkewNormal`).
///
/// The joint density of the engine's skewed pair has no closed form, so this compares the two
/// teams' marginal likelihoods (a composite likelihood, documented as such): with each team's
/// mean and raw sd at their normal fit, the skewness g maximises
///
///   l(g) = sum over games of log f(x; m_h, s_h, g) + log f(y; m_a, s_a, g),
///   f(x; m, s, g) = 2/w phi(z) Phi(alpha z),  z = (x - xi)/w,  w = s / sqrt(1 - mu^2),
///   xi = m - w mu,  mu = delta sqrt(2/pi),  alpha = delta / sqrt(1 - delta^2),
///
/// (delta from g as in `SkewNormal`), and AIC = 2k - 2l compares it with g = 0 (one parameter
/// more). Skew earns its place when its AIC is lower. Its standard error is from the observed
/// information of l (for a composite likelihood this understates it somewhat: the two teams'
/// residuals are correlated).
package struct SkewFit: Hashable, Sendable {
  package var skewness: Estimate
  package var logLikelihoodNormal: Double
  package var logLikelihoodSkewed: Double
  /// AIC with skew minus AIC without: negative when skew earns its place.
  package var deltaAIC: Double { 2 - 2 * (logLikelihoodSkewed - logLikelihoodNormal) }
  package var earnsItsPlace: Bool { deltaAIC < 0 }

  package static func fit(_ games: [HistoricalGame], projections: [Projection?], regulation: RegulationFit) -> SkewFit {
    var xs: [Double] = [], ys: [Double] = []
    for (g, p) in zip(games, projections) {
      guard let p else { continue }
      xs.append(Double(g.regulationHome) - p.home)
      ys.append(Double(g.regulationAway) - p.away)
    }
    func ll(_ t: [Double]) -> Double {
      let g = t[0]
      guard abs(g) <= 0.95 else { return -.infinity }
      return logLikelihood(xs, mean: regulation.homeShift, sd: regulation.rawHomeSD, skewness: g)
        + logLikelihood(ys, mean: regulation.awayShift, sd: regulation.rawAwaySD, skewness: g)
    }
    let best = NelderMead.minimise({ -ll($0) }, from: [0.05], steps: [0.1], tolerance: 1e-13)
    let cov = ObservedInformation.covariance(at: best, step: 1e-3, ll)
    return SkewFit(
      skewness: Estimate(best[0], standardError: cov.map { $0[0][0].squareRoot() } ?? .nan),
      logLikelihoodNormal: ll([0]), logLikelihoodSkewed: ll(best))
  }

  static func logLikelihood(_ values: [Double], mean: Double, sd: Double, skewness: Double) -> Double {
    let delta = SkewNormal(skewness: skewness).delta
    let mu = delta * (2 / Double.pi).squareRoot()
    let w = sd / (1 - mu * mu).squareRoot()
    let xi = mean - w * mu
    let alpha = delta / (1 - delta * delta).squareRoot()
    var s = 0.0
    for v in values {
      let z = (v - xi) / w
      s += NormalDistribution.logDensity(z) + log(2 * NormalDistribution.cdf(alpha * z))
    }
    return s - Double(values.count) * log(w)
  }
}
