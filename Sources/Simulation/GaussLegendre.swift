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

  static let eight = GaussLegendre(points: 8)
}
