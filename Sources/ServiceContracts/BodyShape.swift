import Foundation

/// The shape a request body may have before it is decoded: no key given twice in one object
/// (Foundation's and Swift's decoders keep one of the two values silently, so a client that
/// sent `n_sims` twice would never learn which one was used), at most `maxKeys` keys in one
/// object and at most `maxDepth` levels of nesting. No request of the API has an object of
/// more than a few dozen keys or more than six levels: a body beyond either is refused here,
/// in one pass over its bytes that stops at the first problem, before a decoder spends time
/// and memory on it (an object of 80,000 keys took 0.7 s to decode and refuse by its type).
///
/// A route may also bound its top-level lists (`lists`: a batch's `games`), so a list of
/// 330,000 games is refused at its 501st (it took 5.4 s to decode them all and count).
///
/// The pass follows only structure (strings, objects, arrays); it does not validate the
/// document, the decoder does that after it. A problem is named by its path
/// (`games[2].total_line`).
package enum BodyShape {
  package static let maxKeys = 1_000
  package static let maxDepth = 32

  package enum Problem: Equatable, Sendable {
    case duplicate(path: String)
    case tooManyKeys(path: String)
    case tooDeep(path: String)
    case tooLong(path: String, limit: Int)

    package var path: String {
      switch self {
      case .duplicate(let path), .tooManyKeys(let path), .tooDeep(let path), .tooLong(let path, _): path
      }
    }

    /// What the client sent there, as an error's `value`.
    package var value: String {
      switch self {
      case .duplicate: "given twice"
      case .tooManyKeys: "over \(BodyShape.maxKeys) keys"
      case .tooDeep: "over \(BodyShape.maxDepth) levels deep"
      case .tooLong(_, let limit): "over \(limit) items"
      }
    }

    package var message: String {
      switch self {
      case .duplicate(let path): "field '\(path)' is given twice; give each field once"
      case .tooManyKeys(let path):
        "'\(path)' is an object of more than \(BodyShape.maxKeys) keys; no field of the API takes one"
      case .tooDeep(let path):
        "'\(path)' is nested more than \(BodyShape.maxDepth) levels deep; no field of the API is"
      case .tooLong(let path, let limit): "at most \(limit) items in '\(path)'"
      }
    }
  }

  /// The first problem of `data`'s shape; `lists` are the most items each top-level array
  /// field may hold.
  package static func firstProblem(in data: Data, lists: [String: Int] = [:]) -> Problem? {
    data.withUnsafeBytes { firstProblem(in: $0.bindMemory(to: UInt8.self), lists: lists) }
  }

  private struct Frame {
    var isObject: Bool
    var keys: Set<String> = []
    var expectingKey = true
    var key = ""
    var index = 0
    /// The most items this array may hold.
    var limit = Int.max
  }

  private static func firstProblem(in bytes: UnsafeBufferPointer<UInt8>, lists: [String: Int]) -> Problem? {
    var stack: [Frame] = []
    var i = 0
    let n = bytes.count
    while i < n {
      let c = bytes[i]
      switch c {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        if stack.count == maxDepth { return .tooDeep(path: path(stack[...], nil)) }
        var frame = Frame(isObject: c == UInt8(ascii: "{"))
        if !frame.isObject, stack.count == 1, stack[0].isObject, let limit = lists[stack[0].key] { frame.limit = limit }
        stack.append(frame)
      case UInt8(ascii: "}"), UInt8(ascii: "]"): if !stack.isEmpty { stack.removeLast() }
      case UInt8(ascii: ","):
        if let top = stack.indices.last {
          if stack[top].isObject {
            stack[top].expectingKey = true
          } else {
            stack[top].index += 1
            if stack[top].index == stack[top].limit { return .tooLong(path: path(stack.dropLast(), nil), limit: stack[top].limit) }
          }
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
          if stack[top].keys.contains(key) { return .duplicate(path: path(stack.dropLast(), key)) }
          if stack[top].keys.count == maxKeys { return .tooManyKeys(path: path(stack.dropLast(), nil)) }
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

  /// The path of `key` in the innermost of `outer` (or of the innermost itself when `key` is
  /// nil); `body` for the document's top level.
  private static func path(_ outer: ArraySlice<Frame>, _ key: String?) -> String {
    var out = ""
    for frame in outer {
      if frame.isObject { out += (out.isEmpty ? "" : ".") + frame.key } else { out += "[\(frame.index)]" }
    }
    if let key { return out.isEmpty ? key : out + "." + key }
    return out.isEmpty ? "body" : out
  }
}
