import Foundation

/// What a client sent for a refused field, as an answer may quote it: the value's JSON text
/// (compact, keys sorted; a string bare) up to `limit` bytes, and the whole text's size.
///
/// The text is written only as far as the limit, so a wrong-typed field of 80,000 keys costs a
/// walk to count its size, not a sorted serialisation of the whole (seconds, measured with
/// JSONSerialization) to show its first 200 bytes.
package struct JSONExcerpt: Sendable, Equatable {
  /// The value's text, at most `limit` bytes of it (whole scalars).
  package let text: String
  /// The whole text's size in bytes.
  package let bytes: Int

  package init(_ node: Any, limit: Int = FailureDocument.Problem.quotedLimit) {
    var writer = Writer(limit: limit)
    if case .string(let string) = JSONNode(node) { writer.append(string) } else { writer.write(node) }
    text = FailureDocument.Problem.cut(writer.text, limit: limit)
    bytes = writer.bytes
  }

  /// Writes JSON text while it is within the limit, and counts it all.
  private struct Writer {
    let limit: Int
    var text = ""
    var bytes = 0
    var writing: Bool { bytes <= limit }

    mutating func append(_ piece: String) {
      if writing { text += piece }
      bytes += piece.utf8.count
    }

    mutating func write(_ node: Any) {
      switch JSONNode(node) {
      case .string(let string): append(Self.quoted(string))
      case .null: append("null")
      case .bool(let b): append(b ? "true" : "false")
      case .number(let number): append("\(number)")
      case .array(let array):
        append("[")
        for (i, item) in array.enumerated() {
          if i > 0 { append(",") }
          write(item)
        }
        append("]")
      case .object(let object):
        append("{")
        // Only the part still written needs its order; the rest is only counted.
        for (i, key) in (writing ? object.keys.sorted() : Array(object.keys)).enumerated() {
          if i > 0 { append(",") }
          append(Self.quoted(key) + ":")
          write(object[key]!)
        }
        append("}")
      case .other(let value): append("\(value)")
      }
    }

    /// A JSON string literal, escaped as JSONSerialization escapes it.
    static func quoted(_ string: String) -> String {
      var out = "\""
      for scalar in string.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "/": out += "\\/"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "\u{08}": out += "\\b"
        case "\u{0C}": out += "\\f"
        case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
        default: out.unicodeScalars.append(scalar)
        }
      }
      return out + "\""
    }
  }
}
