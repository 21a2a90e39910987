/// The agent's response envelope: `{"success": true, "result": ...}`.
public struct SuccessEnvelope<Result: Encodable & Sendable>: Encodable, Sendable {
  public let success = true
  public let result: Result

  public init(_ result: Result) { self.result = result }
}
