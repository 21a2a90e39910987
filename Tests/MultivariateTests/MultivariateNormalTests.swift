import Foundation
import Multivariate
import XCTest

/// The draws: their covariance, determinism across thread counts and paths, singular matrices.
final class MultivariateNormalTests: XCTestCase {
  /// A d = 64 correlation matrix with a one-factor part and a banded part: positive definite
  /// by construction (a Gram matrix of unit vectors), varied sds and means.
  private func sixtyFour() throws -> MultivariateNormal {
    let d = 64
    var rows = [[Double]](repeating: [Double](repeating: 0, count: d), count: d)
    // Loadings of a shared factor and of a neighbour factor, rows normalised to unit length.
    func vector(_ i: Int) -> [Double] {
      var v = [Double](repeating: 0, count: d + 1)
      v[d] = 0.3 + 0.5 * Double(i % 5) / 4  // the shared factor
      v[i] = 1
      if i + 1 < d { v[i + 1] = 0.6 * (i % 2 == 0 ? 1 : -1) }
      let n = v.reduce(0) { $0 + $1 * $1 }.squareRoot()
      return v.map { $0 / n }
    }
    let vs = (0..<d).map(vector)
    for i in 0..<d {
      for j in 0..<d { rows[i][j] = i == j ? 1 : zip(vs[i], vs[j]).reduce(0) { $0 + $1.0 * $1.1 } }
    }
    let c = try CorrelationMatrix(rows: rows)
    let means = (0..<d).map { Double($0) * 0.25 - 4 }
    let sds = (0..<d).map { 0.5 + Double($0 % 7) * 0.4 }
    return try MultivariateNormal(means: means, sds: sds, correlation: c)
  }

  /// Every entry of the sample covariance of 2 x 10^5 draws within its sampling error of
  /// Sigma_ij = rho_ij sd_i sd_j. For normal draws Var(S_ij) = (Sigma_ij^2 + Sigma_ii Sigma_jj) / n
  /// (Anderson, Multivariate Statistical Analysis, 3.4); with 2080 distinct entries tested at
  /// once the bound is the two-sided Bonferroni z at 0.001 / 2080 (4.9), so the test holds every
  /// entry to what a single 4-SE check holds one. Means likewise, each to sd / sqrt n.
  func testCovarianceOfSixtyFourQuantities() throws {
    let mvn = try sixtyFour()
    let d = mvn.dimension
    XCTAssertEqual(MultivariateNormal.Path.preferred(dimension: d), .blas)
    let n = 200_000
    let acc = mvn.simulate(draws: n, seed: 64, threads: 2) { CovarianceAccumulator(centre: mvn.means) }
    XCTAssertEqual(acc.count, n)
    let z = 4.9
    var worst = 0.0
    for i in 0..<d {
      let meanSE = mvn.sds[i] / Double(n).squareRoot()
      XCTAssertLessThan(abs(acc.mean(i) - mvn.means[i]), z * meanSE, "mean \(i)")
      for j in 0...i {
        let sigma = mvn.correlation[i, j] * mvn.sds[i] * mvn.sds[j]
        let se = ((sigma * sigma + mvn.sds[i] * mvn.sds[i] * mvn.sds[j] * mvn.sds[j]) / Double(n)).squareRoot()
        let t = abs(acc.covariance(i, j) - sigma) / se
        worst = max(worst, t)
        XCTAssertLessThan(t, z, "covariance [\(i)][\(j)]: \(acc.covariance(i, j)) vs \(sigma)")
      }
    }
    // Not a test that cannot fail: the largest deviation is of the size sampling gives.
    XCTAssertGreaterThan(worst, 1)
  }

  /// The same sums, bit for bit, on 1, 2 and 3 threads, on each path (chunks folded in order).
  func testBitIdenticalAcrossThreadCounts() throws {
    let mvn = try sixtyFour()
    for path in MultivariateNormal.Path.allCases {
      let runs = [1, 2, 3].map { threads in
        mvn.simulate(draws: 150_000, seed: 7, threads: threads, path: path) { CovarianceAccumulator(centre: mvn.means) }
      }
      XCTAssertEqual(runs[0].sums, runs[1].sums, "\(path)")
      XCTAssertEqual(runs[0].sums, runs[2].sums, "\(path)")
      XCTAssertEqual(runs[0].products, runs[1].products, "\(path)")
      XCTAssertEqual(runs[0].products, runs[2].products, "\(path)")
    }
  }

