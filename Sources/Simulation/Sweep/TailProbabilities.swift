/// P(X > x), P(X < x) and P(X == x) of an integer-valued distribution for any x in O(1), from
/// its cumulative weights: a sweep reads hundreds of lines off one simulated distribution.
///
/// For simulated counts the cumulative sums are sums of integers below 2^53, so every
/// probability is the exact share of games divided by their number: the same value
/// `DiscreteDistribution.probabilities(line:)` gives, and monotone in x exactly.
public struct TailProbabilities: Sendable {
  public let minValue: Int
  /// below[i] = total weight of the values minValue ..< minValue + i.
  private let below: [Double]
  private let weights: [Double]
  public let totalWeight: Double

  public init(_ d: DiscreteDistribution) {
    minValue = d.minValue
    weights = d.weights
    var running = 0.0
    var cumulative = [0.0]
    cumulative.reserveCapacity(d.weights.count + 1)
    for w in d.weights {
      running += w
      cumulative.append(running)
    }
    below = cumulative
    totalWeight = running
  }

  /// (P(X > x), P(X < x), P(X == x)).
  public func probabilities(at x: Double) -> (above: Double, below: Double, equal: Double) {
    let n = weights.count
    // Values below x: minValue + i < x  <=>  i < x - minValue.
    let k = min(max(Int((x - Double(minValue)).rounded(.up)), 0), n)
    let lower = below[k]
    var equal = 0.0
    if x == x.rounded(), k < n, Double(minValue + k) == x { equal = weights[k] }
    let above = totalWeight - lower - equal
    return (max(0, above) / totalWeight, lower / totalWeight, equal / totalWeight)
  }

  /// The smallest and largest values with weight (nil when empty).
  public var support: ClosedRange<Int>? {
    guard let first = weights.firstIndex(where: { $0 > 0 }), let last = weights.lastIndex(where: { $0 > 0 }) else {
      return nil
    }
    return (minValue + first)...(minValue + last)
  }
}
