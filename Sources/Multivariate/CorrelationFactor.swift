import CLinearAlgebra

/// A square root F of a positive semidefinite correlation matrix C (F F^T = C), from LAPACK's
/// pivoted Cholesky `dpstrf`: P^T C P = L L^T with L lower triangular of rank r. Unlike plain
/// `dpotrf` it factors singular matrices too (|rho| = 1, or a repaired matrix on the boundary
/// of the PSD cone): the trailing columns past the rank are zero.
///
/// Row j of L drives quantity order[j]: x[order[j]] = sum_{k <= min(j, r - 1)} L[j][k] z[k],
/// so Cov(x[order[j]], x[order[k]]) = (L L^T)[j][k] = C[order[j]][order[k]].
package struct CorrelationFactor: Hashable, Sendable {
  package let dimension: Int
  package let rank: Int
  /// L, row-major d x d, zero above the diagonal and in columns >= rank.
  package let lower: [Double]
  /// order[j]: the quantity row j of L drives (0-based: LAPACK's pivots minus one).
  package let order: [Int]

  /// Nil if the matrix is not positive semidefinite (check with NearestCorrelation first).
  package init?(_ matrix: CorrelationMatrix) {
    let n = matrix.dimension
    var a = matrix.entries
    var piv = [Int32](repeating: 0, count: n)
    var rank: Int32 = 0
    let info = LinearAlgebra.functions.dpstrf(LAPACK_ROW_MAJOR, Int8(UInt8(ascii: "L")), Int32(n), &a, Int32(n), &piv, &rank, -1)
    // info 1: rank deficient (a singular matrix), which is fine; negative: an argument error.
    guard info >= 0 else { return nil }
    let r = Int(rank)
    for j in 0..<n {
      for k in 0..<n where k > j || k >= r { a[j * n + k] = 0 }
    }
    dimension = n
    self.rank = r
    lower = a
    order = piv.map { Int($0) - 1 }
    // A matrix that is not PSD stops the factorisation at a negative pivot: the product then
    // misses the input by far more than rounding.
    guard maxReconstructionError(matrix) <= 1e-8 else { return nil }
  }

  /// max |(F F^T)_ij - C_ij|, F = P L.
  package func maxReconstructionError(_ matrix: CorrelationMatrix) -> Double {
    let n = dimension
    var worst = 0.0
    for j in 0..<n {
      for k in 0...j {
        var s = 0.0
        for m in 0..<n { s += lower[j * n + m] * lower[k * n + m] }
        worst = max(worst, abs(s - matrix[order[j], order[k]]))
      }
    }
    return worst
  }
}
