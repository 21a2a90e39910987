import Foundation

/// The betting agent's request bodies as its server (FastAPI, pydantic 2 in lax mode) read them,
/// so its clients' bodies keep working: a number field takes a numeric string (`"115"`,
/// `" 1e2 "`) or a boolean (1 or 0); an integer field a whole number written as a float (`10000.0`)
/// or a string of one (`"10_000"`); a boolean field 0 or 1 and the strings pydantic reads (`"true"`,
/// `"yes"`, `"on"`, `"1"`, ... and their opposites). An explicit `null` for a field that is not
/// `nullable` is refused, naming the field, as pydantic refuses it (an absent field takes its
/// default). Anything else is left for the decoder to refuse.
package enum LaxJSON {
  /// `data` with the coercions applied to `fields` and, for each array field named in `items`, to
  /// every element's fields; the refused nulls. `data` is returned unchanged when nothing was
  /// coerced or it is not a JSON object.
  /// `itemNullable` are the array elements' fields that may be null, `itemZeroIsDefault` those whose
  /// 0 means "the default" (left out, as the agent's batch read them).
  package static func coerce(
    _ data: Data, fields: FieldTypes, items: [String: FieldTypes] = [:], nullable: Set<String> = [],
    itemNullable: Set<String> = [], itemZeroIsDefault: Set<String> = []
  ) -> (data: Data, problems: [FailureDocument.Problem]) {
    guard var object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return (data, []) }
    var problems: [FailureDocument.Problem] = []
    var changed = coerce(&object, fields: fields, nullable: nullable, prefix: "", problems: &problems)
    for (name, itemFields) in items {
      guard var list = object[name] as? [Any] else { continue }
      for i in list.indices {
        guard var element = list[i] as? [String: Any] else { continue }
        var elementChanged = coerce(&element, fields: itemFields, nullable: itemNullable, prefix: "\(name)[\(i)].", problems: &problems)
        for field in itemZeroIsDefault {
          if let value = element[field], let n = JSONNode(value).number, n.doubleValue == 0 {
            element[field] = nil
            elementChanged = true
          }
        }
        if elementChanged {
          list[i] = element
          changed = true
        }
      }
      object[name] = list
    }
    guard changed, let out = try? JSONSerialization.data(withJSONObject: object) else { return (data, problems) }
    return (out, problems)
  }

  static func coerce(
    _ object: inout [String: Any], fields: FieldTypes, nullable: Set<String>, prefix: String,
    problems: inout [FailureDocument.Problem]
  ) -> Bool {
    var changed = false
    for (name, kind) in fields.fields {
      guard let value = object[name] else { continue }
      let node = JSONNode(value)
      if node.isNull {
        if !nullable.contains(name) {
          problems.append(.init(field: prefix + name, value: "null", message: "must not be null (leave it out for its default)"))
        }
        continue
      }
      if let coerced = coerce(node, kind) {
        object[name] = coerced
        changed = true
      }
    }
    return changed
  }

  /// The value `kind` reads `node` as, when it is not already of that type; nil otherwise.
  static func coerce(_ node: JSONNode, _ kind: FieldTypes.Kind) -> Any? {
    switch (kind, node) {
    case (.number, .bool(let b)): return b ? 1.0 : 0.0
    case (.number, .string(let s)):
      if let t = decimalText(s), let x = Double(t), x.isFinite { return x }
    case (.integer, .bool(let b)): return b ? 1 : 0
    case (.integer, .string(let s)):
      if let t = decimalText(s) {
        if let n = Int(t) { return n }
        if let x = Double(t), x.isFinite, x == x.rounded(), abs(x) < 9e15, !t.lowercased().contains("e") { return Int(x) }
      }
    case (.boolean, .number(let n)):
      if n.doubleValue == 1 { return true }
      if n.doubleValue == 0 { return false }
    case (.boolean, .string(let s)):
      switch s.lowercased() {
      case "true", "1", "yes", "on", "t", "y": return true
      case "false", "0", "no", "off", "f", "n": return false
      default: return nil
      }
    default: return nil
    }
    return nil
  }

  /// A decimal number as pydantic reads one from a string: spaces around it, underscores only
  /// between digits, no hex, no "inf"; the text without the underscores, nil otherwise.
  static func decimalText(_ s: String) -> String? {
    let t = Array(s.trimmingCharacters(in: .whitespaces))
    guard !t.isEmpty, t.allSatisfy({ "0123456789+-.eE_".contains($0) }) else { return nil }
    for (i, c) in t.enumerated() where c == "_" {
      guard i > 0, i < t.count - 1, t[i - 1].isNumber, t[i + 1].isNumber else { return nil }
    }
    return String(t.filter { $0 != "_" })
  }
}
