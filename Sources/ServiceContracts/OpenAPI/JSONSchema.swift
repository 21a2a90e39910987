import Foundation

/// A JSON Schema (OpenAPI 3.1) as a JSON value: what the server's OpenAPI document is made of.
/// Written with literals (`["type": "number", "minimum": 0]`) and the builders below, encoded
/// with sorted keys so the document is the same bytes on every run.
package indirect enum JSONSchema: Sendable, Equatable, Encodable {
  case string(String), number(Double), integer(Int), boolean(Bool), null
  case array([JSONSchema])
  case object([String: JSONSchema])

  package func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    switch self {
    case .string(let s): try c.encode(s)
    case .number(let d): try c.encode(d)
    case .integer(let i): try c.encode(i)
    case .boolean(let b): try c.encode(b)
    case .null: try c.encodeNil()
    case .array(let a): try c.encode(a)
    case .object(let o): try c.encode(o)
    }
  }

  /// The document's bytes: pretty, keys sorted, a newline at the end.
  package func documentData() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return ((try? encoder.encode(self)) ?? Data("{}".utf8)) + Data("\n".utf8)
  }

  /// This object with `keywords` added (or replaced); other values are returned as they are.
  package func with(_ keywords: [String: JSONSchema]) -> JSONSchema {
    guard case .object(var o) = self else { return self }
    o.merge(keywords) { $1 }
    return .object(o)
  }

  /// An object's keywords (empty for other values).
  package var objectKeywords: [String: JSONSchema] {
    if case .object(let o) = self { o } else { [:] }
  }

  /// The value at `key` of an object.
  package subscript(key: String) -> JSONSchema? {
    guard case .object(let o) = self else { return nil }
    return o[key]
  }

  // The building blocks of the contracts' schemas.
  package static let anyNumber: JSONSchema = ["type": "number"]
  package static let anyInteger: JSONSchema = ["type": "integer"]
  package static let anyString: JSONSchema = ["type": "string"]
  package static let anyBoolean: JSONSchema = ["type": "boolean"]
  package static let anyObject: JSONSchema = ["type": "object"]
  package static let probability: JSONSchema = ["type": "number", "minimum": 0, "maximum": 1]
  package static let dateTime: JSONSchema = ["type": "string", "format": "date-time"]

  /// A value of `type` or null.
  package static func nullable(_ type: String) -> JSONSchema { ["type": [.string(type), "null"]] }
  package static let numberOrNull = nullable("number")
  package static let stringOrNull = nullable("string")

  /// One of the listed strings (nil for null).
  package static func oneOf(_ values: [String?]) -> JSONSchema {
    ["enum": .array(values.map { $0.map(JSONSchema.string) ?? .null })]
  }

  package static func constant(_ value: JSONSchema) -> JSONSchema { ["const": value] }

  package static func array(of items: JSONSchema) -> JSONSchema { ["type": "array", "items": items] }

  /// A reference to the document's schema `name`.
  package static func ref(_ name: String) -> JSONSchema { ["$ref": .string("#/components/schemas/\(name)")] }

  /// An object with its `required` keys and `properties`; others allowed unless `closed`.
  package static func object(_ required: [String], _ properties: [String: JSONSchema], closed: Bool = false) -> JSONSchema {
    [
      "type": "object", "required": .array(required.map(JSONSchema.string)), "properties": .object(properties),
      "additionalProperties": .boolean(!closed),
    ]
  }
}

extension JSONSchema: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
  package init(stringLiteral value: String) { self = .string(value) }
  package init(integerLiteral value: Int) { self = .integer(value) }
  package init(floatLiteral value: Double) { self = .number(value) }
  package init(booleanLiteral value: Bool) { self = .boolean(value) }
  package init(arrayLiteral elements: JSONSchema...) { self = .array(elements) }
  package init(nilLiteral: ()) { self = .null }
  package init(dictionaryLiteral elements: (String, JSONSchema)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
  }
}
