import UseCases

/// The agent's response envelope: `{"success": true, "result": ...}`, and mcsim's `warnings`
/// when the input holds something read but perhaps not meant (an ambiguous price, in
/// `PriceWarningText`'s words; omitted when empty, so the agent's clients see its shape) and,
/// on the command line, the `provenance` of the run (what it stood on: config file, model
/// file, who set what).
package struct SuccessEnvelope<Result: Encodable & Sendable>: Encodable, Sendable {
  package let success = true
  package let result: Result
  package var warnings: [String] = []
  package var provenance: Provenance?

  package init(_ result: Result, warnings: [String] = [], provenance: Provenance? = nil) {
    self.result = result
    self.warnings = warnings
    self.provenance = provenance
  }

  enum CodingKeys: String, CodingKey { case success, result, warnings, provenance }

  package func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encodeIfPresent(provenance, forKey: .provenance)
    try c.encode(success, forKey: .success)
    try c.encode(result, forKey: .result)
    if !warnings.isEmpty { try c.encode(warnings, forKey: .warnings) }
  }
}

extension SuccessEnvelope: ContractValue where Result: ContractValue {
  package func writeJSON(to out: JSONBytes) throws {
    let object = out.openObject()
    if let provenance {
      out.key("provenance", object: object)
      try provenance.writeJSON(to: out)
    }
    out.key("result", object: object)
    try result.writeJSON(to: out)
    out.key("success", object: object)
    out.bool(success)
    if !warnings.isEmpty {
      out.key("warnings", object: object)
      try warnings.writeJSON(to: out)
    }
    out.closeObject(object)
  }
}
