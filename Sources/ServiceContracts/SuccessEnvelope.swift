/// The agent's response envelope: `{"success": true, "result": ...}`.
public struct SuccessEnvelope<Result: Encodable & Sendable>: Encodable, Sendable {
  public let success = true
  public let result: Result

  public init(_ result: Result) { self.result = result }
}

extension SuccessEnvelope: ContractValue where Result: ContractValue {
  package func writeJSON(to out: JSONBytes) throws {
    let object = out.openObject()
    out.key("result", object: object)
    try result.writeJSON(to: out)
    out.key("success", object: object)
    out.bool(success)
    out.closeObject(object)
  }
}
