import Foundation

/// Gauss-Legendre nodes and weights on [-1, 1], by Newton's method on P_n (Golub-Welsch
/// would do as well); exact for polynomials of degree 2n - 1.
struct GaussLegendre {
  let nodes: [Double]
  let weights: [Double]

  init(points n: Int) {
    var x = [Double](repeating: 0, count: n)
    var w = [Double](repeating: 0, count: n)
    for i in 0..<(n + 1) / 2 {
      var z = cos(Double.pi * (Double(i) + 0.75) / (Double(n) + 0.5))
      var derivative = 0.0
      for _ in 0..<100 {
        var p0 = 1.0, p1 = 0.0
        for j in 1...n {
          let p2 = p1
          p1 = p0
          p0 = ((2 * Double(j) - 1) * z * p1 - (Double(j) - 1) * p2) / Double(j)
        }
        derivative = Double(n) * (z * p0 - p1) / (z * z - 1)
        let step = p0 / derivative
        z -= step
        if abs(step) < 1e-16 { break }
      }
      x[i] = -z
      x[n - 1 - i] = z
      w[i] = 2 / ((1 - z * z) * derivative * derivative)
      w[n - 1 - i] = w[i]
    }
    nodes = x
    weights = w
  }

  /// Rules of 3 to 8 points (more would trust panels wider than the integrand's scale), each
  /// with the widest panel, as a fraction of the integrand's
  /// length scale L, on which it integrates a Gaussian-like integrand to 1e-16 of its size:
  /// the error term w^(2n+1) (n!)^4 / ((2n + 1) ((2n)!)^3) f^(2n)(xi), with |f^(2n)| at most
  /// about (2n - 1)!! / L^(2n) times |f| (the Hermite polynomial's value at 0).
  static let rules: [(rule: GaussLegendre, widest: Double)] = (3...8).map { n in
    let logC = 4 * lgamma(Double(n + 1)) - log(Double(2 * n + 1)) - 3 * lgamma(Double(2 * n + 1))
    let logDoubleFactorial = lgamma(Double(2 * n + 1)) - Double(n) * log(2.0) - lgamma(Double(n + 1))
    return (GaussLegendre(points: n), exp((log(1e-16) - logC - logDoubleFactorial) / Double(2 * n)))
  }

  /// The cheapest rule and number of panels (fewest nodes in all) for an interval of length 1
  /// of an integrand whose length scale is `scale`.
  static func panels(forScale scale: Double) -> (rule: GaussLegendre, panels: Int) {
    var best: (rule: GaussLegendre, panels: Int)?
    for (rule, widest) in rules {
      let panels = max(1, Int((1 / (widest * scale)).rounded(.up)))
      if best == nil || panels * rule.nodes.count < best!.panels * best!.rule.nodes.count { best = (rule, panels) }
    }
    return best!
  }
}
