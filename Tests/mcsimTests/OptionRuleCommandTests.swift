import Foundation
import TestSupport
import XCTest

/// One rule for the model's and the advice policy's options in every command that takes them
/// (issue 43, item 5): a value out of range is a usage error (exit 64), one line naming the
/// option and its value, before any input is read; never a game's ERROR row, never the input
/// file's fault. Input x entry point.
final class OptionRuleCommandTests: XCTestCase {
  override func setUpWithError() throws {
    try TestTier.endToEnd.require()
    FileManager.default.changeCurrentDirectoryPath(GoldenOutputTests.projectRoot.path)
  }

  /// Each command that prices games, as a user would run it.
  static let modelCommands: [(name: String, args: [String])] = [
    ("run", ["run", "--line", "225.5", "--home", "115", "--away", "112", "--sims", "2000"]),
    ("run --request", ["run", "--request", "Scenarios/simulate_request.json", "--sims", "2000"]),
    ("slate", ["slate", "Scenarios/slate_batch.json", "--sims", "2000"]),
    ("parlay", ["parlay", "--home", "115", "--away", "112", "--leg", "over:225.5", "--sims", "2000"]),
    ("parlay FILE", ["parlay", "Scenarios/parlay.json", "--sims", "2000"]),
    ("props", ["props", "Scenarios/props_feed_nba.json", "--projections", "Scenarios/props_projections.json", "--sims", "2000"]),
  ]

