import FantasyTrade

extension TradeInputError {
  /// A decoding failure of a trade input (wrong type, missing key, malformed document) as a named
  /// field error, worded by the one DecodingError formatter (InputDecodingError). `below` drops
  /// that many leading path components, to name a field within a list element.
  package init(_ error: DecodingError, below: Int = 0) {
    let decoded = InputDecodingError(error)
    let field = InputDecodingError("", codingPath: Array(decoded.codingPath.dropFirst(below))).field ?? "document"
    switch error {
    case .keyNotFound:
      self = .missing(field: field)
    case .valueNotFound(let type, _):
      self = .invalid(field: field, value: "null", reason: "must be \(InputDecodingError.describe(type))")
    case .typeMismatch(let type, _):
      self = .invalid(field: field, value: "(wrong type)", reason: "must be \(InputDecodingError.describe(type))")
    case .dataCorrupted(let context):
      self = .invalid(field: field, value: "(unreadable)", reason: context.debugDescription)
    @unknown default:
      self = .invalid(field: "document", value: "(unreadable)", reason: decoded.description)
    }
  }
}
