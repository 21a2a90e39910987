/// A refused trade input: the field as the user wrote it (`player_in.proj_scores`,
/// `pool[3].price`), the value given, and why. Rendered once, at the edge.
package enum TradeInputError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A value outside its domain (negative price, NaN, probability above 1, ...).
  case invalid(field: String, value: String, reason: String)
  /// A list of the wrong length (the original needs exactly 5 projected scores).
  case wrongCount(field: String, count: Int, expected: String)
  /// A required field that is absent.
  case missing(field: String)
  /// A player id that names no player of the pool.
  case unknownPlayer(field: String, id: String)

  package var field: String {
    switch self {
    case .invalid(let field, _, _), .wrongCount(let field, _, _), .missing(let field),
      .unknownPlayer(let field, _):
      field
    }
  }

  /// The offending value as text ("" for a missing field).
  package var value: String {
    switch self {
    case .invalid(_, let value, _): value
    case .wrongCount(_, let count, _): "\(count) values"
    case .missing: ""
    case .unknownPlayer(_, let id): id
    }
  }

  package var reason: String {
    switch self {
    case .invalid(_, _, let reason): reason
    case .wrongCount(_, _, let expected): "needs \(expected)"
    case .missing: "is required"
    case .unknownPlayer: "is not a player of the pool"
    }
  }

  package var description: String {
    switch self {
    case .missing(let field): "\(field): is required"
    default: "\(field) = \(value): \(reason)"
    }
  }

  /// The same error for a field nested under `prefix` (`price` -> `pool[3].price`).
  package func nested(under prefix: String) -> TradeInputError {
    let path = field.isEmpty ? prefix : prefix + (field.hasPrefix("[") ? "" : ".") + field
    switch self {
    case .invalid(_, let value, let reason): return .invalid(field: path, value: value, reason: reason)
    case .wrongCount(_, let count, let expected):
      return .wrongCount(field: path, count: count, expected: expected)
    case .missing: return .missing(field: path)
    case .unknownPlayer(_, let id): return .unknownPlayer(field: path, id: id)
    }
  }
}

/// Every problem of an input, gathered: each check run whatever the others found, so that an
/// answer names each bad field at once.
struct TradeProblems {
  private(set) var list: [TradeInputError] = []

  mutating func check(_ body: () throws(TradeInputError) -> Void) {
    do { try body() } catch { list.append(error) }
  }

  mutating func add(_ error: TradeInputError) { list.append(error) }
}

/// Checks shared by every input type; each throws the field's name and the value given.
enum Check {
  /// Every number of a trade input: finite and at most 10^9 in size (prices are dollars, scores
  /// points); beyond that the score histograms could not resolve the spread.
  static let maxMagnitude = 1e9

  static func finite(_ field: String, _ value: Double) throws(TradeInputError) {
    guard value.isFinite else {
      throw .invalid(field: field, value: "\(value)", reason: "must be a finite number")
    }
    guard abs(value) <= maxMagnitude else {
      throw .invalid(field: field, value: "\(value)", reason: "must be at most 1e9 in size")
    }
  }

  static func positive(_ field: String, _ value: Double) throws(TradeInputError) {
    try finite(field, value)
    guard value > 0 else {
      throw .invalid(field: field, value: PythonNumerics.str(value), reason: "must be greater than 0")
    }
  }

  static func nonNegative(_ field: String, _ value: Double) throws(TradeInputError) {
    try finite(field, value)
    guard value >= 0 else {
      throw .invalid(field: field, value: PythonNumerics.str(value), reason: "must not be negative")
    }
  }

  static func probability(_ field: String, _ value: Double) throws(TradeInputError) {
    try finite(field, value)
    guard (0...1).contains(value) else {
      throw .invalid(field: field, value: "\(value)", reason: "must be in [0, 1]")
    }
  }

  static func finite(_ field: String, _ values: [Double]) throws(TradeInputError) {
    for (i, v) in values.enumerated() { try finite("\(field)[\(i)]", v) }
  }
}
