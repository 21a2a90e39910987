import Foundation
import HTTPTypes
import NIOHTTP1
import ServiceContracts
import UseCases

/// An answer other than success, said once, as JSON: the status, every offending field with its
/// value and why, and the request id so a client's report can be found in the log. The 422 body
/// keeps FastAPI's `detail` list beside mcsim's `errors`, so the agent's clients read it as before.
package struct APIError: Error, Sendable {
  /// One refused field (the contracts' shape, shared with the CLI's failure document).
  package typealias Problem = FailureDocument.Problem

  package let status: HTTPResponse.Status
  package let problems: [Problem]
  package let message: String
  package var headers: HTTPFields = [:]

  package init(_ status: HTTPResponse.Status, _ message: String, problems: [Problem] = []) {
    self.status = status
    self.message = message
    self.problems = problems
  }

  /// The most problems one answer lists (each value quoted to `Problem.quotedLimit`): an answer
  /// stays under 64 KB however many fields a body gets wrong.
  package static let maxProblems = 40

  /// 422: the request was read but its values are refused.
  package static func invalid(_ problems: [Problem]) -> APIError {
    var listed = Array(problems.prefix(maxProblems))
    if problems.count > maxProblems {
      listed.append(
        Problem(
          field: "body", value: "\(problems.count) problems", message: "the first \(maxProblems) are listed",
          location: problems[maxProblems].location))
    }
    let what = listed.map { "\($0.field) = \($0.value): \($0.message)" }.joined(separator: "; ")
    return APIError(.unprocessableContent, "invalid request: \(what)", problems: listed)
  }

  /// 422 for a value a use case or the engine refused (the one mapping: handlers and the
  /// middleware both use it).
  package static func invalid(_ problem: any FieldProblem) -> APIError {
    invalid(field: problem.field, value: problem.value, message: problem.reason)
  }

  /// `body`'s value, a refusal of its input a 422 (`invalid(_:)`), anything else `internal`.
  package static func refusing<T>(_ body: () throws -> T) throws(APIError) -> T {
    do { return try body() } catch let problem as any FieldProblem { throw .invalid(problem) } catch { throw .internal }
  }

  /// 500, naming nothing of the process: the request id finds the log line.
  package static let `internal` = APIError(.internalServerError, "internal error; quote the request id when reporting it")

  package static func invalid(field: String, value: String, message: String) -> APIError {
    invalid([Problem(field: field, value: value, message: message)])
  }

  /// 503 with Retry-After: the simulation pool has no room, or the live source has no slate yet.
  package static func unavailable(_ message: String, retryAfter: Int) -> APIError {
    var e = APIError(.serviceUnavailable, message)
    e.headers[.retryAfter] = "\(retryAfter)"
    return e
  }

  /// 400: the request's bytes are not HTTP (a body shorter than its Content-Length, a malformed
  /// chunk); the connection is closed after the answer, since where the next request starts is
  /// unknown.
  static func badFraming(_ error: any Error) -> APIError {
    let what =
      (error as? HTTPParserError) == .invalidEOFState
      ? "the request body ended before its Content-Length" : "the request is not valid HTTP/1.1 framing"
    var e = APIError(.badRequest, what)
    e.headers[.connection] = "close"
    return e
  }

  func body(requestID: String) -> FailureDocument {
    FailureDocument(status: Int(status.code), reason: status.reasonPhrase, message: message, problems: problems, requestID: requestID)
  }
}
