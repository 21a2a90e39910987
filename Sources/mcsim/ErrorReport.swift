import ArgumentParser
import Foundation
import ServiceContracts

/// The edge where every failure is said, once: one line on stderr ("Error: ..."), in plain
/// words, and with `--json` also a JSON document on stdout,
///   {"success": false, "error": {"field": ..., "value": ..., "message": ...}},
/// then the exit status of the scheme in `CLIFailure` (64 option, 1 input file, 3 partial).
enum ErrorReport {
  /// Whether the command line asks for JSON (before any `--`, after which prices follow).
  static var jsonRequested: Bool {
    CommandLine.arguments.dropFirst().prefix { $0 != "--" }.contains("--json")
  }

  static func exit(with error: any Error) -> Never {
    if let exit = error as? ExitCode { MCSim.exit(withError: exit) }
    let failure: CLIFailure
    if let f = error as? CLIFailure {
      failure = f
    } else {
      let code = MCSim.exitCode(for: error)
      // Help, version: not failures.
      if code == .success { MCSim.exit(withError: error) }
      var message = MCSim.message(for: error)
      if message.hasPrefix("Error: ") { message.removeFirst(7) }
      message = message.split(separator: "\n").first.map(String.init) ?? message
      let field = optionNamed(in: message)
      failure = CLIFailure(field: field, value: field.flatMap { valueNamed(in: message, after: $0) }, message: message, code: code)
    }
    FileHandle.standardError.write(Data("Error: \(failure.message)\n".utf8))
    if jsonRequested { print(document(failure)) }
    MCSim.exit(withError: failure.code)
  }

  /// The option a message starts with or names first ("--sims must be ...", "Missing --line").
  static func optionNamed(in message: String) -> String? {
    message.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "," || $0 == "'" })
      .first { $0.hasPrefix("--") && $0.count > 2 }
      .map { String($0.trimmingCharacters(in: CharacterSet(charactersIn: ".,;'"))) }
  }

  /// The value of a refusal worded "--option VALUE: reason" (an option group's own check, as
  /// `ModelOptions.validate` words it), so its JSON document names both.
  static func valueNamed(in message: String, after option: String) -> String? {
    guard message.hasPrefix(option + " "), let colon = message.range(of: ": ") else { return nil }
    let value = message[message.index(message.startIndex, offsetBy: option.count + 1)..<colon.lowerBound]
    return value.isEmpty || value.contains(" ") ? nil : String(value)
  }

  static func document(_ f: CLIFailure) -> String {
    (try? ContractJSON.string(FailureDocument(field: f.field, value: f.value, message: f.message))) ?? ""
  }
}
