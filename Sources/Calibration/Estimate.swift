/// A fitted value with its standard error and the normal 95% interval value +/- 1.96 se.
public struct Estimate: Hashable, Sendable {
  public var value: Double
  public var standardError: Double

  public init(_ value: Double, standardError: Double) {
    self.value = value
    self.standardError = standardError
  }

  public var ci95: ClosedRange<Double> {
    let half = 1.96 * (standardError.isFinite ? standardError : .infinity)
    return (value - half)...(value + half)
  }
}
