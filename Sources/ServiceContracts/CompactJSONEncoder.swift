import Foundation

/// The contracts' compact JSON writer: the bytes Foundation's `JSONEncoder` gives with
/// `[.sortedKeys, .withoutEscapingSlashes]`, ISO 8601 dates and non-finite numbers as strings
/// ("inf", "-inf", "nan"), at a fraction of its cost. A simulate response of 5 KB took Foundation
/// about twice as long to write as the 10^4 games behind it took to simulate; the server writes
/// one per request.
///
/// Values encode into a light tree (objects keep their keys in arrival order; a key set twice
/// keeps the last value, as Foundation does), which is written once, each object's keys sorted
/// by `String`'s `<`. The scalars are told apart by type identity, not by dynamic casts. `ContractJSONTests` holds it to Foundation's bytes over every contract
/// shape and the corner cases (escapes, non-finite numbers, nested and super encoders).
enum CompactJSONEncoder {
  static func encode<T: Encodable>(_ value: T) throws -> Data {
    // Foundation refuses a document that is nothing at all (a value that encoded nothing).
    guard let root = try encodedNode(of: value, codingPath: []) else {
      throw EncodingError.invalidValue(
        value, .init(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
    }
    var out: [UInt8] = []
    out.reserveCapacity(4096)
    write(root, to: &out)
    return Data(out)
  }

  // MARK: - The tree

  /// One JSON value. Objects and arrays are boxes, so containers handed out by an encoder keep
  /// writing into the value they came from.
  enum Node {
    case null
    case bool(Bool)
    /// A number or a string, as the bytes to write (already formatted or escaped).
    case literal(String)
    case string(String)
    case object(ObjectBox)
    case array(ArrayBox)
  }

  final class ObjectBox {
    /// Keys and values in arrival order; a key set again is appended again, and the last one
    /// wins when the object is written (a lookup per key would cost more than the write).
    var keys: [String] = []
    var values: [Node] = []

    func set(_ key: String, _ value: Node) {
      keys.append(key)
      values.append(value)
    }

    /// The last value set at `key`.
    func last(at key: String) -> Node? {
      keys.lastIndex(of: key).map { values[$0] }
    }

    /// The object at `key`, created (or replacing a non-object) when needed.
    func object(at key: String) -> ObjectBox {
      if case .object(let box)? = last(at: key) { return box }
      let box = ObjectBox()
      set(key, .object(box))
      return box
    }

    func array(at key: String) -> ArrayBox {
      if case .array(let box)? = last(at: key) { return box }
      let box = ArrayBox()
      set(key, .array(box))
      return box
    }

    /// The positions to write: sorted by key, the last of each key only.
    func order() -> [Int] {
      let sorted = keys.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
      var out: [Int] = []
      out.reserveCapacity(sorted.count)
      for (n, i) in sorted.enumerated() where n + 1 == sorted.count || keys[sorted[n + 1]] != keys[i] {
        out.append(i)
      }
      return out
    }
  }

  final class ArrayBox {
    var values: [Node] = []
  }

  /// Where an encoder writes its one value: a slot of an object, an element of an array, or the
  /// root.
  final class Slot {
    var node: Node? = nil
  }

  // MARK: - Scalars

  /// Foundation's number: the shortest round-trip digits without a trailing ".0"; a
  /// non-finite value as the string "inf", "-inf" or "nan".
  static func number<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F) -> Node {
    guard value.isFinite else { return .string(value.isNaN ? "nan" : value < 0 ? "-inf" : "inf") }
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return .literal(text)
  }

  /// A value's node; one that encoded nothing is an empty object, as with Foundation.
  static func node<T: Encodable>(of value: T, codingPath: [any CodingKey]) throws -> Node {
    try encodedNode(of: value, codingPath: codingPath) ?? .object(ObjectBox())
  }

  /// A value's node: scalars directly, dates as ISO 8601 strings, the rest through `encode(to:)`;
  /// nil when the value encoded nothing.
  static func encodedNode<T: Encodable>(of value: T, codingPath: [any CodingKey]) throws -> Node? {
    // Scalars are told by their type's identity: a failed dynamic cast costs about as much as
    // writing the value, and most values are structs that would fail every one.
    let type = ObjectIdentifier(T.self)
    if type == ObjectIdentifier(Double.self) { return number(unsafeBitCast(value, to: Double.self)) }
    if type == ObjectIdentifier(String.self) { return .string(unsafeBitCast(value, to: String.self)) }
    if type == ObjectIdentifier(Int.self) { return .literal(String(unsafeBitCast(value, to: Int.self))) }
    if type == ObjectIdentifier(Bool.self) { return .bool(unsafeBitCast(value, to: Bool.self)) }
    if type == ObjectIdentifier(UInt64.self) { return .literal(String(unsafeBitCast(value, to: UInt64.self))) }
    if type == ObjectIdentifier(Int64.self) { return .literal(String(unsafeBitCast(value, to: Int64.self))) }
    if type == ObjectIdentifier(Int32.self) { return .literal(String(unsafeBitCast(value, to: Int32.self))) }
    if type == ObjectIdentifier(UInt32.self) { return .literal(String(unsafeBitCast(value, to: UInt32.self))) }
    if type == ObjectIdentifier(UInt.self) { return .literal(String(unsafeBitCast(value, to: UInt.self))) }
    if type == ObjectIdentifier(Int8.self) { return .literal(String(unsafeBitCast(value, to: Int8.self))) }
    if type == ObjectIdentifier(Int16.self) { return .literal(String(unsafeBitCast(value, to: Int16.self))) }
    if type == ObjectIdentifier(UInt8.self) { return .literal(String(unsafeBitCast(value, to: UInt8.self))) }
    if type == ObjectIdentifier(UInt16.self) { return .literal(String(unsafeBitCast(value, to: UInt16.self))) }
    if type == ObjectIdentifier(Float.self) { return number(unsafeBitCast(value, to: Float.self)) }
    if type == ObjectIdentifier(Date.self) { return .string(ContractTime.string(unsafeBitCast(value, to: Date.self))) }
    if type == ObjectIdentifier(URL.self) { return .string((value as! URL).absoluteString) }
    if type == ObjectIdentifier(Data.self) || type == ObjectIdentifier(Decimal.self) {
      // Not in any contract; Foundation's own rules for them are not reproduced here.
      throw EncodingError.invalidValue(
        value, .init(codingPath: codingPath, debugDescription: "\(T.self) is not a contract value"))
    }
    // Every other value writes itself; its scalars come back through the containers, which
    // take each scalar type (generic `encode` included) by the identities above.
    let slot = Slot()
    try value.encode(to: NodeEncoder(slot: slot, codingPath: codingPath))
    return slot.node
  }

  // MARK: - Writing

  static func write(_ node: Node, to out: inout [UInt8]) {
    switch node {
    case .null: out.append(contentsOf: "null".utf8)
    case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
    case .literal(let text): out.append(contentsOf: text.utf8)
    case .string(let text): writeString(text, to: &out)
    case .array(let box):
      out.append(UInt8(ascii: "["))
      for (i, v) in box.values.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        write(v, to: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let box):
      out.append(UInt8(ascii: "{"))
      for (n, i) in box.order().enumerated() {
        if n > 0 { out.append(UInt8(ascii: ",")) }
        writeString(box.keys[i], to: &out)
        out.append(UInt8(ascii: ":"))
        write(box.values[i], to: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
  }

  static func writeString(_ text: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
      case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
      case 0x08: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
      case 0x0C: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
      case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      case 0x00..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        out.append(contentsOf: [
          UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)],
          hex[Int(byte & 0xF)],
        ])
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }

  // MARK: - Encoder

  struct NodeEncoder: Encoder {
    let slot: Slot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
      let box: ObjectBox
      if case .object(let existing) = slot.node {
        box = existing
      } else {
        box = ObjectBox()
        slot.node = .object(box)
      }
      return KeyedEncodingContainer(KeyedContainer<Key>(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
      let box: ArrayBox
      if case .array(let existing) = slot.node {
        box = existing
      } else {
        box = ArrayBox()
        slot.node = .array(box)
      }
      return UnkeyedContainer(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
      PlacingSingleContainer(codingPath: codingPath) { [slot] in slot.node = $0 }
    }
  }

  struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: ObjectBox
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { box.set(key.stringValue, .null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { box.set(key.stringValue, .bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { box.set(key.stringValue, .string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { box.set(key.stringValue, number(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { box.set(key.stringValue, .literal(String(value))) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      box.set(key.stringValue, try node(of: value, codingPath: codingPath + [key]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
      -> KeyedEncodingContainer<NestedKey>
    {
      KeyedEncodingContainer(
        KeyedContainer<NestedKey>(box: box.object(at: key.stringValue), codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      UnkeyedContainer(box: box.array(at: key.stringValue), codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: "super") }

    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key.stringValue) }

    private func superEncoder(named name: String) -> any Encoder {
      ReferencingEncoder(codingPath: codingPath) { [box] node in box.set(name, node) }
    }
  }

  struct UnkeyedContainer: UnkeyedEncodingContainer {
    let box: ArrayBox
    let codingPath: [any CodingKey]
    var count: Int { box.values.count }

    private var index: any CodingKey { IndexKey(intValue: box.values.count) }

    mutating func encodeNil() throws { box.values.append(.null) }
    mutating func encode(_ value: Bool) throws { box.values.append(.bool(value)) }
    mutating func encode(_ value: String) throws { box.values.append(.string(value)) }
    mutating func encode(_ value: Double) throws { box.values.append(number(value)) }
    mutating func encode(_ value: Int) throws { box.values.append(.literal(String(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws {
      box.values.append(try node(of: value, codingPath: codingPath + [index]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
      -> KeyedEncodingContainer<NestedKey>
    {
      let object = ObjectBox()
      let path = codingPath + [index]
      box.values.append(.object(object))
      return KeyedEncodingContainer(KeyedContainer<NestedKey>(box: object, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      let array = ArrayBox()
      let path = codingPath + [index]
      box.values.append(.array(array))
      return UnkeyedContainer(box: array, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
      let position = box.values.count
      box.values.append(.object(ObjectBox()))
      return ReferencingEncoder(codingPath: codingPath + [index]) { [box] node in box.values[position] = node }
    }
  }

  /// A super encoder: writes its value where its parent said, once the value is known. Its
  /// containers write into boxes it places at once, so later writes land too.
  struct ReferencingEncoder: Encoder {
    let codingPath: [any CodingKey]
    let place: (Node) -> Void
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
      let box = ObjectBox()
      place(.object(box))
      return KeyedEncodingContainer(KeyedContainer<Key>(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
      let box = ArrayBox()
      place(.array(box))
      return UnkeyedContainer(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
      PlacingSingleContainer(codingPath: codingPath, place: place)
    }
  }

  /// A single value, handed to `place` (a slot's setter, or a super encoder's parent).
  struct PlacingSingleContainer: SingleValueEncodingContainer {
    let codingPath: [any CodingKey]
    let place: (Node) -> Void

    mutating func encodeNil() throws { place(.null) }
    mutating func encode(_ value: Bool) throws { place(.bool(value)) }
    mutating func encode(_ value: String) throws { place(.string(value)) }
    mutating func encode(_ value: Double) throws { place(number(value)) }
    mutating func encode(_ value: Int) throws { place(.literal(String(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { place(try node(of: value, codingPath: codingPath)) }
  }

  struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
  }
}
