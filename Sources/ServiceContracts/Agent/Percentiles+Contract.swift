import Simulation

/// The agent's keys ("p5" ... "p95") and, for the iOS guide's clients, the bare keys ("5" ... "95") too.
extension Percentiles: ContractObject {
  /// Every key a percentile can have, with its level, in key order.
  private static let wireKeys: [(key: String, level: Int)] =
    (levels.map { ("p\($0)", $0) } + levels.map { ("\($0)", $0) }).sorted { $0.key < $1.key }

  package func writeFields(to fields: inout some FieldWriter) throws {
    for (key, level) in Self.wireKeys {
      guard let value = values[level] else { continue }
      try fields.field(key, value)
    }
  }
}
