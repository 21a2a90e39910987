/// A simulated quantity with its standard error and 95% interval (or an exact one, whose
/// interval is the value itself and whose standard error is 0).
public struct SweepEstimate: Hashable, Sendable {
  public let value: Double
  public let standardError: Double
  public let lower: Double
  public let upper: Double

  public init(value: Double, standardError: Double, lower: Double, upper: Double) {
    self.value = value
    self.standardError = standardError
    self.lower = lower
    self.upper = upper
  }

  /// A proportion of n games: its Wilson interval.
  public static func proportion(_ p: Double, n: Double) -> SweepEstimate {
    let (lo, hi) = ProportionInterval.wilson(p, n: n)
    return SweepEstimate(value: p, standardError: ProportionInterval.standardError(p, n: n), lower: lo, upper: hi)
  }

  /// A value with a normal interval value +/- 1.96 se.
  public static func normal(_ value: Double, se: Double) -> SweepEstimate {
    SweepEstimate(
      value: value, standardError: se, lower: value - ProportionInterval.z95 * se,
      upper: value + ProportionInterval.z95 * se)
  }
}
