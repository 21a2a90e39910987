import Foundation
import UseCases

/// The contracts' compact JSON writer: the bytes Foundation's `JSONEncoder` gives with
/// `[.sortedKeys, .withoutEscapingSlashes]`, ISO 8601 dates and non-finite numbers as strings
/// ("inf", "-inf", "nan"), at a fraction of its cost. A simulate response of 5 KB took Foundation
/// about twice as long to write as the 10^4 games behind it took to simulate; the server writes
/// one per request.
///
/// Values encode into one flat `Document`: a table of entries (a key, a value, the next entry of
/// the same object or array) and a table of containers (an object's or array's first and last
/// entry), so a whole response is two growing arrays rather than a tree of boxes, arrays and
/// strings to allocate and free. Numbers stay numbers until they are written. The document is
/// written once, each object's keys sorted by their UTF-8 bytes as Foundation sorts them
/// (`JSONBytes.keyPrecedes`; a key set twice keeps the last value, as Foundation does). Scalars
/// are told apart by type identity, not by dynamic casts.
/// `ContractJSONTests` holds it to Foundation's bytes over every contract shape and the corner
/// cases (escapes, non-finite numbers, nested and super encoders). Scalars go through
/// `JSONBytes`, as they do for the shapes that skip Codable and write themselves
/// (`ContractValue`, the simulate answer); this writer also writes those shapes' other fields.
enum CompactJSONEncoder {
  static func encode<T: Encodable>(_ value: T) throws -> Data {
    let out = JSONBytes()
    try write(value, to: out, topLevel: true)
    return out.data
  }

