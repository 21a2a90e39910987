import Foundation

/// A value that writes its own compact JSON, the bytes `ContractJSON.encoder(.compact)` gives
/// for it, without Codable's containers: the shapes a server writes on every request (the
/// simulate answer and what it holds) and the scalars, optionals, arrays and string-keyed
/// dictionaries they are made of. `ContractJSON.encode` takes this path for such a value;
/// `Encodable` stays its other form (Foundation's `--pretty`, every other encoder), and
/// `ContractJSONTests` holds the two to the same bytes.
///
/// Under load a simulate answer written through Codable cost more CPU than the 10^4 games
/// behind it: a keyed container is a generic box looked up and allocated per object, every
/// value goes through an existential, and every object's keys are sorted when written.
package protocol ContractValue: Encodable {
  func writeJSON(to out: JSONBytes) throws
}

extension Double: ContractValue {
  package func writeJSON(to out: JSONBytes) { out.number(self) }
}

extension Int: ContractValue {
  package func writeJSON(to out: JSONBytes) { out.integer(self) }
}

extension UInt64: ContractValue {
  package func writeJSON(to out: JSONBytes) { out.integer(self, negative: false) }
}

extension Bool: ContractValue {
  package func writeJSON(to out: JSONBytes) { out.bool(self) }
}

extension String: ContractValue {
  package func writeJSON(to out: JSONBytes) { out.string(self) }
}

/// nil is `null`, as `encode(_:forKey:)` writes it (`encodeIfPresent` leaves the key out: see
/// `FieldWriter.fieldIfPresent`).
extension Optional: ContractValue where Wrapped: ContractValue {
  package func writeJSON(to out: JSONBytes) throws {
    if let self { try self.writeJSON(to: out) } else { out.null() }
  }
}

extension Array: ContractValue where Element: ContractValue {
  package func writeJSON(to out: JSONBytes) throws {
    out.append(UInt8(ascii: "["))
    for (i, element) in enumerated() {
      if i > 0 { out.append(UInt8(ascii: ",")) }
      try element.writeJSON(to: out)
    }
    out.append(UInt8(ascii: "]"))
  }
}

/// An object keyed by the dictionary's keys, in Foundation's order (`JSONBytes.keyPrecedes`).
extension Dictionary: ContractValue where Key == String, Value: ContractValue {
  package func writeJSON(to out: JSONBytes) throws {
    let object = out.openObject()
    for key in keys.sorted(by: JSONBytes.keyPrecedes) {
      out.key(key, object: object)
      try self[key]!.writeJSON(to: out)
    }
    out.closeObject(object)
  }
}

/// A string-valued enum: its raw value, as the synthesized `Encodable` writes it.
package protocol ContractString: ContractValue, RawRepresentable where RawValue == String {}

extension ContractString {
  package func writeJSON(to out: JSONBytes) { out.string(rawValue) }
}
