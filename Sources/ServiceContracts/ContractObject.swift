/// A JSON object of the contracts, its fields listed once in `writeFields`: the same list gives
/// its `Encodable` form (a keyed container) and its direct form (`ContractValue.writeJSON`).
/// List fields in key order (the order the JSON has) and the direct form writes them as they
/// come; any other order is sorted when the object closes, at a cost.
package protocol ContractObject: ContractValue {
  func writeFields(to fields: inout some FieldWriter) throws
}

extension ContractObject {
  public func encode(to encoder: any Encoder) throws {
    var fields = KeyedFieldWriter(container: encoder.container(keyedBy: NamedKey.self))
    try writeFields(to: &fields)
  }

  package func writeJSON(to out: JSONBytes) throws {
    var fields = DirectFieldWriter(out: out, object: out.openObject())
    try writeFields(to: &fields)
    out.closeObject(fields.object)
  }
}

/// Where an object's fields go: a keyed container, or the bytes directly.
package protocol FieldWriter {
  /// A field whose value writes itself (`encode(_:forKey:)`: nil is `null`).
  mutating func field<V: ContractValue>(_ key: String, _ value: V) throws
  /// A field of any other `Encodable`, written by `CompactJSONEncoder` in the direct form.
  mutating func field<V: Encodable>(_ key: String, _ value: V) throws
}

extension FieldWriter {
  /// The field only when the value is there (`encodeIfPresent(_:forKey:)`).
  package mutating func fieldIfPresent<V: ContractValue>(_ key: String, _ value: V?) throws {
    if let value { try field(key, value) }
  }

  package mutating func fieldIfPresent<V: Encodable>(_ key: String, _ value: V?) throws {
    if let value { try field(key, value) }
  }
}

/// The `Encodable` form: each field into a keyed container.
struct KeyedFieldWriter: FieldWriter {
  var container: KeyedEncodingContainer<NamedKey>

  mutating func field<V: ContractValue>(_ key: String, _ value: V) throws {
    try container.encode(value, forKey: NamedKey(key))
  }

  mutating func field<V: Encodable>(_ key: String, _ value: V) throws {
    try container.encode(value, forKey: NamedKey(key))
  }
}

/// The direct form: each field's key and value written at the end of the document.
struct DirectFieldWriter: FieldWriter {
  let out: JSONBytes
  let object: Int

  /// A value that throws takes its key back with it (see `JSONBytes.rewind(to:)`).
  mutating func field<V: ContractValue>(_ key: String, _ value: V) throws {
    let mark = out.mark()
    out.key(key, object: object)
    do { try value.writeJSON(to: out) } catch {
      out.rewind(to: mark)
      throw error
    }
  }

  /// (The value is encoded on its own, so a coding path it reads, or an error's, starts at it
  /// rather than at the document's root.)
  mutating func field<V: Encodable>(_ key: String, _ value: V) throws {
    let mark = out.mark()
    out.key(key, object: object)
    out.valuesEncoded += 1
    do { try CompactJSONEncoder.write(value, to: out, topLevel: false) } catch {
      out.rewind(to: mark)
      throw error
    }
  }
}
