import Foundation

/// JSON as every command prints it: keys sorted for stable diffs, non-finite numbers refused.
enum JSONOutput {
  static func encode<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }
}
