/// One swept parameter and its values, in increasing order.
public struct SweepAxis: Hashable, Sendable {
  public let parameter: SweepParameter
  public let values: [Double]

  /// At most this many grid points (the product of the axes' sizes).
  public static let maxPoints = 100_000
  /// At most two parameters vary at once (curves, or a heat map).
  public static let maxAxes = 2

  public init(_ parameter: SweepParameter, _ values: [Double]) {
    self.parameter = parameter
    self.values = values
  }

  /// Refuses a grid that cannot be swept: no axes or more than two, an empty axis, values not
  /// finite or not strictly increasing, a model quantity moved by two axes, too many points.
  /// The field named is the parameter's (`rho`, `shift`).
  public static func validate(_ axes: [SweepAxis]) throws(InputError) {
    guard !axes.isEmpty else {
      throw .invalid(field: "sweep", value: "", reason: "nothing to sweep: give a grid (a:b:step or a,b,c) to at least one option")
    }
    guard axes.count <= maxAxes else {
      throw .invalid(
        field: axes[maxAxes].parameter.rawValue, value: "",
        reason: "at most \(maxAxes) parameters can be swept at once (\(axes.map(\.parameter.rawValue).joined(separator: ", ")))")
    }
    var points = 1
    var moved: [String: SweepParameter] = [:]
    for axis in axes {
      let name = axis.parameter.rawValue
      guard !axis.values.isEmpty else { throw .invalid(field: name, value: "", reason: "the grid is empty") }
      for v in axis.values where !v.isFinite {
        throw .invalid(field: name, value: "\(v)", reason: "must be finite")
      }
      for (a, b) in zip(axis.values, axis.values.dropFirst()) where !(a < b) {
        throw .invalid(field: name, value: "\(b)", reason: "grid values must increase (\(b) follows \(a))")
      }
      for q in axis.parameter.moves {
        if let other = moved[q] {
          throw .invalid(
            field: name, value: "",
            reason: "sweeps the same quantity as \(other.rawValue): a parameter can be swept only once")
        }
        moved[q] = axis.parameter
      }
      points = points.multipliedReportingOverflow(by: axis.values.count).partialValue
      guard points <= maxPoints, points > 0 else {
        throw .invalid(field: name, value: "", reason: "the grid has more than \(maxPoints) points")
      }
    }
  }
}
