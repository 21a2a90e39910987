import Foundation

/// The first key given twice in one object of a JSON document, named by its path
/// (`games[2].total_line`). Foundation's and Swift's decoders keep one of the two values
/// silently, so a client that sent `n_sims` twice would never learn which one was used.
///
/// A single pass over the bytes that follows only structure (strings, objects, arrays); it does
/// not validate the document, the decoder does that after it.
package enum DuplicateKeys {
  package static func first(in data: Data) -> String? {
    data.withUnsafeBytes { first(in: $0.bindMemory(to: UInt8.self)) }
  }

  private struct Frame {
    var isObject: Bool
    var keys: Set<String> = []
    var expectingKey = true
    var key = ""
    var index = 0
  }

  private static func first(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
    var stack: [Frame] = []
    var i = 0
    let n = bytes.count
    while i < n {
      let c = bytes[i]
      switch c {
      case UInt8(ascii: "{"): stack.append(Frame(isObject: true))
      case UInt8(ascii: "["): stack.append(Frame(isObject: false))
      case UInt8(ascii: "}"), UInt8(ascii: "]"): if !stack.isEmpty { stack.removeLast() }
      case UInt8(ascii: ","):
        if let top = stack.indices.last {
          if stack[top].isObject { stack[top].expectingKey = true } else { stack[top].index += 1 }
        }
      case UInt8(ascii: "\""):
        let start = i + 1
        var escaped = false
        i += 1
        while i < n && bytes[i] != UInt8(ascii: "\"") {
          if bytes[i] == UInt8(ascii: "\\") {
            escaped = true
            i += 1
          }
          i += 1
        }
        if let top = stack.indices.last, stack[top].isObject, stack[top].expectingKey {
          let raw = UnsafeBufferPointer(rebasing: bytes[start..<min(i, n)])
          let key = escaped ? unescaped(raw) : String(decoding: raw, as: UTF8.self)
          if stack[top].keys.contains(key) { return path(stack.dropLast(), key) }
          stack[top].keys.insert(key)
          stack[top].key = key
          stack[top].expectingKey = false
        }
      default: break
      }
      i += 1
    }
    return nil
  }

  /// A key with escapes (`"\u0061"` is the key `a`), read as JSON reads it.
  private static func unescaped(_ raw: UnsafeBufferPointer<UInt8>) -> String {
    let literal = Data([UInt8(ascii: "\"")] + Array(raw) + [UInt8(ascii: "\"")])
    return (try? JSONSerialization.jsonObject(with: literal, options: .fragmentsAllowed) as? String)
      ?? String(decoding: raw, as: UTF8.self)
  }

  private static func path(_ outer: ArraySlice<Frame>, _ key: String) -> String {
    var out = ""
    for frame in outer {
      if frame.isObject { out += (out.isEmpty ? "" : ".") + frame.key } else { out += "[\(frame.index)]" }
    }
    return out.isEmpty ? key : out + "." + key
  }
}
