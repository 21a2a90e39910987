/// The nearest correlation matrix in the Frobenius norm to a symmetric matrix with unit
/// diagonal that is not positive semidefinite: Higham's alternating projections with Dykstra's
/// correction (N. J. Higham, "Computing the nearest correlation matrix - a problem from
/// finance", IMA J. Numer. Anal. 22 (2002) 329-343, Algorithm 3.3 with W = I):
///
///   dS = 0, Y = A
///   repeat
///     R  = Y - dS
///     X  = P_S(R)          projection onto the PSD cone: V diag(max(l, 0)) V^T (dsyevd)
///     dS = X - R           Dykstra's correction (without it the iteration stalls short of
///                          the nearest point)
///     Y  = P_U(X)          projection onto unit-diagonal matrices: set diag(X) to 1
///   until ||Y - X||_F <= tol ||Y||_F and ||Y - Y_prev||_F <= tol ||Y||_F
///
/// Both sets are convex, so the iteration converges (linearly) to the unique nearest point.
/// Higham's example A = [[1, 1, 0], [1, 1, 1], [0, 1, 1]] gives off-diagonals 0.7607 and
/// 0.1573 (his section 4), which the tests pin.
package enum NearestCorrelation {
  /// Relative change below which the iteration stops.
  package static let tolerance = 1e-12
  package static let maxIterations = 100_000

  /// The nearest correlation matrix to `matrix`, with its Frobenius distance from it and the
  /// iterations taken. A matrix that is already PSD comes back unchanged at distance 0.
  package static func repair(_ matrix: CorrelationMatrix) -> CorrelationRepair {
    let n = matrix.dimension
    let a = matrix.entries
    var y = a
    var correction = [Double](repeating: 0, count: n * n)
    var x = a
    var iterations = 0
    while iterations < maxIterations {
      iterations += 1
      var r = y
      for k in r.indices { r[k] -= correction[k] }
      guard let eigen = SymmetricEigen(r, dimension: n) else { break }
      x = eigen.recompose { max($0, 0) }
      for k in r.indices { correction[k] = x[k] - r[k] }
      let previous = y
      y = x
      for i in 0..<n { y[i * n + i] = 1 }
      let scale = norm(y)
      if CorrelationMatrix.frobeniusDistance(y, x) <= tolerance * scale
        && CorrelationMatrix.frobeniusDistance(y, previous) <= tolerance * scale
      {
        break
      }
    }
    // Y has the unit diagonal exactly; clip the rounding outside [-1, 1].
    for k in y.indices { y[k] = min(1, max(-1, y[k])) }
    // swiftlint:disable:next force_try
    let repaired = try! CorrelationMatrix(dimension: n, entries: y)
    return CorrelationRepair(
      original: matrix, repaired: repaired, distance: CorrelationMatrix.frobeniusDistance(a, repaired.entries),
      iterations: iterations)
  }

  /// The smallest eigenvalue of a symmetric matrix (dsyevd).
  package static func smallestEigenvalue(_ matrix: CorrelationMatrix) -> Double {
    SymmetricEigen(matrix.entries, dimension: matrix.dimension)?.values.first ?? -.infinity
  }

  /// Whether the matrix is positive semidefinite to rounding: its smallest eigenvalue is at
  /// least -semidefiniteTolerance * dimension (a matrix with |rho| = 1 is singular but valid).
  package static func isSemidefinite(_ matrix: CorrelationMatrix) -> Bool {
    smallestEigenvalue(matrix) >= -semidefiniteTolerance * Double(matrix.dimension)
  }

  package static let semidefiniteTolerance = 1e-10

  private static func norm(_ a: [Double]) -> Double {
    var s = 0.0
    for v in a { s += v * v }
    return s.squareRoot()
  }
}

/// A correlation matrix replaced by its nearest correlation matrix: both, the Frobenius
/// distance between them and the iterations it took. Never applied silently: every result
/// built on a repaired matrix carries this.
package struct CorrelationRepair: Hashable, Sendable {
  package let original: CorrelationMatrix
  package let repaired: CorrelationMatrix
  /// ||repaired - original||_F.
  package let distance: Double
  package let iterations: Int
}
