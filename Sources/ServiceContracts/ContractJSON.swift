import Foundation

/// The one JSON configuration of mcsim: every command's `--json`, every server body, every file
/// mcsim writes or reads as JSON goes through it, so the same value prints the same bytes
/// wherever it comes from.
///
/// Keys are sorted (stable diffs, byte-for-byte golden tests), slashes are not escaped, dates
/// are ISO 8601, and the odd non-finite number (an infinite price in a devig report) is written
/// as the string "inf", "-inf" or "nan" rather than failing the whole document. Compact by
/// default; `--pretty` indents.
package enum ContractJSON {
  package enum Style: Sendable {
    case compact, pretty
  }

  package static func encoder(_ style: Style = .compact) -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting =
      style == .pretty
      ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return encoder
  }

  package static func decoder() -> JSONDecoder { JSONDecoder() }

  /// The document's bytes. Compact documents (every server body, every `--json`) are written by
  /// `CompactJSONEncoder`, byte for byte what `encoder(.compact)` gives and several times faster;
  /// `--pretty` goes through Foundation's.
  package static func encode(_ value: some Encodable, style: Style = .compact) throws -> Data {
    style == .compact ? try CompactJSONEncoder.encode(value) : try encoder(style).encode(value)
  }

  /// A value that writes itself (`ContractValue`): the same bytes, written directly.
  package static func encode(_ value: some ContractValue, style: Style = .compact) throws -> Data {
    guard style == .compact else { return try encoder(style).encode(value) }
    let out = JSONBytes()
    try value.writeJSON(to: out)
    return out.data
  }

  /// The document as text, as the commands print it.
  package static func string(_ value: some Encodable, style: Style = .compact) throws -> String {
    String(decoding: try encode(value, style: style), as: UTF8.self)
  }

  package static func string(_ value: some ContractValue, style: Style = .compact) throws -> String {
    String(decoding: try encode(value, style: style), as: UTF8.self)
  }
}
