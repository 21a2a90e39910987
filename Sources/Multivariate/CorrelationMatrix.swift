/// A correlation matrix as a user gives it: square, symmetric, unit diagonal, every entry a
/// finite number in [-1, 1]. Construction checks all of that and names the first entry at
/// fault; it does not check positive semidefiniteness (`MultivariateNormal` repairs a matrix
/// that is not, and says so: `CorrelationRepair`).
package struct CorrelationMatrix: Hashable, Sendable {
  package let dimension: Int
  /// Row-major, dimension x dimension.
  package let entries: [Double]

  /// Symmetry and the unit diagonal are checked to this absolute tolerance (a matrix typed
  /// with a few decimals, or produced by a repair, is symmetric to rounding only).
  package static let tolerance = 1e-9

  /// The matrix of `rows` (each a row of the same length as there are rows).
  package init(rows: [[Double]]) throws(CorrelationMatrixError) {
    guard !rows.isEmpty else { throw .empty }
    for (i, row) in rows.enumerated() where row.count != rows.count {
      throw .shape(row: i, count: row.count, expected: rows.count)
    }
    try self.init(dimension: rows.count, entries: rows.flatMap { $0 })
  }

  /// The matrix of `entries`, row-major, dimension x dimension.
  package init(dimension: Int, entries: [Double]) throws(CorrelationMatrixError) {
    guard dimension >= 1 else { throw .empty }
    guard entries.count == dimension * dimension else {
      throw .shape(row: entries.count / max(dimension, 1), count: entries.count, expected: dimension * dimension)
    }
    for i in 0..<dimension {
      for j in 0..<dimension {
        let v = entries[i * dimension + j]
        guard v.isFinite else { throw .entry(row: i, column: j, value: v, reason: "must be a finite number") }
        guard (-1...1).contains(v) else { throw .entry(row: i, column: j, value: v, reason: "must be in [-1, 1]") }
        if i == j, abs(v - 1) > Self.tolerance {
          throw .entry(row: i, column: j, value: v, reason: "a diagonal entry must be 1")
        }
        if j < i, abs(v - entries[j * dimension + i]) > Self.tolerance {
          throw .entry(
            row: i, column: j, value: v,
            reason: "must equal entry [\(j)][\(i)] = \(entries[j * dimension + i]) (the matrix is symmetric)")
        }
      }
    }
    self.dimension = dimension
    // Exactly symmetric with an exact unit diagonal from here on: the lower triangle wins.
    var clean = entries
    for i in 0..<dimension {
      clean[i * dimension + i] = 1
      for j in 0..<i { clean[j * dimension + i] = clean[i * dimension + j] }
    }
    self.entries = clean
  }

  /// The identity: independent quantities.
  package static func identity(_ dimension: Int) -> CorrelationMatrix {
    var e = [Double](repeating: 0, count: dimension * dimension)
    for i in 0..<dimension { e[i * dimension + i] = 1 }
    // swiftlint:disable:next force_try
    return try! CorrelationMatrix(dimension: dimension, entries: e)
  }

  package subscript(row: Int, column: Int) -> Double { entries[row * dimension + column] }

  /// The rows, as nested arrays (for reports).
  package var rows: [[Double]] {
    (0..<dimension).map { Array(entries[($0 * dimension)..<(($0 + 1) * dimension)]) }
  }

  /// sqrt(sum_ij (a_ij - b_ij)^2): the Frobenius distance between two matrices of one size.
  package static func frobeniusDistance(_ a: [Double], _ b: [Double]) -> Double {
    precondition(a.count == b.count, "matrices of different sizes")
    var s = 0.0
    for k in a.indices { s += (a[k] - b[k]) * (a[k] - b[k]) }
    return s.squareRoot()
  }
}

/// Why a correlation matrix was refused: its shape, or the entry at fault (0-based row and
/// column, as `correlation[row][column]` names it).
package enum CorrelationMatrixError: Error, Equatable, Sendable, CustomStringConvertible {
  case empty
  /// Row `row` has `count` entries where `expected` were due.
  case shape(row: Int, count: Int, expected: Int)
  case entry(row: Int, column: Int, value: Double, reason: String)

  /// The entry at fault as the user's file names it: `correlation[1][2]`, or the matrix.
  package var field: String {
    switch self {
    case .empty: "correlation"
    case .shape(let row, _, _): "correlation[\(row)]"
    case .entry(let row, let column, _, _): "correlation[\(row)][\(column)]"
    }
  }

  package var value: String {
    switch self {
    case .empty: "[]"
    case .shape(_, let count, _): "\(count) entries"
    case .entry(_, _, let value, _): "\(value)"
    }
  }

  package var reason: String {
    switch self {
    case .empty: "a correlation matrix needs at least one row"
    case .shape(_, _, let expected): "must have \(expected) entries (the matrix is square)"
    case .entry(_, _, _, let reason): reason
    }
  }

  package var description: String { "\(field) = \(value): \(reason)" }
}
