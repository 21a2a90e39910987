/// Percentiles 5, 10, 25, 50, 75, 90, 95 of a distribution. Encoded with the agent's keys
/// ("p5" ... "p95") and, for the iOS guide's clients, the bare keys ("5" ... "95") too.
public struct Percentiles: Hashable, Sendable, Codable {
  public static let levels: [Int] = [5, 10, 25, 50, 75, 90, 95]
  public let values: [Int: Double]

  public init(_ distribution: DiscreteDistribution) {
    var v: [Int: Double] = [:]
    for q in Self.levels { v[q] = distribution.percentile(Double(q)) }
    values = v
  }

  public subscript(level: Int) -> Double? { values[level] }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: NamedKey.self)
    for q in Self.levels {
      guard let value = values[q] else { continue }
      try c.encode(value, forKey: NamedKey( "p\(q)"))
    }
    for q in Self.levels {
      guard let value = values[q] else { continue }
      try c.encode(value, forKey: NamedKey( "\(q)"))
    }
  }

  /// Accepts either key form.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: NamedKey.self)
    var v: [Int: Double] = [:]
    for q in Self.levels {
      if let x = try c.decodeIfPresent(Double.self, forKey: NamedKey( "p\(q)")) {
        v[q] = x
      } else if let x = try c.decodeIfPresent(Double.self, forKey: NamedKey( "\(q)")) {
        v[q] = x
      }
    }
    values = v
  }
}
