import Foundation

/// The JSON types of a request's fields, checked on the parsed body when it does not decode, so
/// the server's 422 names every field of the wrong type or missing at once (the decoder stops at
/// the first). Each request type declares its own, next to its keys.
package struct FieldTypes: Sendable {
  package indirect enum Kind: Sendable {
    case number, integer, boolean, string
    /// A price: a number (decimal odds) or a string in any format the one price rule reads
    /// ("-110", "+150", "10/11"); never coerced from a string to a number, which would read
    /// "+150" as decimal odds 150.
    case price
    /// An array, its elements checked by their own decoder.
    case array
    case object(FieldTypes)
  }
  package var fields: [(name: String, kind: Kind)]
  package var required: Set<String>
  /// What else the OpenAPI document says of a field beyond its type (bounds, default,
  /// description, the items of an array), by field name.
  package var keywords: [String: JSONSchema]

  package init(fields: [(name: String, kind: Kind)], required: Set<String> = [], keywords: [String: JSONSchema] = [:]) {
    self.fields = fields
    self.required = required
    self.keywords = keywords
  }

  /// The keywords of a number in [low, high].
  package static func bounds(_ low: Double, _ high: Double) -> JSONSchema { ["minimum": .number(low), "maximum": .number(high)] }

  /// The object's JSON Schema: each field's type, its keywords, the required ones; fields not
  /// declared are allowed (the server ignores them, as the agent's pydantic models did).
  package var schema: JSONSchema {
    var properties: [String: JSONSchema] = [:]
    for (name, kind) in fields {
      let types = Self.jsonTypes(kind)
      let type: JSONSchema =
        switch kind {
        case .object(let inner): inner.schema
        default: ["type": types.count == 1 ? .string(types[0]) : .array(types.map { .string($0) })]
        }
      properties[name] = type.with(keywords[name]?.objectKeywords ?? [:])
    }
    return .object(required.sorted(), properties)
  }

  /// The JSON Schema types of each kind (what the OpenAPI document must say of the field).
  package static func jsonTypes(_ kind: Kind) -> [String] {
    switch kind {
    case .number: ["number"]
    case .integer: ["integer"]
    case .boolean: ["boolean"]
    case .string: ["string"]
    case .price: ["number", "string"]
    case .array: ["array"]
    case .object: ["object"]
    }
  }

  /// The fields' names (for reporting unknown ones).
  package var names: Set<String> { Set(fields.map(\.name)) }

  /// Every field of `object` (a parsed JSON body) of the wrong type, and every required one
  /// missing, named by its dotted path.
  package func problems(in object: [String: Any], prefix: String = "") -> [FailureDocument.Problem] {
    var out: [FailureDocument.Problem] = []
    for (name, kind) in fields {
      let field = prefix + name
      let node = object[name].map(JSONNode.init)
      guard let value = object[name], let node, !node.isNull else {
        if required.contains(name) {
          out.append(.init(field: field, value: "", message: "missing field '\(field)'"))
        }
        continue
      }
      let number = node.number
      switch kind {
      case .number:
        if number == nil {
          out.append(.init(field: field, sent: JSONExcerpt(value), message: "field '\(field)' must be a number"))
        }
      case .integer:
        if let n = number, n.doubleValue.rounded() == n.doubleValue, abs(n.doubleValue) < 9.2e18 { continue }
        out.append(.init(field: field, sent: JSONExcerpt(value), message: "field '\(field)' must be an integer"))
      case .boolean:
        guard case .bool = node else {
          out.append(.init(field: field, sent: JSONExcerpt(value), message: "field '\(field)' must be true or false"))
          continue
        }
      case .string:
        guard case .string = node else {
          out.append(.init(field: field, sent: JSONExcerpt(value), message: "field '\(field)' must be a string"))
          continue
        }
      case .price:
        if number != nil { continue }
        guard case .string = node else {
          out.append(
            .init(
              field: field, sent: JSONExcerpt(value),
              message: "field '\(field)' must be a price: a number (decimal odds) or a string (\"-110\", \"+150\", \"1.91\")"))
          continue
        }
      case .array:
        guard case .array = node else {
          out.append(.init(field: field, sent: JSONExcerpt(value), message: "field '\(field)' must be an array"))
          continue
        }
      case .object(let inner):
        guard case .object(let nested) = node else {
          out.append(.init(field: field, sent: JSONExcerpt(value), message: "field '\(field)' must be an object"))
          continue
        }
        out += inner.problems(in: nested, prefix: field + ".")
      }
    }
    return out
  }

}
