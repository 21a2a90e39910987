import Simulation

/// A fitted value with its standard error and its 95% interval: value +/- 1.96 se, or its own where
/// that would leave the parameter's range (`rate`).
package struct Estimate: Hashable, Sendable {
  package var value: Double
  package var standardError: Double
  /// The 95% interval, where value -/+ 1.96 se would leave the parameter's range (a rate's
  /// Wilson interval, never below 0 or above 1); nil: the normal one.
  package var interval: ClosedRange<Double>?

  package init(_ value: Double, standardError: Double, interval: ClosedRange<Double>? = nil) {
    self.value = value
    self.standardError = standardError
    self.interval = interval
  }

  /// A rate of `successes` in `trials`: its binomial standard error and Wilson interval.
  package static func rate(_ successes: Int, of trials: Int) -> Estimate {
    let n = Double(trials), p = Double(successes) / n
    let w = ProportionInterval.wilson(p, n: n)
    return Estimate(p, standardError: (p * (1 - p) / n).squareRoot(), interval: w.lower...w.upper)
  }

  package var ci95: ClosedRange<Double> {
    if let interval { return interval }
    let half = 1.96 * (standardError.isFinite ? standardError : .infinity)
    return (value - half)...(value + half)
  }
}