  func testABadModelOptionIsAUsageErrorNamingItInEveryCommand() throws {
    let bad: [(option: [String], said: String)] = [
      (["--rho", "2"], "Error: --rho 2: must be in [-1, 1]"),
      (["--home-sd", "-3"], "Error: --home-sd -3: must be in [0.5, 100]"),
      (["--home-sd", "0.1"], "Error: --home-sd 0.1: must be in [0.5, 100]"),
      (["--ot-rate", "1.5"], "Error: --ot-rate 1.5: must be in [0, 1]"),
      (["--skew", "-0.5"], "Error: --skew -0.5: the default correlation 0.5 is not reachable"),
    ]
    for command in Self.modelCommands {
      for b in bad {
        let r = try MCSimBinary.run(command.args + b.option)
        XCTAssertEqual(r.status, 64, "\(command.name) \(b.option): \(r.stderr)")
        XCTAssertTrue(r.stderr.hasPrefix(b.said), "\(command.name) \(b.option): \(r.stderr)")
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, "\(command.name) \(b.option): \(r.stderr)")
      }
    }
  }

  /// A config file's model value out of range is the file's fault in every command (exit 1,
  /// naming the config and its key), by the model's own rule; it was blamed on an option never
  /// given (run, parlay, sweep), on the input file (props), or on every game (slate), and
  /// `home_sd: -1` passed slate unremarked.
  func testABadModelValueInAConfigNamesTheConfigInEveryCommand() throws {
    let commands = Self.modelCommands + [("sweep", ["sweep", "--line", "225.5", "--home", "115", "--away", "112", "--sims", "2000"])]
    let config = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-model-\(getpid()).json")
    defer { try? FileManager.default.removeItem(at: config) }
    for (model, said) in [(#"{"rho": 2}"#, "field 'model.rho' = 2"), (#"{"home_sd": -1}"#, "field 'model.home_sd' = -1")] {
      try Data(#"{"model": \#(model)}"#.utf8).write(to: config)
      for command in commands {
        let r = try MCSimBinary.run(command.args + ["--config", config.path])
        XCTAssertEqual(r.status, 1, "\(command.name) \(model): \(r.stderr)")
        XCTAssertTrue(r.stderr.contains(config.path) && r.stderr.contains(said), "\(command.name) \(model): \(r.stderr)")
        XCTAssertEqual(r.stdout, "", command.name)
      }
    }
  }

  /// A misspelt option is named, even when it stands for one the command cannot start without
  /// (issue 47): "--lin" used to read as "Missing --line".
  func testAnUnknownOptionIsNamedBeforeAnyMissingInput() throws {
    let cases: [[String]] = [
      ["run", "--lin", "225.5", "--home", "115", "--away", "112"],
      ["sweep", "--lin", "220:230", "--home", "115", "--away", "112"],
      ["parlay", "--hom", "115", "--away", "112", "--leg", "over:225.5"],
      ["slate", "--od", "Scenarios/feed_odds_api_nba.json", "--stats", "Scenarios/feed_team_stats.json"],
      ["trade", "--squa", "a.json", "--pool", "b.json"],
    ]
    for args in cases {
      let r = try MCSimBinary.run(args)
      XCTAssertEqual(r.status, 64, "\(args): \(r.stderr)")
      XCTAssertTrue(r.stderr.hasPrefix("Error: Unknown option '\(args[1])'."), "\(args): \(r.stderr)")
    }
    // Without a misspelling, what is missing is still said.
    let missing = try MCSimBinary.run(["run", "--home", "115", "--away", "112"])
    XCTAssertEqual(missing.status, 64)
    XCTAssertTrue(missing.stderr.hasPrefix("Error: Missing --line, --home or --away"), missing.stderr)
  }

  func testABadPolicyOptionIsAUsageErrorNamingItInEveryCommand() throws {
    let commands = Self.modelCommands + [("sweep", ["sweep", "--line", "225.5", "--home", "115", "--away", "112", "--sims", "2000"])]
    let bad: [(option: [String], said: String)] = [
      (["--min-ev", "3"], "Error: --min-ev 3: must be in [-1, 1], a fraction (0.03 is 3%)"),
      (["--min-edge", "3"], "Error: --min-edge 3: must be in [-1, 1], a fraction (0.03 is 3%)"),
      (["--kelly-fraction", "2"], "Error: --kelly-fraction 2"),
      (["--max-exposure", "0"], "Error: --max-exposure 0: must be in (0, 1]"),
    ]
    for command in commands {
      for b in bad {
        let r = try MCSimBinary.run(command.args + b.option)
        XCTAssertEqual(r.status, 64, "\(command.name) \(b.option): \(r.stderr)")
        XCTAssertTrue(r.stderr.hasPrefix(b.said), "\(command.name) \(b.option): \(r.stderr)")
      }
    }
    // A config file's value is checked by the same rule, naming its key (exit 1: a file's fault).
    let config = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-min-ev-\(getpid()).json")
    try Data(#"{"min_ev": 3}"#.utf8).write(to: config)
    defer { try? FileManager.default.removeItem(at: config) }
    for command in commands {
      let r = try MCSimBinary.run(command.args + ["--config", config.path])
      XCTAssertEqual(r.status, 1, "\(command.name): \(r.stderr)")
      XCTAssertTrue(r.stderr.contains("min_ev") && r.stderr.contains("must be in [-1, 1]"), "\(command.name): \(r.stderr)")
    }
  }

  /// The fair-odds terms (sharp books, a book's fee) and a config's simulations are read by one
  /// rule each in every command that takes them, on the command line (exit 64, naming the
  /// option) and in a config file (exit 1, naming the key): `FairQuoting.sharpBooks`,
  /// `FairQuoting.checkFee`, the simulation ceilings.
  func testTheFairOddsTermsAreReadByOneRuleInEveryCommand() throws {
    let commands: [(name: String, args: [String])] = [
      ("fair", ["fair", "Scenarios/quotes.json"]),
      (
        "slate",
        ["slate", "--odds", "Scenarios/feed_odds_api_nba.json", "--stats", "Scenarios/feed_team_stats.json", "--sims", "2000", "--seed", "7"]
      ),
    ]
    let options: [(option: [String], said: String)] = [
      (["--sharp", " , "], "Error: --sharp ' , ': must name at least one book"),
      (["--fee", "betfair=2"], "Error: --fee 'betfair=2': the rate must be in [0, 1), like betfair=0.02"),
      (["--fee", "betfair=-0.1"], "Error: --fee 'betfair=-0.1': the rate must be in [0, 1)"),
      (["--fee", "betfair"], "Error: --fee 'betfair': expected BOOK=RATE"),
    ]
    let files: [(json: String, said: String)] = [
      (#"{"sharp_books": [" ", ""]}"#, "field 'sharp_books' = ' ,': must name at least one book"),
      (#"{"fees": {"betfair": 1}}"#, "field 'fees.betfair' = 1.0: must be in [0, 1)"),
      (#"{"sims": 0}"#, "field 'sims' = 0: must be between 1 and"),
    ]
    let config = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-terms-\(getpid()).json")
    defer { try? FileManager.default.removeItem(at: config) }
    for command in commands {
      for o in options {
        let r = try MCSimBinary.run(command.args + o.option)
        XCTAssertEqual(r.status, 64, "\(command.name) \(o.option): \(r.stderr)")
        XCTAssertTrue(r.stderr.hasPrefix(o.said), "\(command.name) \(o.option): \(r.stderr)")
      }
      for f in files {
        try Data(f.json.utf8).write(to: config)
        let r = try MCSimBinary.run(command.args + ["--config", config.path])
        XCTAssertEqual(r.status, 1, "\(command.name) \(f.json): \(r.stderr)")
        XCTAssertTrue(r.stderr.contains(f.said), "\(command.name) \(f.json): \(r.stderr)")
      }
      // Spaces and an empty piece are not books: the same answer as the plain list.
      let spaced = try MCSimBinary.run(command.args + ["--sharp", "pinnacle, circa,", "--json"])
      let plain = try MCSimBinary.run(command.args + ["--sharp", "pinnacle", "circa", "--json"])
      XCTAssertEqual(spaced.status, 0, spaced.stderr)
      XCTAssertEqual(Self.withoutTimes(spaced.stdout), Self.withoutTimes(plain.stdout), command.name)
      // A config's sharp books are the option's, where the option is not given.
      try Data(#"{"sharp_books": ["pinnacle, circa"], "fees": {"betfair": 0.02}}"#.utf8).write(to: config)
      let fromFile = try MCSimBinary.run(command.args + ["--config", config.path, "--json"])
      let fromOptions = try MCSimBinary.run(command.args + ["--sharp", "pinnacle,circa", "--fee", "betfair=0.02", "--json"])
      XCTAssertEqual(fromFile.status, 0, fromFile.stderr)
      // (The slate names the config it read, where the options' run names none.)
      XCTAssertEqual(
        Self.withoutTimes(fromFile.stdout).replacingOccurrences(of: "\"\(config.path)\"", with: "null"),
        Self.withoutTimes(fromOptions.stdout), command.name)
      if command.name == "fair" { XCTAssertTrue(fromFile.stderr.contains("config \(config.path)"), fromFile.stderr) }
    }
  }

  /// A JSON answer without its wall-clock fields.
  static func withoutTimes(_ json: String) -> String {
    json.replacingOccurrences(
      of: #""(elapsed_ms|elapsed_seconds|elapsed|simulation_ms|evaluation_ms|exact_ms)":\s*[0-9.eE+-]+"#, with: "",
      options: .regularExpression)
  }
}
