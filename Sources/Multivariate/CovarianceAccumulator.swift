import CLinearAlgebra

/// First and second moments of the draws: sums of x and of x x^T (the lower triangle, by BLAS's
/// rank-k update `dsyrk`), enough for the sample mean and covariance. Sums are taken about a
/// fixed centre (the true means, say) so that large means cost no digits.
package struct CovarianceAccumulator: DrawAccumulator {
  package let dimension: Int
  package let centre: [Double]
  package private(set) var count = 0
  /// sum of (x - centre), d entries.
  package private(set) var sums: [Double]
  /// sum of (x - centre)(x - centre)^T, row-major d x d, lower triangle.
  package private(set) var products: [Double]
  private var scratch: [Double] = []

  package init(centre: [Double]) {
    dimension = centre.count
    self.centre = centre
    sums = [Double](repeating: 0, count: centre.count)
    products = [Double](repeating: 0, count: centre.count * centre.count)
  }

  package mutating func add(_ draws: UnsafeBufferPointer<Double>, rows: Int, dimension d: Int) {
    precondition(d == dimension, "draws of another dimension")
    if scratch.count < rows * d { scratch = [Double](repeating: 0, count: rows * d) }
    for i in 0..<rows {
      for j in 0..<d {
        let v = draws[i * d + j] - centre[j]
        scratch[i * d + j] = v
        sums[j] += v
      }
    }
    // C += Y^T Y with Y the rows x d block.
    LinearAlgebra.functions.dsyrk(CblasRowMajor, CblasLower, CblasTrans, Int32(d), Int32(rows), 1, scratch, Int32(d), 1, &products, Int32(d))
    count += rows
  }

  package mutating func merge(_ next: CovarianceAccumulator) {
    count += next.count
    for j in sums.indices { sums[j] += next.sums[j] }
    for k in products.indices { products[k] += next.products[k] }
  }

  /// Sample mean of quantity j.
  package func mean(_ j: Int) -> Double { centre[j] + sums[j] / Double(count) }

  /// Sample covariance (divisor n - 1) of quantities i and j.
  package func covariance(_ i: Int, _ j: Int) -> Double {
    let (a, b) = i >= j ? (i, j) : (j, i)
    let n = Double(count)
    return (products[a * dimension + b] - sums[a] * sums[b] / n) / (n - 1)
  }
}
