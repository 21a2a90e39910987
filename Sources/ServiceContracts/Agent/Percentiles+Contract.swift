import Simulation

/// The agent's keys ("p5" ... "p95") and, for the iOS guide's clients, the bare keys ("5" ... "95") too.
extension Percentiles: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: NamedKey.self)
    for q in Self.levels {
      guard let value = values[q] else { continue }
      try c.encode(value, forKey: NamedKey("p\(q)"))
    }
    for q in Self.levels {
      guard let value = values[q] else { continue }
      try c.encode(value, forKey: NamedKey("\(q)"))
    }
  }
}
