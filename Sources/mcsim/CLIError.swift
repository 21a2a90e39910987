import ArgumentParser
import Foundation
import LineFeeds
import ServiceContracts
import UseCases

/// A refused input or a failed run: the field at fault (an option like `--rho`, or a file's
/// field like `total_line`), the value given, and why, with the exit status. Thrown by the
/// commands and said once, at the edge (`ErrorReport`), in one voice:
///   - 64: a bad option value (a usage error, as swift-argument-parser has it);
///   - 1: a bad input file (its contents), or a failure of the environment (a feed that cannot
///     be fetched);
///   - 3: a partial failure (some games of a slate not evaluated; thrown as `ExitCode(3)`).
struct CLIFailure: Error, CustomStringConvertible {
  var field: String?
  var value: String?
  /// One line, in plain words, without the "Error: " prefix.
  var message: String
  var code: ExitCode

  var description: String { message }
}

/// Builds the failures every command throws.
enum CLIError {
  /// Library field names as the user typed them on the command line.
  static let optionNames: [String: String] = [
    "home_projection": "--home", "away_projection": "--away", "home_std_dev": "--home-sd",
    "away_std_dev": "--away-sd", "correlation": "--rho", "skewness": "--skew",
    "score_floor": "--score-floor", "ot_rate": "--ot-rate", "ot_points": "--ot-points", "ot_sd": "--ot-sd",
    "total_line": "--line", "n_sims": "--sims", "threads": "--threads",
  ]

  static func fail(
    _ message: String, code: ExitCode = .validationFailure, field: String? = nil, value: String? = nil
  ) -> CLIFailure {
    CLIFailure(field: field, value: value, message: message, code: code)
  }

  /// An option's value refused: "--rho 1.5: must be in [-1, 1]", exit 64.
  static func option(_ option: String, _ value: String, _ reason: String) -> CLIFailure {
    fail("\(option) \(value): \(reason)", field: option, value: value)
  }

  /// A bad input file (its path and what is wrong): exit 1. The path is said once, also when
  /// the reader's own message already starts with it ("bad.csv: missing column 'away'").
  static func badInput(_ source: String, _ error: any Error) -> CLIFailure {
    let said = "\(error)"
    let message = said.hasPrefix("\(source): ") ? said : "\(source): \(said)"
    switch error {
    case let input as any FieldProblem:
      return fail(message, code: .failure, field: input.field, value: input.value)
    case let decoding as InputDecodingError:
      return fail(message, code: .failure, field: decoding.field, value: nil)
    default: break
    }
    return fail(message, code: .failure)
  }

  /// `body`'s value, a refusal of the input's rule (`FieldProblem`) turned by `map`; any other
  /// error as it is.
  static func mapping<T>(_ body: () throws -> T, _ map: (any FieldProblem) -> any Error) throws -> T {
    do { return try body() } catch let error as any FieldProblem { throw map(error) }
  }

  /// `body`'s value, a refusal of the rule that reads an option (its field the option's name
  /// with underscores: `period_line`, `ot_model`) a usage error naming the option (exit 64), as
  /// the parser's own.
  static func usage<T>(_ body: () throws -> T) throws -> T {
    try mapping(body) { ValidationError("\(option(field: $0.field)) \($0.value): \($0.reason)") }
  }

  /// The option a rule's field names: `--` and the field with dashes (`max_ev_interval`,
  /// `--max-ev-interval`).
  static func option(field: String) -> String { "--" + field.replacingOccurrences(of: "_", with: "-") }

  /// `body`'s value, its error a bad input of `source` (exit 1).
  static func reading<T>(_ source: String, _ body: () throws -> T) throws -> T {
    do { return try body() } catch { throw badInput(source, error) }
  }

  /// `body`'s value, its error said as it describes itself (exit 1).
  static func failing<T>(_ body: () throws -> T) throws -> T {
    do { return try body() } catch { throw fail("\(error)", code: .failure) }
  }

  /// A failure of the environment rather than the input (a feed that cannot be fetched):
  /// one line, exit status 1.
  static func runtime(_ message: String) -> CLIFailure {
    fail(message, code: .failure)
  }

  static func fail(_ error: any FieldProblem) -> CLIFailure {
    // A merge whose replay no longer matches its parts: the parts are named, exit 1.
    if error.field == "partial" { return fail("\(error.value): \(error.reason)", code: .failure) }
    return option(optionNames[error.field] ?? error.field, error.value, error.reason)
  }

  /// A value of `option` its reader refused: "--over-odds: ...", exit 64.
  static func fail(option: String, _ error: any Error) -> CLIFailure {
    fail("\(option): \(error)", field: option)
  }

  /// Runs `body`, turning a library error into a refusal of the command-line item `item`
  /// (a price argument, an option's value): exit 64.
  static func wrap<T>(_ item: String, field: String? = nil, _ body: () throws -> T) throws -> T {
    do { return try body() } catch {
      throw fail("'\(item)': \(error)", field: field, value: item)
    }
  }
}
