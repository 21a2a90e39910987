import Foundation

/// The keys of a JSON value that its schema does not name: an object schema with `properties`
/// names its keys (an `additionalProperties` schema names the rest); `$ref`, `allOf` and
/// `oneOf` are followed; an object schema without `properties` takes any key.
enum SchemaKeys {
  static func undocumented(_ value: Any, _ schema: [String: Any], schemas: [String: Any], path: String = "") -> [String] {
    let schema = resolved(schema, schemas)
    if let alternatives = (schema["oneOf"] ?? schema["anyOf"]) as? [[String: Any]] {
      // Only the alternatives that can hold this value: a `null` one says nothing of an object's keys.
      let fitting = alternatives.filter { (resolved($0, schemas)["type"] as? String) != "null" || value is NSNull }
      let tries = fitting.map { undocumented(value, $0, schemas: schemas, path: path) }
      return tries.min { $0.count < $1.count } ?? []
    }
    if let items = value as? [Any] {
      guard let itemSchema = schema["items"] as? [String: Any] else { return [] }
      return items.prefix(5).enumerated().flatMap { undocumented($1, itemSchema, schemas: schemas, path: "\(path)[\($0)]") }
    }
    guard let object = value as? [String: Any] else { return [] }
    var properties: [String: Any] = schema["properties"] as? [String: Any] ?? [:]
    var named = schema["properties"] != nil
    for part in schema["allOf"] as? [[String: Any]] ?? [] {
      let part = resolved(part, schemas)
      if let more = part["properties"] as? [String: Any] {
        properties.merge(more) { a, _ in a }
        named = true
      }
    }
    let rest = schema["additionalProperties"] as? [String: Any]
    var out: [String] = []
    for (key, inner) in object {
      let at = path.isEmpty ? key : "\(path).\(key)"
      if let declared = properties[key] as? [String: Any] {
        out += undocumented(inner, declared, schemas: schemas, path: at)
      } else if let rest {
        out += undocumented(inner, rest, schemas: schemas, path: at)
      } else if named {
        out.append(at)
      }
    }
    return out.sorted()
  }

  /// `schema` with its `$ref` followed.
  static func resolved(_ schema: [String: Any], _ schemas: [String: Any]) -> [String: Any] {
    guard let ref = schema["$ref"] as? String, let name = ref.split(separator: "/").last,
      let target = schemas[String(name)] as? [String: Any]
    else { return schema }
    return resolved(target, schemas)
  }
}
