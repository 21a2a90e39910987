/// How much of full Kelly to stake, and the most of the bankroll any one bet may take.
/// Defaults are the replaced service's: quarter Kelly, capped at 5% of bankroll.
public struct KellyPolicy: Hashable, Sendable {
  public var fraction: Double
  public var cap: Double

  public init(fraction: Double = 0.25, cap: Double = 0.05) {
    self.fraction = fraction
    self.cap = cap
  }

  /// Throws the field name and value of the first invalid setting.
  public func validate() throws(KellyPolicyError) {
    guard fraction.isFinite, fraction > 0, fraction <= 1 else { throw .invalidFraction(fraction) }
    guard cap.isFinite, cap > 0, cap <= 1 else { throw .invalidCap(cap) }
  }
}

public enum KellyPolicyError: Error, Equatable, Sendable, CustomStringConvertible {
  case invalidFraction(Double)
  case invalidCap(Double)

  public var description: String {
    switch self {
    case .invalidFraction(let f): "kelly_fraction = \(f): must be in (0, 1]"
    case .invalidCap(let c): "kelly_cap = \(c): must be in (0, 1]"
    }
  }
}
