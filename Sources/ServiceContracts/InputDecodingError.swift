import Foundation

/// A JSON input that could not be read, said in the input's own terms: which field, where.
public struct InputDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
  public let description: String

  public init(_ description: String) { self.description = description }

  /// Decodes `T`, mapping Foundation's DecodingError to a one-line message naming the path.
  public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(InputDecodingError) -> T {
    do {
      return try ContractJSON.decoder().decode(T.self, from: data)
    } catch let error as DecodingError {
      throw InputDecodingError(message(error))
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
