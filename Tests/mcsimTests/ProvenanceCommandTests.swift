import Foundation
import TestSupport
import XCTest

/// One resolved context per run (issue 43, item 1): every command that prices games resolves
/// defaults < config file < model file < the input's own fields < the options given in one
/// place (`RunContext`), and its output names what was used: JSON `provenance` (config, model
/// file, each setting's source, each value one layer set over another's) and a table's
/// `Settings` line. Input x command.
final class ProvenanceCommandTests: XCTestCase {
  var directory: URL!

  override func setUpWithError() throws {
    try TestTier.endToEnd.require()
    FileManager.default.changeCurrentDirectoryPath(GoldenOutputTests.projectRoot.path)
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-provenance-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    addTeardownBlock { [directory] in try? FileManager.default.removeItem(at: directory!) }
  }

  func write(_ name: String, _ text: String) throws -> String {
    let url = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  static let commands: [(name: String, args: [String])] = [
    ("run", ["run", "--line", "225.5", "--home", "115", "--away", "112", "--seed", "1"]),
    ("parlay", ["parlay", "--home", "115", "--away", "112", "--leg", "over:225.5", "--seed", "1"]),
    ("props", ["props", "Scenarios/props_feed_nba.json", "--projections", "Scenarios/props_projections.json", "--seed", "1"]),
    ("sweep", ["sweep", "--line", "220:230:5", "--home", "115", "--away", "112", "--seed", "1"]),
    ("slate", ["slate", "Scenarios/slate_batch.json", "--seed", "1"]),
  ]

  /// A config file's sims and model, a model file over them, an option over both: the same
  /// numbers of simulations and the same record in every command.
  func testEveryCommandResolvesTheSameWayAndSaysWhatItUsed() throws {
    let config = try write("mcsim.json", #"{"sims": 3000, "model": {"rho": 0.3, "home_sd": 11}}"#)
    let model = try write(
      "model.json",
      #"{"version": 1, "model": {"home_sd": 12.1, "away_sd": 12.0, "rho": 0.05, "ot_model": "flat", "ot_rate": 0.06, "ot_points": 12.4, "ot_sd": 3.1, "skew": 0}, "projection": {"source": "market", "home_advantage": 0, "total_shift": 0}}"#
    )
    for command in Self.commands {
      let args = command.args + ["--config", config, "--model", model, "--rho", "0.2"]
      let doc = try MCSimBinary.json(args + ["--json"], allowedStatus: [0, 3])
      let p = try XCTUnwrap(doc["provenance"] as? [String: Any], "\(command.name): no provenance")
      XCTAssertEqual(p["config"] as? String, config, command.name)
      XCTAssertEqual(p["model_file"] as? String, model, command.name)
      let overrides = try XCTUnwrap(p["overrides"] as? [[String: Any]], command.name)
      // The model file's home_sd over the config's, and --rho over the model file's.
      XCTAssertTrue(
        overrides.contains { $0["setting"] as? String == "home_sd" && $0["value"] as? String == "12.1" && $0["over"] as? String == "11" },
        "\(command.name): \(overrides)")
      XCTAssertTrue(
        overrides.contains { $0["setting"] as? String == "rho" && $0["by"] as? String == "--rho" && $0["over"] as? String == "0.05" },
        "\(command.name): \(overrides)")
      let settings = try XCTUnwrap(p["settings"] as? [[String: Any]], command.name)
      // The config's sims is honoured, but below a slate file's own n_sims.
      let sims = settings.first { $0["setting"] as? String == "sims" }
      if command.name == "slate" {
        XCTAssertEqual(sims?["source"] as? String, "Scenarios/slate_batch.json", "\(settings)")
      } else {
        XCTAssertEqual(sims?["value"] as? String, "3000", "\(command.name): \(settings)")
        XCTAssertEqual(sims?["source"] as? String, "config \(config)", "\(command.name): \(settings)")
      }
      let table = try MCSimBinary.run(args)
      XCTAssertTrue([0, 3].contains(table.status), "\(command.name): \(table.stderr)")
      let line = table.stdout.split(separator: "\n").first { $0.hasPrefix("Settings ") }.map(String.init) ?? ""
      XCTAssertTrue(line.contains("config \(config)") && line.contains("model file \(model)"), "\(command.name): \(line)")
      XCTAssertTrue(line.contains("--rho over model file \(model): rho 0.2 (was 0.05)"), "\(command.name): \(line)")
    }
  }

  /// Only the built-in defaults: an empty record in JSON and no Settings line in the table.
  func testAPlainRunNamesTheShippedModelOnly() throws {
    for command in Self.commands {
      let doc = try MCSimBinary.json(command.args + ["--json"], allowedStatus: [0, 3])
      let p = try XCTUnwrap(doc["provenance"] as? [String: Any], command.name)
      XCTAssertTrue(p["config"] is NSNull && p["model_file"] is NSNull, "\(command.name): \(p)")
      XCTAssertTrue((p["model"] as? String)?.hasPrefix("shipped model (") ?? false, "\(command.name): \(p)")
      XCTAssertEqual((p["overrides"] as? [Any])?.count, 0, command.name)
      let table = try MCSimBinary.run(command.args)
      let settings = table.stdout.split(separator: "\n").filter { $0.hasPrefix("Settings ") }
      XCTAssertEqual(settings.count, 1, "\(command.name): \(table.stdout)")
      XCTAssertTrue(settings.first?.hasPrefix("Settings model shipped model (") ?? false, "\(command.name): \(settings)")
      XCTAssertFalse(settings.first?.contains(" · ") ?? true, "\(command.name): nothing but the model: \(settings)")
    }
  }

  /// The options win over a file's own fields in every command: a parlay file's game sd as a
  /// slate's (it let the file win).
  func testAnOptionWinsOverAParlayFilesOwnFields() throws {
    let parlay = try write(
      "parlay.json",
      #"{"games": [{"id": "g", "home": 115, "away": 112, "home_sd": 11}], "legs": [{"leg": "over:225.5"}]}"#)
    let wide = try MCSimBinary.json(["parlay", parlay, "--home-sd", "30", "--sims", "20000", "--seed", "1", "--json"])
    let narrow = try MCSimBinary.json(["parlay", parlay, "--sims", "20000", "--seed", "1", "--json"])
    let pWide = try XCTUnwrap((wide["result"] as? [String: Any])?["joint_probability"] as? Double)
    let pNarrow = try XCTUnwrap((narrow["result"] as? [String: Any])?["joint_probability"] as? Double)
    XCTAssertNotEqual(pWide, pNarrow, "--home-sd 30 must change the game the file gave sd 11")
  }

  /// An option wins over every slate game's own value, compared exactly: 11.8 over a game's
  /// 11.8034 (which prints as 11.8) is still applied.
  func testAnOptionWinsOverASlateGameEvenWhenBothPrintAlike() throws {
    let slate = try write(
      "slate.json",
      #"{"games": [{"game_id": "g", "home_team_abbr": "BOS", "away_team_abbr": "MIA", "home_projection": 115, "away_projection": 112, "home_std_dev": 11.8034, "total_line": 225.5}]}"#
    )
    let doc = try MCSimBinary.json(["slate", slate, "--home-sd", "11.8", "--sims", "2000", "--seed", "1", "--json"])
    let game = try XCTUnwrap((doc["games"] as? [[String: Any]])?.first)
    let inputs = (game["monte_carlo"] as? [String: Any])?["inputs"] as? [String: Any]
    XCTAssertEqual(inputs?["home_std_dev"] as? Double, 11.8, "\(inputs ?? [:])")
  }

  /// A slate file's `model` block sits above a model file and below the options, and is said.
  func testASlateFilesModelBlockOverAModelFileIsSaid() throws {
    let model = try write(
      "model.json",
      #"{"version": 1, "model": {"home_sd": 12.1, "away_sd": 12.0, "rho": 0.05, "ot_model": "flat", "ot_rate": 0.06, "ot_points": 12.4, "ot_sd": 3.1, "skew": 0}, "projection": {"source": "market", "home_advantage": 0, "total_shift": 0}}"#
    )
    let r = try MCSimBinary.run(["slate", "Scenarios/slate_native.json", "--model", model, "--sims", "2000", "--seed", "1"])
    XCTAssertTrue(
      r.stderr.contains("note: Scenarios/slate_native.json sets rho 0.2 over 0.05 from model file \(model)"), r.stderr)
    XCTAssertTrue(r.stdout.contains("Scenarios/slate_native.json over model file \(model): rho 0.2 (was 0.05)"), r.stdout)
  }
}
