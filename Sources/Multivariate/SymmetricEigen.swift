import CLinearAlgebra

/// The eigendecomposition A = V diag(values) V^T of a real symmetric matrix, by LAPACK's
/// divide-and-conquer `dsyevd` (all eigenvalues, ascending, and orthonormal eigenvectors).
struct SymmetricEigen {
  let dimension: Int
  /// Ascending.
  let values: [Double]
  /// Row-major: column k is the eigenvector of values[k].
  let vectors: [Double]

  /// Nil when LAPACK does not converge (it reports info > 0; never seen for a finite matrix).
  init?(_ a: [Double], dimension n: Int) {
    var v = a
    var w = [Double](repeating: 0, count: n)
    let info = LinearAlgebra.functions.dsyevd(LAPACK_ROW_MAJOR, Int8(UInt8(ascii: "V")), Int8(UInt8(ascii: "L")), Int32(n), &v, Int32(n), &w)
    guard info == 0 else { return nil }
    dimension = n
    values = w
    vectors = v
  }

  /// V diag(f(values)) V^T, symmetric by construction.
  func recompose(_ f: (Double) -> Double) -> [Double] {
    let n = dimension
    // B = V diag(f), then B V^T with dgemm.
    var scaled = vectors
    for i in 0..<n {
      for k in 0..<n { scaled[i * n + k] *= f(values[k]) }
    }
    var out = [Double](repeating: 0, count: n * n)
    LinearAlgebra.functions.dgemm(
      CblasRowMajor, CblasNoTrans, CblasTrans, Int32(n), Int32(n), Int32(n), 1, scaled, Int32(n), vectors, Int32(n), 0, &out, Int32(n))
    for i in 0..<n {
      for j in 0..<i {
        let m = 0.5 * (out[i * n + j] + out[j * n + i])
        out[i * n + j] = m
        out[j * n + i] = m
      }
    }
    return out
  }
}
