/// A refused input: which field, the value given, and why. Rendered once, at the edge.
public enum InputError: Error, Equatable, Sendable, CustomStringConvertible {
  case invalid(field: String, value: String, reason: String)

  public var field: String {
    switch self {
    case .invalid(let field, _, _): field
    }
  }

  public var description: String {
    switch self {
    case .invalid(let field, let value, let reason): "\(field) = \(value): \(reason)"
    }
  }

  /// The run was stopped before it finished (`RunStop`: nobody would read its answer). Its
  /// binder discards it; nothing reports it to a user.
  public static let stopped = InputError.invalid(field: "run", value: "stopped", reason: "stopped before it finished: nobody will read it")

  static func requireFinite(_ field: String, _ value: Double) throws(InputError) {
    guard value.isFinite else {
      throw .invalid(field: field, value: "\(value)", reason: "must be a finite number")
    }
  }

  static func requirePositive(_ field: String, _ value: Double) throws(InputError) {
    try requireFinite(field, value)
    guard value > 0 else {
      throw .invalid(field: field, value: "\(value)", reason: "must be greater than 0")
    }
  }
}
