/// Encodes nil as an explicit `null`, where a client tells "absent" from "withheld" by the key
/// (the FairBet client's EV fields, the live source's last error).
@propertyWrapper
package struct NullEncoded<Value: Encodable & Sendable>: Encodable, Sendable {
  package var wrappedValue: Value?
  package init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }
  package func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    if let wrappedValue { try c.encode(wrappedValue) } else { try c.encodeNil() }
  }
}
