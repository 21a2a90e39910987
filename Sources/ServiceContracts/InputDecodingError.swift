import Foundation

/// A JSON input that could not be read, said in the input's own terms: which field, where.
public struct InputDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
  public let description: String
  /// The offending field's coding path (`["games", "2", "home_ppg"]`), when the decoder gave one;
  /// empty for malformed JSON and for errors about the whole document.
  public let codingPath: [String]

  public init(_ description: String, codingPath: [String] = []) {
    self.description = description
    self.codingPath = codingPath
  }

  /// The field as the input spells it (`games[2].home_ppg`), nil when no field is at fault.
  public var field: String? {
    codingPath.isEmpty
      ? nil
      : codingPath.map { Int($0) != nil ? "[\($0)]" : $0 }.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
  }

  /// Decodes `T`, mapping Foundation's DecodingError to a one-line message naming the path.
  public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(InputDecodingError) -> T {
    do {
      return try ContractJSON.decoder().decode(T.self, from: data)
    } catch let error as DecodingError {
      throw InputDecodingError(message(error), codingPath: keys(error))
    } catch {
      throw InputDecodingError("malformed JSON: \(error.localizedDescription)")
    }
  }

  public static func path(_ codingPath: [any CodingKey], _ last: (any CodingKey)? = nil) -> String {
    let keys = codingPath + (last.map { [$0] } ?? [])
    guard !keys.isEmpty else { return "the document" }
    return keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
      .replacingOccurrences(of: ".[", with: "[")
  }

  /// The coding path of the field `error` is about (the missing key included).
  static func keys(_ error: DecodingError) -> [String] {
    let keys: [any CodingKey]
    switch error {
    case .keyNotFound(let key, let context): keys = context.codingPath + [key]
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
      keys = context.codingPath
    @unknown default: keys = []
    }
    return keys.map { $0.intValue.map { "\($0)" } ?? $0.stringValue }
  }

  public static func message(_ error: DecodingError) -> String {
    switch error {
    case .keyNotFound(let key, let context):
      "missing field '\(path(context.codingPath, key))'"
    case .typeMismatch(let type, let context):
      "field '\(path(context.codingPath))' must be \(describe(type))"
    case .valueNotFound(let type, let context):
      "field '\(path(context.codingPath))' is null, expected \(describe(type))"
    case .dataCorrupted(let context):
      context.codingPath.isEmpty
        ? "malformed JSON: \(context.underlyingError.map { "\($0)" } ?? context.debugDescription)"
        : "field '\(path(context.codingPath))': \(context.debugDescription)"
    @unknown default:
      "\(error)"
    }
  }

  static func describe(_ type: Any.Type) -> String {
    switch type {
    case is Double.Type, is Int.Type: "a number"
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    default:
      "\(type)".hasPrefix("Array") ? "an array" : "\(type)".hasPrefix("Dictionary") ? "an object" : "\(type)"
    }
  }
}
