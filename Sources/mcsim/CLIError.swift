import ArgumentParser
import Foundation
import Odds
import Simulation

/// Renders a refused input as one line naming the option and the value, and exits 64
/// (swift-argument-parser's code for a usage error). Nothing else is printed.
enum CLIError {
  /// Library field names as the user typed them on the command line.
  static let optionNames: [String: String] = [
    "home_projection": "--home", "away_projection": "--away", "home_std_dev": "--home-sd",
    "away_std_dev": "--away-sd", "correlation": "--rho", "skewness": "--skew",
    "score_floor": "--score-floor", "ot_rate": "--ot-rate", "ot_points": "--ot-points", "ot_sd": "--ot-sd",
    "total_line": "--line", "n_sims": "--sims", "threads": "--threads",
  ]

  static func fail(_ message: String) -> ExitCode {
    FileHandle.standardError.write(Data("mcsim: error: \(message)\n".utf8))
    return ExitCode.validationFailure
  }

  /// A failure of the environment rather than the input (a feed that cannot be fetched):
  /// one line, exit status 1.
  static func runtime(_ message: String) -> ExitCode {
    FileHandle.standardError.write(Data("mcsim: error: \(message)\n".utf8))
    return ExitCode.failure
  }

  static func fail(_ error: InputError) -> ExitCode {
    switch error {
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
