import Foundation

/// A compact JSON document being written: its bytes, and the keys of the objects still open.
/// Both of the contracts' writers put their scalars through it (`CompactJSONEncoder` for any
/// `Encodable`, `ContractValue.writeJSON` for the shapes that write themselves), so a number or
/// a string comes out the same whichever wrote it: Foundation's bytes with
/// `[.sortedKeys, .withoutEscapingSlashes]` and non-finite numbers as "inf", "-inf", "nan".
///
/// Objects written through `openObject`/`key`/`closeObject` come out with their keys sorted by
/// their UTF-8 bytes, as Foundation sorts them (`keyPrecedes`; not `String`'s `<`, which compares
/// after normalising and orders a key such as "\u{212B}" differently): fields given in that order
/// are written as they come; otherwise, when the object closes, its fields are put in order (a
/// key given twice keeps its last value, as with Foundation). Keys that are equal as Swift strings
/// but spelled differently (NFC and NFD) are two keys here; Foundation keeps one of them. No
/// contract has such keys: theirs are ASCII. A class, so nested writers share one buffer.
package final class JSONBytes {
  /// The bytes written, in a buffer of its own: appending to an array a byte at a time (its
  /// uniqueness and capacity checks, and `append(contentsOf:)` over raw buffers element by
  /// element) cost more than the formatting did.
  /// (Every stored property is `@exclusivity(unchecked)`: a class's properties are otherwise
  /// checked for overlapping access at run time, on every byte appended.)
  @exclusivity(unchecked) private var base: UnsafeMutablePointer<UInt8>
  @exclusivity(unchecked) private(set) var count = 0
  @exclusivity(unchecked) private var capacity: Int
  /// The open objects' keys with where each field starts (its key's opening quote).
  @exclusivity(unchecked) private var fields: [Field] = []
  /// Objects whose fields came out of order and were sorted when they closed.
  @exclusivity(unchecked) package private(set) var objectsSorted = 0
  /// Values that do not write themselves, written through `CompactJSONEncoder`.
  @exclusivity(unchecked) package internal(set) var valuesEncoded = 0

  private struct Field {
    let key: String
    let start: Int
  }

  package init(capacity: Int = 8192) {
    self.capacity = max(capacity, 64)
    base = .allocate(capacity: self.capacity)
    fields.reserveCapacity(64)
  }

  deinit { base.deallocate() }

  /// The document so far.
  package var data: Data { Data(UnsafeBufferPointer(start: base, count: count)) }

  @inline(__always) private func reserve(_ n: Int) {
    if count + n > capacity { grow(to: count + n) }
  }

  private func grow(to needed: Int) {
    var size = capacity * 2
    while size < needed { size *= 2 }
    let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
    larger.update(from: base, count: count)
    base.deallocate()
    base = larger
    capacity = size
  }

  @inline(__always) func append(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count += 1
  }

  func append(_ run: UnsafeRawBufferPointer) {
    guard let from = run.baseAddress, run.count > 0 else { return }
    reserve(run.count)
    UnsafeMutableRawPointer(base + count).copyMemory(from: from, byteCount: run.count)
    count += run.count
  }

  func append(_ run: UnsafeBufferPointer<UInt8>) { append(UnsafeRawBufferPointer(run)) }

  /// ASCII text known to need no escapes ("null", "true", "{}").
  func append(_ text: StaticString) {
    append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  // MARK: - Objects

  /// Where an object's fields start in the key stack; give it back to `closeObject`.
  func openObject() -> Int {
    append(UInt8(ascii: "{"))
    return fields.count
  }

  /// Starts a field of the object opened at `object`: the comma, the key and the colon.
  func key(_ key: String, object: Int) {
    if fields.count > object { append(UInt8(ascii: ",")) }
    fields.append(Field(key: key, start: count))
    string(key)
    append(UInt8(ascii: ":"))
  }

  func closeObject(_ object: Int) {
    var ordered = true
    var i = object + 1
    while i < fields.count {
      if !Self.keyPrecedes(fields[i - 1].key, fields[i].key) { ordered = false; break }
      i += 1
    }
    if !ordered { sortFields(object) }
    fields.removeSubrange(object...)
    append(UInt8(ascii: "}"))
  }

  /// Rewrites the object's fields in key order: each field's bytes (key, colon, value) are cut
  /// out and put back sorted, stably, so of a key given twice only the last is kept.
  private func sortFields(_ object: Int) {
    objectsSorted += 1
    let start = fields[object].start
    let end = count
    let region = Array(UnsafeBufferPointer(start: base + start, count: end - start))
    var spans: [(key: String, from: Int, to: Int)] = []
    spans.reserveCapacity(fields.count - object)
    for i in object..<fields.count {
      let from = fields[i].start - start
      // A field ends where the next one's comma is.
      let to = i + 1 < fields.count ? fields[i + 1].start - start - 1 : end - start
      spans.append((fields[i].key, from, to))
    }
    // Insertion sort: stable, and these objects are small.
    for i in 1..<max(spans.count, 1) {
      let span = spans[i]
      var j = i
      while j > 0 && Self.keyPrecedes(span.key, spans[j - 1].key) {
        spans[j] = spans[j - 1]
        j -= 1
      }
      spans[j] = span
    }
    count = start
    region.withUnsafeBufferPointer { region in
      var first = true
      for (i, span) in spans.enumerated() {
        if i + 1 < spans.count && Self.sameKey(spans[i + 1].key, span.key) { continue }
        if !first { append(UInt8(ascii: ",")) }
        first = false
        append(UnsafeBufferPointer(rebasing: region[span.from..<span.to]))
      }
    }
  }

  /// Where the document stands: give it to `rewind(to:)` to take back what was written after.
  struct Mark {
    fileprivate let count: Int
    fileprivate let fields: Int
  }

  func mark() -> Mark { Mark(count: count, fields: fields.count) }

  /// Takes back everything written since `mark`: a value that threw part-way leaves nothing
  /// behind, as with Foundation (a caller may catch the error and go on).
  func rewind(to mark: Mark) {
    count = mark.count
    if fields.count > mark.fields { fields.removeSubrange(mark.fields...) }
  }

  // MARK: - Keys

  /// Foundation's order of keys: by their UTF-8 bytes.
  static func keyPrecedes(_ a: String, _ b: String) -> Bool {
    let fast = a.utf8.withContiguousStorageIfAvailable { a in
      b.utf8.withContiguousStorageIfAvailable { b in
        let n = min(a.count, b.count)
        let order = n == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, n)
        return order != 0 ? order < 0 : a.count < b.count
      }
    }
    if let fast, let fast { return fast }
    return a.utf8.lexicographicallyPrecedes(b.utf8)
  }

  static func sameKey(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }

  // MARK: - Scalars

  func null() { append("null") }

  func bool(_ b: Bool) { b ? append("true") : append("false") }

  /// Foundation's number: the shortest round-trip digits without a trailing ".0"; a
  /// non-finite value as the string "inf", "-inf" or "nan".
  func number<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F) {
    guard value.isFinite else {
      string(value.isNaN ? "nan" : value < 0 ? "-inf" : "inf")
      return
    }
    var text = value.description
    text.withUTF8 { digits in
      let n = digits.count
      let whole = n >= 2 && digits[n - 2] == UInt8(ascii: ".") && digits[n - 1] == UInt8(ascii: "0")
      append(UnsafeBufferPointer(rebasing: digits[0..<(whole ? n - 2 : n)]))
    }
  }

  func integer(_ magnitude: UInt64, negative: Bool) {
    reserve(21)
    if negative {
      base[count] = UInt8(ascii: "-")
      count += 1
    }
    var digits = 1
    var n = magnitude
    while n >= 10 {
      n /= 10
      digits += 1
    }
    n = magnitude
    var at = count + digits
    repeat {
      at -= 1
      base[at] = UInt8(ascii: "0") + UInt8(n % 10)
      n /= 10
    } while n > 0
    count += digits
  }

  func integer(_ n: Int) { integer(UInt64(n.magnitude), negative: n < 0) }

  /// A JSON string: the runs that need no escape copied whole.
  func string(_ text: String) {
    append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      var start = 0
      for i in 0..<utf8.count {
        let byte = utf8[i]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
        append(UnsafeBufferPointer(rebasing: utf8[start..<i]))
        start = i + 1
        switch byte {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case 0x08: append("\\b")
        case 0x0C: append("\\f")
        case 0x0A: append("\\n")
        case 0x0D: append("\\r")
        case 0x09: append("\\t")
        default:
          let hex: StaticString = "0123456789abcdef"
          append("\\u00")
          append(hex.utf8Start[Int(byte >> 4)])
          append(hex.utf8Start[Int(byte & 0xF)])
        }
      }
      append(UnsafeBufferPointer(rebasing: utf8[start...]))
    }
    append(UInt8(ascii: "\""))
  }
}
