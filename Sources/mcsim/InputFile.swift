import Foundation

/// Reads a command's input: a file path, or `-` for standard input.
enum InputFile {
  struct ReadError: Error, CustomStringConvertible {
    let description: String
  }

  static func read(_ path: String) throws -> Data {
    if path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ReadError(description: FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file")
    }
    return data
  }
}
