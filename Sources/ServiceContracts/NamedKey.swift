/// A coding key made at run time, for JSON objects whose keys are data (scenario names,
/// percentile levels) rather than fixed fields.
struct NamedKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }

  init(_ name: String) { stringValue = name }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
