import Foundation

/// Gauss quadrature for the half-normal: nodes u_k >= 0 and weights w_k (summing to 1) with
///
///   E[f(|U|)] = integral over [0, inf) of 2 phi(u) f(u) du  ~  sum_k w_k f(u_k),   U ~ N(0, 1),
///
/// exact for polynomials f of degree below 2n. The skew-normal's |U| part (`SkewNormal`) is
/// integrated out with it (`RegulationCells.skewedBox`).
///
/// The rule is the Gauss rule of the weight 2 phi on [0, inf) ("half-range Hermite"), which has
/// no closed form: its three-term recurrence comes from the discretised Stieltjes procedure
/// (Gautschi, "Orthogonal Polynomials: Computation and Approximation", 2004, section 2.2.3) on
/// a 480-point Gauss-Legendre discretisation of [0, 12] (the mass beyond 12 is 2e-33; for the
/// rules used, n <= 24, the moments of degree below 2n are cut off at 1e-12 relative at most),
/// and its nodes and weights from the Jacobi matrix (Golub and Welsch, 1969): the eigenvalues,
/// and the squared first components of the eigenvectors, by the implicit QL method.
struct HalfNormalQuadrature: Sendable {
  let nodes: [Double]
  let weights: [Double]

  /// The rules the skewed exact distribution uses, by the length scale L = sqrt(1 - delta^2) /
  /// |delta| (in units of |U|) of its integrand: the means that make a total and a spread fair
  /// moved by 2e-9 points from 6 to 32 nodes at skewness 0.04 (L = 1.66), by 1.4e-10 from 16 to
  /// 24 at 0.5 (L = 0.46), 2e-7 at -0.7 (L = 0.29). Below L = 0.25 (|skewness| above
  /// `maxSkewness`) no rule of this kind converges (1.4e-4 points from 16 to 24 nodes at 0.9):
  /// nil, and the exact distribution has none.
  static func rule(forScale scale: Double) -> HalfNormalQuadrature? {
    scale >= 1.5 ? six : scale >= 1.2 ? eight : scale >= 0.4 ? sixteen : scale >= 0.25 ? twentyFour : nil
  }

  /// The largest |skewness| whose scale L is at least 0.25: delta = 1 / sqrt(1 + 0.25^2).
  static let maxSkewness = 0.784

  static let six = HalfNormalQuadrature(points: 6)
  static let eight = HalfNormalQuadrature(points: 8)
  static let sixteen = HalfNormalQuadrature(points: 16)
  static let twentyFour = HalfNormalQuadrature(points: 24)

  init(points n: Int) {
    precondition(n >= 1 && n <= 40)
    // The discrete measure.
    let legendre = GaussLegendre(points: 20)
    let panels = 24, width = 12.0 / Double(panels)
    var x: [Double] = [], w: [Double] = []
    for panel in 0..<panels {
      let a = Double(panel) * width
      for (t, weight) in zip(legendre.nodes, legendre.weights) {
        let u = a + (t + 1) * width / 2
        x.append(u)
        w.append(weight * width / 2 * 2 * exp(-0.5 * u * u) / (2 * Double.pi).squareRoot())
      }
    }
    // Stieltjes with orthonormal polynomials: b_{k+1}^(1/2) p_{k+1} = (x - a_k) p_k - b_k^(1/2) p_{k-1}.
    let mass = w.reduce(0, +)
    var previous = [Double](repeating: 0, count: x.count)
    var current = [Double](repeating: 1 / mass.squareRoot(), count: x.count)
    var diagonal = [Double](repeating: 0, count: n), offDiagonal = [Double](repeating: 0, count: n)
    var root = 0.0  // b_k^(1/2)
    for k in 0..<n {
      var a = 0.0
      for i in x.indices { a += w[i] * x[i] * current[i] * current[i] }
      diagonal[k] = a
      var next = [Double](repeating: 0, count: x.count)
      var norm = 0.0
      for i in x.indices {
        next[i] = (x[i] - a) * current[i] - root * previous[i]
        norm += w[i] * next[i] * next[i]
      }
      root = norm.squareRoot()
      offDiagonal[k] = root
      for i in x.indices { next[i] /= root }
      previous = current
      current = next
    }
    let (values, first) = Self.tridiagonalEigen(diagonal: diagonal, offDiagonal: Array(offDiagonal.prefix(n - 1)))
    let order = values.indices.sorted { values[$0] < values[$1] }
    nodes = order.map { values[$0] }
    let raw = order.map { first[$0] * first[$0] }
    let total = raw.reduce(0, +)
    weights = raw.map { $0 / total }
  }

  /// The eigenvalues of the symmetric tridiagonal matrix (diagonal d, off-diagonal e) and the
  /// first component of each unit eigenvector, by the implicit QL method with Wilkinson shifts
  /// (the `tql2` of EISPACK), rotating only the eigenvectors' first row.
  static func tridiagonalEigen(diagonal: [Double], offDiagonal: [Double]) -> (values: [Double], first: [Double]) {
    let n = diagonal.count
    var d = diagonal
    var e = offDiagonal + [0]
    var z = [Double](repeating: 0, count: n)
    z[0] = 1
    for l in 0..<n {
      for _ in 0..<60 {
        var m = l
        while m < n - 1 {
          let dd = abs(d[m]) + abs(d[m + 1])
          if abs(e[m]) <= Double.ulpOfOne * dd { break }
          m += 1
        }
        if m == l { break }
        var g = (d[l + 1] - d[l]) / (2 * e[l])
        var r = (g * g + 1).squareRoot()
        g = d[m] - d[l] + e[l] / (g + (g >= 0 ? r : -r))
        var s = 1.0, c = 1.0, p = 0.0
        var i = m - 1
        var deflated = false
        while i >= l {
          let f = s * e[i], b = c * e[i]
          r = (f * f + g * g).squareRoot()
          e[i + 1] = r
          if r == 0 {
            d[i + 1] -= p
            e[m] = 0
            deflated = true
            break
          }
          s = f / r
          c = g / r
          g = d[i + 1] - p
          r = (d[i] - g) * s + 2 * c * b
          p = s * r
          d[i + 1] = g + p
          g = c * r - b
          let zf = z[i + 1]
          z[i + 1] = s * z[i] + c * zf
          z[i] = c * z[i] - s * zf
          i -= 1
        }
        if deflated { continue }
        d[l] -= p
        e[l] = g
        e[m] = 0
      }
    }
    return (d, z)
  }
}
