import Foundation
import HTTPTypes

/// An answer other than success, said once, as JSON: the status, every offending field with its
/// value and why, and the request id so a client's report can be found in the log. The 422 body
/// keeps FastAPI's `detail` list beside mcsim's `errors`, so the agent's clients read it as before.
public struct APIError: Error, Sendable {
  public struct Problem: Sendable, Equatable, Encodable {
    public let field: String
    public let value: String
    public let message: String
    /// Where the field is: "body" or "query" (FastAPI's `loc[0]`).
    public let location: String
    public init(field: String, value: String, message: String, location: String = "body") {
      self.field = field
      self.value = value
      self.message = message
      self.location = location
    }
    enum CodingKeys: String, CodingKey { case field, value, message, location = "in" }
  }

  public let status: HTTPResponse.Status
  public let problems: [Problem]
  public let message: String
  public var headers: HTTPFields = [:]

  public init(_ status: HTTPResponse.Status, _ message: String, problems: [Problem] = []) {
    self.status = status
    self.message = message
    self.problems = problems
  }

  /// 422: the request was read but its values are refused.
  public static func invalid(_ problems: [Problem]) -> APIError {
    let what = problems.map { "\($0.field) = \($0.value): \($0.message)" }.joined(separator: "; ")
    return APIError(.unprocessableContent, "invalid request: \(what)", problems: problems)
  }

  public static func invalid(field: String, value: String, message: String) -> APIError {
    invalid([Problem(field: field, value: value, message: message)])
  }

  /// 503 with Retry-After: the simulation pool has no room, or the live source has no slate yet.
  public static func unavailable(_ message: String, retryAfter: Int) -> APIError {
    var e = APIError(.serviceUnavailable, message)
    e.headers[.retryAfter] = "\(retryAfter)"
    return e
  }

  struct Body: Encodable {
    struct Detail: Encodable {
      let loc: [String]
      let msg: String
      let type: String
      let input: String
    }
    struct ErrorBlock: Encodable {
      let status: Int
      let message: String
      let requestID: String
      enum CodingKeys: String, CodingKey { case status, message, requestID = "request_id" }
    }
    let success = false
    let error: ErrorBlock
    let errors: [Problem]
    let detail: [Detail]?
  }

  func body(requestID: String) -> Body {
    Body(
      error: .init(status: Int(status.code), message: message, requestID: requestID),
      errors: problems,
      detail: status == .unprocessableContent
        ? problems.map {
          .init(
            loc: [$0.location] + $0.field.split(separator: ".").map(String.init), msg: $0.message,
            type: "value_error", input: $0.value)
        } : nil)
  }
}
