import Foundation
import LineFeeds

/// Reads a command's input: a file path, `-` for standard input, or an http(s) URL.
enum InputFile {
  static func read(_ path: String) throws -> Data {
    try InputSource(path).read()
  }
}