  /// The BLAS path and the loop compute the same draws up to rounding.
  func testPathsAgreeDrawForDraw() throws {
    let mvn = try sixtyFour()
    let blas = mvn.simulate(draws: 3000, seed: 3, threads: 1, path: .blas) { Collector() }
    let loop = mvn.simulate(draws: 3000, seed: 3, threads: 1, path: .loop) { Collector() }
    XCTAssertEqual(blas.values.count, 3000 * 64)
    var worst = 0.0
    for k in blas.values.indices { worst = max(worst, abs(blas.values[k] - loop.values[k])) }
    XCTAssertLessThan(worst, 1e-12)
  }

  /// |rho| = 1 is singular but valid: the pivoted factor has rank 1 and the second quantity is
  /// an exact affine image of the first.
  func testPerfectCorrelationIsSingularButValid() throws {
    let c = try CorrelationMatrix(rows: [[1, -1], [-1, 1]])
    let mvn = try MultivariateNormal(means: [10, 20], sds: [2, 3], correlation: c)
    XCTAssertNil(mvn.repair)
    XCTAssertEqual(mvn.factor.rank, 1)
    for path in MultivariateNormal.Path.allCases {
      let draws = mvn.simulate(draws: 1000, seed: 1, threads: 1, path: path) { Collector() }.values
      for i in 0..<1000 {
        XCTAssertEqual((draws[2 * i] - 10) / 2, -(draws[2 * i + 1] - 20) / 3, accuracy: 1e-12)
      }
    }
  }

  /// Means and sds are checked, each named.
  func testBadMeansAndSDsAreNamed() throws {
    let c = CorrelationMatrix.identity(2)
    XCTAssertThrowsError(try MultivariateNormal(means: [0, .nan], sds: [1, 1], correlation: c)) {
      XCTAssertEqual(($0 as? MultivariateError)?.field, "means[1]")
    }
    XCTAssertThrowsError(try MultivariateNormal(means: [0, 0], sds: [-1, 1], correlation: c)) {
      XCTAssertEqual(($0 as? MultivariateError)?.field, "sds[0]")
    }
    XCTAssertThrowsError(try MultivariateNormal(means: [0, 0, 0], sds: [1, 1, 1], correlation: c)) {
      XCTAssertEqual(($0 as? MultivariateError)?.field, "means")
    }
  }

  /// OpenBLAS runs on the calling thread only once the engine has started.
  func testBLASThreadsAreOff() {
    XCTAssertEqual(MultivariateNormal.blasThreads, 1)
  }
}

/// Keeps every draw (tests only: a few thousand).
private struct Collector: DrawAccumulator {
  var values: [Double] = []
  mutating func add(_ draws: UnsafeBufferPointer<Double>, rows: Int, dimension: Int) {
    values += draws
  }
  mutating func merge(_ next: Collector) { values += next.values }
}

/// A histogram of sums streamed from the draws: w . x is normal with mean w . mu and variance
/// w^T Sigma w, so every bin's share matches the normal's mass on it within 4 SE.
final class SumHistogramTests: XCTestCase {
  func testSumOfCorrelatedQuantities() throws {
    let c = try CorrelationMatrix(rows: [[1, 0.5, -0.2, 0.3], [0.5, 1, 0.1, 0], [-0.2, 0.1, 1, 0.4], [0.3, 0, 0.4, 1]])
    let means = [110.0, 105, 24, 8], sds = [10.0, 10, 6, 2.5], w = [1.0, -1, 2, 0.5]
    let mvn = try MultivariateNormal(means: means, sds: sds, correlation: c)
    let mean = zip(w, means).reduce(0) { $0 + $1.0 * $1.1 }
    var variance = 0.0
    for i in 0..<4 { for j in 0..<4 { variance += w[i] * w[j] * c[i, j] * sds[i] * sds[j] } }
    let sd = variance.squareRoot()
    let n = 400_000
    let h = mvn.simulate(draws: n, seed: 17, threads: 2) {
      SumHistogram(weights: w, origin: mean - 3 * sd, width: sd / 2, bins: 12)
    }
    XCTAssertEqual(h.draws, UInt64(n))
    func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.0.squareRoot()) }
    for k in 0..<12 {
      let lo = -3 + Double(k) / 2, p = phi(lo + 0.5) - phi(lo)
      let observed = Double(h.counts[k]) / Double(n)
      XCTAssertLessThan(abs(observed - p), 4 * (p * (1 - p) / Double(n)).squareRoot(), "bin \(k)")
    }
    let tails = Double(h.below + h.above) / Double(n), p = 2 * phi(-3)
    XCTAssertLessThan(abs(tails - p), 4 * (p * (1 - p) / Double(n)).squareRoot())
  }
}
