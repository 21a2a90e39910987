import Foundation

/// The skew-normal marginal used for `--skew`, parameterised by its skewness.
///
/// Latent construction (Azzalini): X = delta |U| + sqrt(1 - delta^2) Z, U and Z standard normal.
///   E[X] = delta sqrt(2/pi) = m,   Var[X] = 1 - m^2,
///   skewness = (4 - pi)/2 * m^3 / (1 - m^2)^(3/2)
/// Inverting: r = (2 |skewness| / (4 - pi))^(1/3),  m^2 = r^2 / (1 + r^2),  delta = sign * m sqrt(pi/2).
/// A team's points are mean + sd * (X - m) / sqrt(1 - m^2): the projection and sd keep their
/// meaning. Two teams share the latent Z's correlation; since the |U| parts are independent,
///   corr(X_home, X_away) = (1 - delta^2) rho_z / (1 - m^2),
/// so rho_z = rho (1 - m^2) / (1 - delta^2) gives the requested correlation rho.
public struct SkewNormal: Hashable, Sendable {
  /// The skewness as delta -> 1.
  public static let maxSkewness = 0.99

  public let skewness: Double
  public let delta: Double

  public init(skewness: Double) {
    self.skewness = skewness
    let r = cbrt(2 * abs(skewness) / (4 - Double.pi))
    let m2 = r * r / (1 + r * r)
    let magnitude = (m2 * Double.pi / 2).squareRoot()
    delta = skewness < 0 ? -magnitude : magnitude
  }

  /// E[X] of the latent variable.
  public var shift: Double { delta * (2 / Double.pi).squareRoot() }

  /// sd of the latent variable.
  public var scale: Double { (1 - shift * shift).squareRoot() }

  /// The largest |correlation| two teams with this skewness can have (latent correlation 1):
  /// (1 - delta^2) / (1 - m^2).
  public var maxCorrelation: Double { delta == 0 ? 1 : (1 - delta * delta) / (1 - shift * shift) }

  /// The correlation of the latent normals that gives the teams correlation `rho`.
  public func latentCorrelation(for rho: Double) -> Double {
    delta == 0 ? rho : rho * (1 - shift * shift) / (1 - delta * delta)
  }
}
