import ArgumentParser
import Foundation
import OddsMath
import Simulation

/// Renders a refused input as one line, in swift-argument-parser's form ("Error: ..."), and
/// exits: 64 (a usage error) for an option's value, 1 for the contents of an input file, as
/// every mcsim command does. Nothing else is printed.
enum CLIError {
  /// Library field names as the user typed them on the command line.
  static let optionNames: [String: String] = [
    "home_projection": "--home", "away_projection": "--away", "home_std_dev": "--home-sd",
    "away_std_dev": "--away-sd", "correlation": "--rho", "skewness": "--skew",
    "score_floor": "--score-floor", "ot_rate": "--ot-rate", "ot_points": "--ot-points", "ot_sd": "--ot-sd",
    "total_line": "--line", "n_sims": "--sims", "threads": "--threads",
  ]

  static func fail(_ message: String, code: ExitCode = .validationFailure) -> ExitCode {
    FileHandle.standardError.write(Data("Error: \(message)\n".utf8))
    return code
  }

  /// A bad input file (its path and what is wrong): exit 1.
  static func badInput(_ source: String, _ error: any Error) -> ExitCode {
    fail("\(source): \(error)", code: .failure)
  }

  /// A failure of the environment rather than the input (a feed that cannot be fetched):
  /// one line, exit status 1.
  static func runtime(_ message: String) -> ExitCode {
    fail(message, code: .failure)
  }

  static func fail(_ error: InputError) -> ExitCode {
    switch error {
    case .invalid("partial", let parts, let reason):
      // A merge whose replay no longer matches its parts: the parts are named, exit 1.
      fail("\(parts): \(reason)", code: .failure)
    case .invalid(let field, let value, let reason):
      fail("\(optionNames[field] ?? field) \(value): \(reason)")
    }
  }

  static func fail(option: String, _ error: OddsError) -> ExitCode {
    fail("\(option): \(error)")
  }

  static func fail(option: String, _ error: KellyPolicyError) -> ExitCode {
    switch error {
    case .invalidFraction(let f): fail("\(option) \(f): must be in (0, 1]")
    case .invalidCap(let c): fail("\(option) \(c): must be in (0, 1]")
    }
  }
}
