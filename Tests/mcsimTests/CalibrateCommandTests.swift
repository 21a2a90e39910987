import Foundation
import TestSupport
import XCTest

/// `mcsim calibrate` and `mcsim backtest` end to end on a small results file written here: the
/// JSON shapes docs/calibrate-ratings-backtest.md documents, the model file read back by `run --model`, and bad rows.
final class CalibrateCommandTests: XCTestCase {
  var dir: URL!

  override func setUpWithError() throws {
    try TestTier.endToEnd.require()
    dir = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-calibrate-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws { if let dir { try? FileManager.default.removeItem(at: dir) } }

  /// 300 games over 60 dates of one season, 10 teams, scores from a fixed arithmetic pattern.
  func resultsFile(extra: [String] = []) throws -> String {
    var rows = ["season,date,home,away,home_score,away_score,ot,close_total,close_spread_home,home_ml,away_ml,stage,ot_pts"]
    for i in 0..<300 {
      let day = i / 5
      let date = String(format: "2021-%02d-%02d", 1 + day / 28, 1 + day % 28)
      let home = i % 10, away = (home + 1 + (i * 7) % 9) % 10
      let hs = 100 + (i * 37) % 25
      var aw = 95 + (i * 53) % 27
      if aw == hs { aw += 1 }
      let spread = -3.5 + Double(i % 5)
      rows.append(
        "2020-21,\(date),T\(home),T\(away),\(hs),\(aw),0,\(210 + i % 7),\(spread),\(spread < 0 ? -150 : 130),\(spread < 0 ? 130 : -150),regular,0")
    }
    let url = dir.appendingPathComponent("results.csv")
    try (rows + extra).joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  func testCalibrateWritesAModelThatRunReads() throws {
    let data = try resultsFile()
    let model = dir.appendingPathComponent("model.json").path
    let fit = try MCSimBinary.json(["calibrate", data, "--out", model, "--json"])
    let parameters = try XCTUnwrap((fit["fit"] as? [String: Any])?["parameters"] as? [String: [String: Any]])
    for key in ["home_sd", "away_sd", "rho", "home_advantage", "total_shift", "ot_rate", "skew"] {
      let p = try XCTUnwrap(parameters[key], key)
      XCTAssertNotNil(p["value"] as? Double, key)
      XCTAssertNotNil(p["se"] as? Double, key)
      XCTAssertEqual((p["ci95"] as? [Double])?.count, 2, key)
    }
    let file = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: model))) as? [String: Any])
    XCTAssertEqual(file["version"] as? Int, 1)
    let sd = try XCTUnwrap((file["model"] as? [String: Any])?["home_sd"] as? Double)
    let run = try MCSimBinary.json(["run", "--line", "220.5", "--home", "110", "--away", "108", "--model", model, "--seed", "1", "--json"])
    let used = try XCTUnwrap(((run["result"] as? [String: Any])?["simulation"] as? [String: Any])?["model"] as? [String: Any])
    XCTAssertEqual(used["home_std_dev"] as? Double, sd)
    // An option given beside the model file wins.
    let over = try MCSimBinary.json([
      "run", "--line", "220.5", "--home", "110", "--away", "108", "--model", model, "--home-sd", "9", "--seed", "1", "--json",
    ])
    XCTAssertEqual((((over["result"] as? [String: Any])?["simulation"] as? [String: Any])?["model"] as? [String: Any])?["home_std_dev"] as? Double, 9)
  }

  /// `slate` and `sweep` take the model file's values where neither an option nor the input sets them.
  func testSlateAndSweepReadTheModelFile() throws {
    let model = dir.appendingPathComponent("model.json").path
    XCTAssertEqual(try MCSimBinary.run(["calibrate", try resultsFile(), "--out", model]).status, 0)
    let file = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: model))) as? [String: Any])
    let rho = try XCTUnwrap((file["model"] as? [String: Any])?["rho"] as? Double)
    let sweep = try MCSimBinary.json([
      "sweep", "--line", "220:222:1", "--home", "110", "--away", "108", "--model", model, "--sims", "1000", "--seed", "1", "--json",
    ])
    XCTAssertEqual(((sweep["result"] as? [String: Any])?["model"] as? [String: Any])?["correlation"] as? Double, rho)
    let slatePath = SlateCommandTests.path("Scenarios/slate_batch.json")
    let slate = try MCSimBinary.json([
      "slate", slatePath, "--model", model, "--sims", "1000", "--seed", "1", "--no-exact", "--json",
    ])
    let game = try XCTUnwrap((slate["games"] as? [[String: Any]])?.first)
    let used = try XCTUnwrap((game["monte_carlo"] as? [String: Any])?["model"] as? [String: Any])
    XCTAssertEqual(used["correlation"] as? Double, rho)
    XCTAssertEqual(used["home_std_dev"] as? Double, 12.8798)  // the file's own field wins over the model file
  }

  /// `parlay` and `props` take the model file too: its sds and rho price the game, an option
  /// given beside it still wins.
  func testParlayReadsTheModelFile() throws {
    let model = dir.appendingPathComponent("model.json").path
    XCTAssertEqual(try MCSimBinary.run(["calibrate", try resultsFile(), "--out", model]).status, 0)
    let file = try XCTUnwrap(
      (JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: model))) as? [String: Any])?["model"]
        as? [String: Any])
    let rho = try XCTUnwrap(file["rho"] as? Double), sd = try XCTUnwrap(file["home_sd"] as? Double)
    let base = ["parlay", "--home", "115", "--away", "112", "--leg", "over:225.5", "--sims", "1000", "--seed", "1", "--model", model]
    let table = try MCSimBinary.run(base)
    XCTAssertEqual(table.status, 0, table.stderr)
    XCTAssertTrue(table.stdout.contains(String(format: "home 115.0 ± %.1f", sd)), table.stdout)
    XCTAssertTrue(table.stdout.contains(String(format: "rho %.2f", rho)), table.stdout)
    let given = try MCSimBinary.run(base + ["--rho", "0.1"])
    XCTAssertTrue(given.stdout.contains("rho 0.10"), given.stdout)
  }

  func testBadRowsExitOneNamingTheLineUnlessSkipped() throws {
    let data = try resultsFile(extra: ["2020-21,2021-03-01,T1,T2,99.5,90,0,210,-2,-130,110,regular,0"])
    let refused = try MCSimBinary.run(["calibrate", data])
    XCTAssertEqual(refused.status, 1)
    XCTAssertTrue(refused.stderr.contains("line 302: home_score '99.5' is not a whole number"), refused.stderr)
    let skipped = try MCSimBinary.run(["calibrate", data, "--skip-bad-rows"])
    XCTAssertEqual(skipped.status, 0, skipped.stderr)
    XCTAssertTrue(skipped.stderr.contains("skipped line 302"), skipped.stderr)
  }

  func testBacktestJSONShapeAndPicture() throws {
    let data = try resultsFile()
    let model = dir.appendingPathComponent("model.json").path, svg = dir.appendingPathComponent("r.svg").path
    XCTAssertEqual(try MCSimBinary.run(["calibrate", data, "--out", model]).status, 0)
    let r = try MCSimBinary.json(["backtest", data, "--model", model, "--sims", "2000", "--seed", "3", "--svg", svg, "--json"])
    let models = try XCTUnwrap(r["models"] as? [String: [String: Any]])
    XCTAssertEqual(Set(models.keys), ["seed_defaults", "fitted"])
    for (_, m) in models {
      for market in ["totals", "spreads", "moneylines"] {
        let s = try XCTUnwrap(m[market] as? [String: Any], market)
        XCTAssertNotNil(s["brier"] as? Double)
        XCTAssertNotNil(s["log_loss"] as? Double)
        let bin = try XCTUnwrap((s["reliability"] as? [[String: Any]])?.first)
        XCTAssertNotNil(bin["predicted"] as? Double)
        XCTAssertNotNil(bin["observed"] as? Double)
        XCTAssertNotNil(bin["count"] as? Int)
        let betting = try XCTUnwrap(s["betting"] as? [String: Any])
        for key in ["bets", "roi", "roi_ci95", "max_drawdown"] { XCTAssertTrue(betting.keys.contains(key), key) }
        let versus = try XCTUnwrap(s["versus_market"] as? [String: Any])
        XCTAssertNotNil(versus["log_loss_difference"] as? Double)
        XCTAssertEqual((versus["log_loss_difference_ci95"] as? [Double])?.count, 2)
        XCTAssertEqual((versus["seasons"] as? [[String: Any]])?.first?["season"] as? String, "2020-21")
      }
    }
    // The fitted model pools with the market at the weights calibrate wrote.
    let pooled = try XCTUnwrap((models["fitted"]?["moneylines"] as? [String: Any])?["pooled"] as? [String: Any])
    let weight = try XCTUnwrap(pooled["weight"] as? Double)
    XCTAssertTrue((0...1).contains(weight))
    XCTAssertNotNil(pooled["log_loss"] as? Double)
    XCTAssertTrue((models["seed_defaults"]?["moneylines"] as? [String: Any])?["pooled"] is NSNull)
    let picture = try String(contentsOfFile: svg, encoding: .utf8)
    XCTAssertTrue(picture.hasPrefix("<?xml"))
    XCTAssertTrue(picture.contains("class=\"bin\""))
    // The same seed, the same document (bar the elapsed time).
    var again = try MCSimBinary.json(["backtest", data, "--model", model, "--sims", "2000", "--seed", "3", "--threads", "1", "--json"])
    var first = r
    first["elapsed_ms"] = nil
    again["elapsed_ms"] = nil
    XCTAssertEqual(NSDictionary(dictionary: first), NSDictionary(dictionary: again))
    // Without a model file, walk-forward: a file of one season has none before it to fit on.
    let none = try MCSimBinary.run(["backtest", data])
    XCTAssertEqual(none.status, 1)
    XCTAssertTrue(none.stderr.contains("no season before 2020-21 to fit the model on (walk-forward)"), none.stderr)
  }
}
