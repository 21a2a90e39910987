import ArgumentParser
import Foundation

/// How input files are read, shared by every command that reads one: `--strict` turns an
/// unknown or misspelled field from a warning into an error (exit 1 naming the field).
struct InputOptions: ParsableArguments {
  @Flag(help: "Refuse input files with unknown or misspelled fields (default: warn and ignore them).")
  var strict = false

  /// Reports the unknown fields of `source`: a warning line each on stderr, or with --strict
  /// the first as an error. Returns the warnings (for outputs that carry a warnings field).
  @discardableResult
  func report(unknown paths: [String], in source: String, quiet: Bool = false) throws -> [String] {
    if strict, let first = paths.first {
      throw CLIError.fail(
        "\(source): unknown field '\(first)' (--strict)", code: .failure, field: first, value: nil)
    }
    let warnings = paths.map { "unknown field '\($0)' ignored" }
    if !quiet {
      for w in warnings { FileHandle.standardError.write(Data("warning: \(source): \(w)\n".utf8)) }
    }
    return warnings
  }
}