  /// Writes `value` at the end of `out`. At the top level a value that encodes nothing is
  /// refused, as Foundation refuses it; inside a document it is an empty object.
  static func write<T: Encodable>(_ value: T, to out: JSONBytes, topLevel: Bool) throws {
    let document = Document()
    let root = document.append(key: "", .unset, to: -1)
    try document.encode(value, into: root)
    if topLevel, case .unset = document.entries[Int(root)].value {
      throw EncodingError.invalidValue(
        value, .init(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
    }
    document.entries.withUnsafeBufferPointer { entries in
      document.containers.withUnsafeBufferPointer { containers in
        var writer = Writer(entries: entries, containers: containers, out: out)
        writer.write(entries[Int(root)].value)
      }
    }
  }

  // MARK: - The document

  /// One JSON value; objects and arrays by their container's number.
  enum Value {
    /// Nothing encoded (yet): written as an empty object, as Foundation writes such a value.
    case unset
    case null
    case bool(Bool)
    case signed(Int64)
    case unsigned(UInt64)
    case double(Double)
    case float(Float)
    case string(String)
    case object(Int32)
    case array(Int32)
  }

  struct Entry {
    /// The key in an object; empty in an array.
    var key: String
    var value: Value
    /// The next entry of the same container, -1 at the end.
    var next: Int32 = -1
    /// The container it belongs to, -1 for the root.
    let owner: Int32
    /// Its position in an array (for the coding path), -1 in an object.
    let index: Int32
  }

  struct Container {
    /// The entry that holds it (for the coding path).
    let entry: Int32
    var first: Int32 = -1
    var last: Int32 = -1
    var count: Int32 = 0
  }

  final class Document {
    @exclusivity(unchecked) var entries: [Entry] = []
    @exclusivity(unchecked) var containers: [Container] = []

    init() {
      entries.reserveCapacity(512)
      containers.reserveCapacity(128)
    }

    /// Adds an entry at the end of `container` (-1: the root); returns its number.
    @discardableResult
    func append(key: String, _ value: Value, to container: Int32) -> Int32 {
      let n = Int32(entries.count)
      let index: Int32 = container >= 0 && isArray(container) ? containers[Int(container)].count : -1
      entries.append(Entry(key: key, value: value, owner: container, index: index))
      guard container >= 0 else { return n }
      let c = Int(container)
      if containers[c].last >= 0 { entries[Int(containers[c].last)].next = n } else { containers[c].first = n }
      containers[c].last = n
      containers[c].count += 1
      return n
    }

    private func isArray(_ container: Int32) -> Bool {
      if case .array = entries[Int(containers[Int(container)].entry)].value { return true }
      return false
    }

    /// A new, empty object or array held by `entry`.
    func newContainer(in entry: Int32, array: Bool) -> Int32 {
      let c = Int32(containers.count)
      containers.append(Container(entry: entry))
      entries[Int(entry)].value = array ? .array(c) : .object(c)
      return c
    }

    /// The object (or array) that `entry` holds, made when it holds something else.
    func container(in entry: Int32, array: Bool) -> Int32 {
      switch entries[Int(entry)].value {
      case .object(let c) where !array: return c
      case .array(let c) where array: return c
      default: return newContainer(in: entry, array: array)
      }
    }

    /// The object (or array) at `key` of an object: the last one set there, or a new one.
    func container(at key: String, of object: Int32, array: Bool) -> Int32 {
      var last: Int32 = -1
      var e = containers[Int(object)].first
      while e >= 0 {
        if entries[Int(e)].key == key { last = e }
        e = entries[Int(e)].next
      }
      if last >= 0 {
        switch entries[Int(last)].value {
        case .object(let c) where !array: return c
        case .array(let c) where array: return c
        default: break
        }
      }
      return newContainer(in: append(key: key, .unset, to: object), array: array)
    }

    /// Adds `value` at the end of `container` under `key`; takes the entry out again if the
    /// value throws, so an error a caller catches leaves nothing behind (as with Foundation).
    func encode<T: Encodable>(_ value: T, key: String, in container: Int32) throws {
      let c = Int(container)
      let previous = containers[c].last
      let entry = append(key: key, .unset, to: container)
      do {
        try encode(value, into: entry)
      } catch {
        containers[c].last = previous
        containers[c].count -= 1
        if previous >= 0 { entries[Int(previous)].next = -1 } else { containers[c].first = -1 }
        throw error
      }
    }

    /// Encodes `value` into `entry`: a scalar at once, anything else through `encode(to:)`,
    /// whose containers and scalars land in this document.
    func encode<T: Encodable>(_ value: T, into entry: Int32) throws {
      if let scalar = try Self.scalar(value, path: { self.path(ofEntry: entry) }) {
        entries[Int(entry)].value = scalar
        return
      }
      try value.encode(to: EntryEncoder(document: self, entry: entry))
    }

    /// A scalar's value, told by its type's identity: a failed dynamic cast costs about as much
    /// as writing the value, and most values are structs that would fail every one. Nil for
    /// values that write themselves.
    static func scalar<T: Encodable>(_ value: T, path: () -> [any CodingKey]) throws -> Value? {
      let type = ObjectIdentifier(T.self)
      if type == ObjectIdentifier(Double.self) { return .double(unsafeBitCast(value, to: Double.self)) }
      if type == ObjectIdentifier(String.self) { return .string(unsafeBitCast(value, to: String.self)) }
      if type == ObjectIdentifier(Int.self) { return .signed(Int64(unsafeBitCast(value, to: Int.self))) }
      if type == ObjectIdentifier(Bool.self) { return .bool(unsafeBitCast(value, to: Bool.self)) }
      if type == ObjectIdentifier(UInt64.self) { return .unsigned(unsafeBitCast(value, to: UInt64.self)) }
      if type == ObjectIdentifier(Int64.self) { return .signed(unsafeBitCast(value, to: Int64.self)) }
      if type == ObjectIdentifier(Int32.self) { return .signed(Int64(unsafeBitCast(value, to: Int32.self))) }
      if type == ObjectIdentifier(UInt32.self) { return .unsigned(UInt64(unsafeBitCast(value, to: UInt32.self))) }
      if type == ObjectIdentifier(UInt.self) { return .unsigned(UInt64(unsafeBitCast(value, to: UInt.self))) }
      if type == ObjectIdentifier(Int8.self) { return .signed(Int64(unsafeBitCast(value, to: Int8.self))) }
      if type == ObjectIdentifier(Int16.self) { return .signed(Int64(unsafeBitCast(value, to: Int16.self))) }
      if type == ObjectIdentifier(UInt8.self) { return .unsigned(UInt64(unsafeBitCast(value, to: UInt8.self))) }
      if type == ObjectIdentifier(UInt16.self) { return .unsigned(UInt64(unsafeBitCast(value, to: UInt16.self))) }
      if type == ObjectIdentifier(Float.self) { return .float(unsafeBitCast(value, to: Float.self)) }
      if type == ObjectIdentifier(Date.self) { return .string(Timestamp.format(unsafeBitCast(value, to: Date.self))) }
      if type == ObjectIdentifier(URL.self) { return .string((value as! URL).absoluteString) }
      if type == ObjectIdentifier(Data.self) || type == ObjectIdentifier(Decimal.self) {
        // Not in any contract; Foundation's own rules for them are not reproduced here.
        throw EncodingError.invalidValue(
          value, .init(codingPath: path(), debugDescription: "\(T.self) is not a contract value"))
      }
      return nil
    }

    /// The coding path of an entry, made only when asked for (an error, or a value that reads
    /// its encoder's path): keys of objects, "Index n" of arrays.
    func path(ofEntry entry: Int32) -> [any CodingKey] {
      var keys: [any CodingKey] = []
      var e = entry
      while e >= 0 {
        let owner = entries[Int(e)].owner
        guard owner >= 0 else { break }
        let index = entries[Int(e)].index
        keys.append(index >= 0 ? PathKey(index: Int(index)) : PathKey(entries[Int(e)].key))
        e = containers[Int(owner)].entry
      }
      return keys.reversed()
    }

    func path(ofContainer container: Int32) -> [any CodingKey] {
      path(ofEntry: containers[Int(container)].entry)
    }
  }

  struct PathKey: CodingKey {
    let stringValue: String
    let intValue: Int?
    init(_ key: String) { stringValue = key; intValue = nil }
    init(index: Int) { stringValue = "Index \(index)"; intValue = index }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { self.init(index: intValue) }
  }

  // MARK: - Encoder

  /// The encoder of the value at one entry.
  struct EntryEncoder: Encoder {
    let document: Document
    let entry: Int32
    var codingPath: [any CodingKey] { document.path(ofEntry: entry) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
      KeyedEncodingContainer(KeyedContainer<Key>(document: document, object: document.container(in: entry, array: false)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
      UnkeyedContainer(document: document, array: document.container(in: entry, array: true))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
      SingleContainer(document: document, entry: entry)
    }
  }

  struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let document: Document
    let object: Int32
    var codingPath: [any CodingKey] { document.path(ofContainer: object) }

    mutating func encodeNil(forKey key: Key) throws { document.append(key: key.stringValue, .null, to: object) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { document.append(key: key.stringValue, .bool(value), to: object) }
    mutating func encode(_ value: String, forKey key: Key) throws { document.append(key: key.stringValue, .string(value), to: object) }
    mutating func encode(_ value: Double, forKey key: Key) throws { document.append(key: key.stringValue, .double(value), to: object) }
    mutating func encode(_ value: Int, forKey key: Key) throws { document.append(key: key.stringValue, .signed(Int64(value)), to: object) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      try document.encode(value, key: key.stringValue, in: object)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
      -> KeyedEncodingContainer<NestedKey>
    {
      KeyedEncodingContainer(
        KeyedContainer<NestedKey>(document: document, object: document.container(at: key.stringValue, of: object, array: false)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      UnkeyedContainer(document: document, array: document.container(at: key.stringValue, of: object, array: true))
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: "super") }

    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key.stringValue) }

    /// The key is placed at once, an empty object until the super encoder writes (Foundation
    /// writes the same empty object when a super encoder that wrote nothing is released).
    private func superEncoder(named name: String) -> any Encoder {
      EntryEncoder(document: document, entry: document.append(key: name, .unset, to: object))
    }
  }

  struct UnkeyedContainer: UnkeyedEncodingContainer {
    let document: Document
    let array: Int32
    var codingPath: [any CodingKey] { document.path(ofContainer: array) }
    var count: Int { Int(document.containers[Int(array)].count) }

    mutating func encodeNil() throws { document.append(key: "", .null, to: array) }
    mutating func encode(_ value: Bool) throws { document.append(key: "", .bool(value), to: array) }
    mutating func encode(_ value: String) throws { document.append(key: "", .string(value), to: array) }
    mutating func encode(_ value: Double) throws { document.append(key: "", .double(value), to: array) }
    mutating func encode(_ value: Int) throws { document.append(key: "", .signed(Int64(value)), to: array) }
    mutating func encode<T: Encodable>(_ value: T) throws {
      try document.encode(value, key: "", in: array)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
      -> KeyedEncodingContainer<NestedKey>
    {
      let entry = document.append(key: "", .unset, to: array)
      return KeyedEncodingContainer(
        KeyedContainer<NestedKey>(document: document, object: document.newContainer(in: entry, array: false)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      let entry = document.append(key: "", .unset, to: array)
      return UnkeyedContainer(document: document, array: document.newContainer(in: entry, array: true))
    }

    /// Its place is taken at once (an empty object until the super encoder writes).
    mutating func superEncoder() -> any Encoder {
      EntryEncoder(document: document, entry: document.append(key: "", .unset, to: array))
    }
  }

  /// A single value at its entry. A value that writes itself replaces what the entry held; one
  /// that writes nothing is an empty object, as with Foundation.
  struct SingleContainer: SingleValueEncodingContainer {
    let document: Document
    let entry: Int32
    var codingPath: [any CodingKey] { document.path(ofEntry: entry) }

    private func set(_ value: Value) { document.entries[Int(entry)].value = value }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Double) throws { set(.double(value)) }
    mutating func encode(_ value: Int) throws { set(.signed(Int64(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws {
      set(.unset)
      try document.encode(value, into: entry)
      if case .unset = document.entries[Int(entry)].value { _ = document.newContainer(in: entry, array: false) }
    }
  }

  // MARK: - Writing

  /// Writes a finished document, read in place, its scalars through `JSONBytes`.
  struct Writer {
    let entries: UnsafeBufferPointer<Entry>
    let containers: UnsafeBufferPointer<Container>
    let out: JSONBytes
    /// The entries of the objects being written, one stretch per open object.
    private var order: [Int32] = []

    init(entries: UnsafeBufferPointer<Entry>, containers: UnsafeBufferPointer<Container>, out: JSONBytes) {
      self.entries = entries
      self.containers = containers
      self.out = out
      order.reserveCapacity(256)
    }

    mutating func write(_ value: Value) {
      switch value {
      case .unset: out.append("{}")
      case .null: out.null()
      case .bool(let b): out.bool(b)
      case .signed(let n): out.integer(n.magnitude, negative: n < 0)
      case .unsigned(let n): out.integer(n, negative: false)
      case .double(let d): out.number(d)
      case .float(let f): out.number(f)
      case .string(let text): out.string(text)
      case .array(let c):
        out.append(UInt8(ascii: "["))
        var e = containers[Int(c)].first
        while e >= 0 {
          if e != containers[Int(c)].first { out.append(UInt8(ascii: ",")) }
          write(entries[Int(e)].value)
          e = entries[Int(e)].next
        }
        out.append(UInt8(ascii: "]"))
      case .object(let c):
        writeObject(c)
      }
    }

    /// An object's entries sorted by key (stable, so of a key set twice the last comes last),
    /// each key written once, with its last value.
    private mutating func writeObject(_ c: Int32) {
      let base = order.count
      var e = containers[Int(c)].first
      while e >= 0 {
        // Insertion sort: objects are small, and many arrive already sorted.
        var i = order.count
        order.append(e)
        let key = entries[Int(e)].key
        while i > base && JSONBytes.keyPrecedes(key, entries[Int(order[i - 1])].key) {
          order[i] = order[i - 1]
          i -= 1
        }
        order[i] = e
        e = entries[Int(e)].next
      }
      let end = order.count
      out.append(UInt8(ascii: "{"))
      var first = true
      for i in base..<end {
        let entry = order[i]
        if i + 1 < end && JSONBytes.sameKey(entries[Int(order[i + 1])].key, entries[Int(entry)].key) { continue }
        if !first { out.append(UInt8(ascii: ",")) }
        first = false
        out.string(entries[Int(entry)].key)
        out.append(UInt8(ascii: ":"))
        write(entries[Int(entry)].value)
      }
      out.append(UInt8(ascii: "}"))
      order.removeSubrange(base...)
    }
  }
}
