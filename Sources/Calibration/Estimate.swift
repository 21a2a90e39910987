/// A fitted value with its standard error and the normal 95% interval value +/- 1.96 se.
package struct Estimate: Hashable, Sendable {
  package var value: Double
  package var standardError: Double

  package init(_ value: Double, standardError: Double) {
    self.value = value
    self.standardError = standardError
  }

  package var ci95: ClosedRange<Double> {
    let half = 1.96 * (standardError.isFinite ? standardError : .infinity)
    return (value - half)...(value + half)
  }
}
