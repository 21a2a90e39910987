/// Percentiles 5, 10, 25, 50, 75, 90, 95 of a distribution.
public struct Percentiles: Hashable, Sendable {
  public static let levels: [Int] = [5, 10, 25, 50, 75, 90, 95]
  public let values: [Int: Double]

  public init(_ distribution: DiscreteDistribution) {
    var v: [Int: Double] = [:]
    for q in Self.levels { v[q] = distribution.percentile(Double(q)) }
    values = v
  }

  public subscript(level: Int) -> Double? { values[level] }
}
