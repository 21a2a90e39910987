/// A failure as JSON, the same document from the command line (`--json`) and the server:
///
///     {"success": false,
///      "error": {"field": ..., "value": ..., "message": ..., "status": 422, "request_id": ...},
///      "errors": [{"field", "value", "message", "in"}, ...],
///      "detail": [...] or "Not Found"}
///
/// `error.field` and `error.value` name the first offending field (null when the failure is not
/// about one); `status` and `request_id` are the server's, absent from the CLI's document;
/// `errors` lists every offending field (the server's 422 names each); `detail` is FastAPI's:
/// its validation list on a 422, the status's reason phrase otherwise ("Not Found", "Method Not
/// Allowed"), so the agent's clients read every error as they read FastAPI's.
package struct FailureDocument: Encodable, Sendable {
  /// One refused field: its dotted path, the value as given, why, and where it was ("body" or
  /// "query", FastAPI's `loc[0]`).
  package struct Problem: Sendable, Equatable, Encodable {
    package let field: String
    package let value: String
    package let message: String
    package let location: String
    package init(field: String, value: String, message: String, location: String = "body") {
      self.init(field: field, sent: value, bytes: value.utf8.count, message: message, location: location)
    }

    /// A field refused for what was sent (`JSONExcerpt`), quoted as far as `quotedLimit`.
    package init(field: String, sent: JSONExcerpt, message: String, location: String = "body") {
      self.init(field: field, sent: sent.text, bytes: sent.bytes, message: message, location: location)
    }

    private init(field: String, sent: String, bytes: Int, message: String, location: String) {
      self.field = Self.quoted(field)
      self.value = Self.quoted(sent, bytes: bytes)
      // A message may quote what was sent (a key given twice): held to a few lines.
      self.message = Self.quoted(message, limit: 4 * Self.quotedLimit)
      self.location = location
    }

    /// The most characters of a value quoted back: a wrong-typed field may be megabytes, and an
    /// answer names it, not echoes it.
    package static let quotedLimit = 200

    /// `value`, or its first `limit` bytes (whole scalars) and its size, `bytes` (the whole
    /// value's, when `value` is already an excerpt).
    package static func quoted(_ value: String, bytes: Int? = nil, limit: Int = quotedLimit) -> String {
      let bytes = bytes ?? value.utf8.count
      return bytes > limit ? cut(value, limit: limit) + "… (\(bytes) bytes)" : value
    }

    /// The first `limit` bytes of `value`, whole scalars.
    package static func cut(_ value: String, limit: Int) -> String {
      guard value.utf8.count > limit else { return value }
      var kept = String.UnicodeScalarView()
      var bytes = 0
      for scalar in value.unicodeScalars {
        bytes += String(scalar).utf8.count
        if bytes > limit { break }
        kept.append(scalar)
      }
      return String(kept)
    }
    enum CodingKeys: String, CodingKey { case field, value, message, location = "in" }
  }

  package struct ErrorBlock: Encodable, Sendable {
    @NullEncoded package var field: String?
    @NullEncoded package var value: String?
    package let message: String
    package let status: Int?
    package let requestID: String?
    enum CodingKeys: String, CodingKey { case field, value, message, status, requestID = "request_id" }
  }

  /// FastAPI's shape of a refused field.
  package struct Detail: Encodable, Sendable {
    package let loc: [String]
    package let msg: String
    package let type: String
    package let input: String
  }

  /// FastAPI's `detail`: a list of refused fields (422) or a sentence (every other status).
  package enum FastAPIDetail: Encodable, Sendable {
    case fields([Detail])
    case reason(String)
    package func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .fields(let list): try container.encode(list)
      case .reason(let text): try container.encode(text)
      }
    }
  }

  package let success = false
  package let error: ErrorBlock
  package let errors: [Problem]?
  package let detail: FastAPIDetail?

  /// The command line's failure: one message, about `field` = `value` where there is one.
  package init(field: String?, value: String?, message: String) {
    error = ErrorBlock(field: field, value: value, message: message, status: nil, requestID: nil)
    errors = nil
    detail = nil
  }

  /// The server's: the HTTP status, every refused field, the request id for the log; FastAPI's
  /// `detail` (the list with a 422, else `reason`, the status's reason phrase).
  package init(status: Int, reason: String, message: String, problems: [Problem], requestID: String) {
    let first = problems.first
    error = ErrorBlock(field: first?.field, value: first?.value, message: message, status: status, requestID: requestID)
    errors = problems
    detail =
      status == 422
      ? .fields(
        problems.map {
          Detail(
            loc: [$0.location] + $0.field.split(separator: ".").map(String.init), msg: $0.message, type: "value_error",
            input: $0.value)
        }) : .reason(reason)
  }
}
