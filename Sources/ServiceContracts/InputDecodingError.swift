import Foundation

/// A JSON input that could not be read, said in the input's own terms: which field, where.
/// The one formatter of Foundation's `DecodingError` for every command and the server.
package struct InputDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
  package let description: String
  /// The offending field's coding path (`["games", "2", "home_ppg"]`), when the decoder gave one;
  /// empty for malformed JSON and for errors about the whole document.
  package let codingPath: [String]

  package init(_ description: String, codingPath: [String] = []) {
    self.description = description
    self.codingPath = codingPath
  }

  /// The one-line message of a decoding failure, naming the field's path.
  package init(_ error: DecodingError) {
    self.init(Self.message(error), codingPath: Self.keys(error))
  }

  /// The field as the input spells it (`games[2].home_ppg`), nil when no field is at fault.
  package var field: String? {
    codingPath.isEmpty
      ? nil
      : codingPath.map { Int($0) != nil ? "[\($0)]" : $0 }.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
  }

  /// Decodes `T`, mapping Foundation's DecodingError to a one-line message naming the path.
  package static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(InputDecodingError) -> T {
    do {
      return try ContractJSON.decoder().decode(T.self, from: data)
    } catch let error as DecodingError {
      // The decoder does not say where JSON is malformed; JSONSerialization does.
      if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
        do { _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) } catch {
          throw malformedJSON(error, in: data)
        }
      }
      throw InputDecodingError(error)
    } catch let error as InputDecodingError {
      throw error
    } catch {
      throw InputDecodingError("\(error)")
    }
  }

  package static func path(_ codingPath: [any CodingKey], _ last: (any CodingKey)? = nil) -> String {
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

  package static func message(_ error: DecodingError) -> String {
    switch error {
    case .keyNotFound(let key, let context):
      "missing field '\(path(context.codingPath, key))'"
    case .typeMismatch(let type, let context):
      "field '\(path(context.codingPath))' must be \(describe(type))"
    case .valueNotFound(let type, let context):
      "field '\(path(context.codingPath))' is null, expected \(describe(type))"
    case .dataCorrupted(let context):
      context.codingPath.isEmpty
        ? "malformed JSON: \(malformed(context))"
        : "field '\(path(context.codingPath))': \(context.debugDescription)"
    @unknown default:
      "\(error)"
    }
  }

  /// Foundation's words for malformed JSON, which carry the line and column ("... around
  /// line 3, column 7."), without the NSError wrapping.
  static func malformed(_ context: DecodingError.Context) -> String {
    if let underlying = context.underlyingError as NSError? {
      if let debug = underlying.userInfo[NSDebugDescriptionErrorKey] as? String { return debug }
      return underlying.localizedDescription
    }
    return context.debugDescription
  }

  /// JSONSerialization's failure, said as the decoder's is, with the line and column when
  /// Foundation gives the byte ("Invalid value around character 15.").
  package static func malformedJSON(_ error: any Error, in data: Data? = nil) -> InputDecodingError {
    let ns = error as NSError
    var words = ns.userInfo[NSDebugDescriptionErrorKey] as? String ?? ns.localizedDescription
    if let data, let range = words.range(of: #"around (character|line) \d+\.?"#, options: .regularExpression),
      let offset = Int(words[range].filter(\.isNumber)), words[range].contains("character")
    {
      let before = data.prefix(offset)
      let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
      let column = offset - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
      words = words.replacingCharacters(in: range, with: "").trimmingCharacters(in: .whitespaces)
      return InputDecodingError("malformed JSON at line \(line), column \(column) (byte \(offset)): \(words)")
    }
    // A document cut short: the parser names no place, but the place is its end.
    if let data, words.contains("end of file") || words.contains("Unexpected end") {
      let trimmed = data.reversed().drop { [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t")].contains($0) }
      let content = data.prefix(trimmed.count)
      let line = content.filter { $0 == UInt8(ascii: "\n") }.count + 1
      let column = content.count - (content.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
      return InputDecodingError(
        "malformed JSON at line \(line), column \(column) (byte \(content.count), the end of the input): \(words) (is the file cut short?)")
    }
    return InputDecodingError("malformed JSON: \(words)")
  }

  package static func describe(_ type: Any.Type) -> String {
    switch type {
    case is Double.Type, is Int.Type, is Float.Type, is UInt64.Type: "a number"
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    default:
      "\(type)".hasPrefix("Array") ? "an array" : "\(type)".hasPrefix("Dictionary") ? "an object" : "\(type)"
    }
  }
}
