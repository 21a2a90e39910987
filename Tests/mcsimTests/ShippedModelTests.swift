import Foundation
import TestSupport
import XCTest

/// The model mcsim ships (issue 44, items 1-3): refitting it gives the file committed; every
/// command without `--model` stands on it and names it; `--model seed` reaches the seed's
/// defaults; the default slate from team stats stakes only what the stats fit's pooled
/// probability supports; `backtest` without a model fits walk-forward and reads no game of the
/// window to fit.
final class ShippedModelTests: XCTestCase {
  var dir: URL!
  let root = GoldenOutputTests.projectRoot

  override func setUpWithError() throws {
    try TestTier.endToEnd.require()
    dir = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-shipped-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws { if let dir { try? FileManager.default.removeItem(at: dir) } }

  /// The JSON text Sources/LineFeeds/ShippedModel.swift holds.
  func shippedText() throws -> String {
    let swift = try String(contentsOf: root.appendingPathComponent("Sources/LineFeeds/ShippedModel.swift"), encoding: .utf8)
    let start = try XCTUnwrap(swift.range(of: "#\"\"\"\n")), end = try XCTUnwrap(swift.range(of: "\"\"\"#", options: .backwards))
    return String(swift[start.upperBound..<end.lowerBound])
  }

  /// scripts/fit-shipped-model.sh's command, run again, writes the shipped model byte for byte.
  func testRefittingGivesTheShippedModel() throws {
    try TestTier.statistical.require()
    let out = dir.appendingPathComponent("model.json").path
    let r = try MCSimBinary.run(
      ["calibrate", "data/nba_games_lines.csv", "--every-source", "--periods", "data/nba_periods.csv", "--seed", "1", "--out", out],
      cwd: root)
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), try shippedText())
    let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try shippedText().utf8)) as? [String: Any])
    XCTAssertEqual(document["version"] as? Int, 2)
    let sources = try XCTUnwrap(document["sources"] as? [String: [String: Any]])
    XCTAssertEqual(Set(sources.keys), ["market", "stats", "ratings"])
    for (source, fit) in sources {
      let projection = try XCTUnwrap(fit["projection"] as? [String: Any], source)
      let pooling = try XCTUnwrap(projection["pooling"] as? [String: Double], source)
      let errors = try XCTUnwrap((fit["fit"] as? [String: Any])?["standard_errors"] as? [String: Double], source)
      XCTAssertNotNil(fit["periods"], "\(source): the quarter model")
      for market in ["totals", "spreads", "moneylines"] {
        XCTAssertTrue((0...1).contains(try XCTUnwrap(pooling[market])), "\(source) \(market)")
        XCTAssertNotNil(errors["pool_\(market)"], "\(source): the pooling weight of \(market) has a standard error")
      }
    }
  }

  /// Without --model every command names the shipped model and the fit it used; --model seed is
  /// the seed's defaults (sd 10, rho 0.5), named too.
  func testEveryOutputNamesTheModel() throws {
    let game = ["run", "--line", "220.5", "--home", "112", "--away", "108", "--seed", "1", "--json"]
    let shipped = try MCSimBinary.json(game)
    let provenance = try XCTUnwrap(shipped["provenance"] as? [String: Any])
    let name = try XCTUnwrap(provenance["model"] as? String)
    XCTAssertTrue(name.hasPrefix("shipped model (market fit's spread, nba_games_lines.csv 2007-08:2024-25"), name)
    // Projections given are pooled with the market at the default weight, and it is said.
    XCTAssertTrue(((provenance["notes"] as? [String]) ?? []).contains { $0.contains("default weight 0.1") }, "\(provenance)")
    let model = { (json: [String: Any]) in ((json["result"] as? [String: Any])?["simulation"] as? [String: Any])?["model"] as? [String: Any] }
    XCTAssertNotEqual(model(shipped)?["home_std_dev"] as? Double, 10)
    let seed = try MCSimBinary.json(game + ["--model", "seed"])
    XCTAssertEqual((seed["provenance"] as? [String: Any])?["model"] as? String, "seed defaults")
    XCTAssertEqual(model(seed)?["home_std_dev"] as? Double, 10)
    XCTAssertEqual(model(seed)?["correlation"] as? Double, 0.5)
    let table = try MCSimBinary.run(Array(game.dropLast()))
    XCTAssertTrue(table.stdout.contains("Settings model shipped model ("), table.stdout)
  }

  /// The default slate from team stats stands on the stats fit, pooled with the market at its
  /// fitted weights: it stakes at most 3% of the bankroll in all and names the fit.
  func testTheDefaultStatsSlateStakesWhatThePooledProbabilitySupports() throws {
    let json = try MCSimBinary.json(
      [
        "slate", "--odds", "Scenarios/feed_odds_api_nba_spreads.json", "--stats", "Scenarios/feed_team_stats.json", "--seed", "1",
        "--json",
      ], allowedStatus: [0, 3], cwd: root)
    let exposure = try XCTUnwrap(json["total_exposure_fraction"] as? Double, "\(json.keys.sorted())")
    XCTAssertLessThanOrEqual(exposure, 0.03)
    let name = try XCTUnwrap((json["provenance"] as? [String: Any])?["model"] as? String)
    XCTAssertTrue(name.hasPrefix("shipped model (stats fit, nba_games_lines.csv"), name)
  }

  /// Walk-forward by default: the model is fitted on the seasons before the window; changing
  /// every result of the window leaves the fitted model as it was.
  func testBacktestWithoutAModelFitsOnEarlierSeasonsOnly() throws {
    func results(_ windowShift: Int) throws -> String {
      var rows = ["season,date,home,away,home_score,away_score,ot,close_total,close_spread_home,home_ml,away_ml,stage,ot_pts"]
      for (season, year) in [("2019-20", 2020), ("2020-21", 2021)] {
        for i in 0..<300 {
          let day = i / 5
          let date = String(format: "\(year)-%02d-%02d", 1 + day / 28, 1 + day % 28)
          let home = i % 10, away = (home + 1 + (i * 7) % 9) % 10
          var hs = 100 + (i * 37) % 25
          if year == 2021 { hs += windowShift }
          var aw = 95 + (i * 53) % 27
          if aw == hs { aw += 1 }
          let spread = -3.5 + Double(i % 5)
          rows.append(
            "\(season),\(date),T\(home),T\(away),\(hs),\(aw),0,\(210 + i % 7),\(spread),\(spread < 0 ? -150 : 130),\(spread < 0 ? 130 : -150),regular,0"
          )
        }
      }
      // The same name in two folders: the model records its data file's name.
      let folder = dir.appendingPathComponent("shift-\(windowShift)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let url = folder.appendingPathComponent("results.csv")
      try rows.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
      return url.path
    }
    func fitted(_ path: String) throws -> (model: Any?, notes: [String]) {
      let json = try MCSimBinary.json(["backtest", path, "--seasons", "2020-21", "--sims", "2000", "--seed", "1", "--json"])
      return (((json["models"] as? [String: Any])?["fitted"] as? [String: Any])?["model"], json["notes"] as? [String] ?? [])
    }
    let a = try fitted(try results(0)), b = try fitted(try results(7))
    let encode = { (x: Any?) in try JSONSerialization.data(withJSONObject: try XCTUnwrap(x), options: .sortedKeys) }
    XCTAssertEqual(try encode(a.model), try encode(b.model))
    let seasons = (((a.model as? [String: Any])?["fit"] as? [String: Any])?["seasons"] as? [String])
    XCTAssertEqual(seasons, ["2019-20"])
    XCTAssertTrue(a.notes.first?.hasPrefix("walk-forward: the model was fitted on 2019-20 (300 games)") ?? false, "\(a.notes)")
    XCTAssertFalse(a.notes.contains { $0.hasPrefix("in sample") })
    // A window with nothing before it to fit on is refused, naming the option.
    let none = try MCSimBinary.run(["backtest", try results(0), "--seasons", "2019-20", "--json"])
    XCTAssertEqual(none.status, 1)
    XCTAssertTrue(none.stderr.contains("no season before 2019-20"), none.stderr)
  }

  /// With fewer games than one regular season, calibrate says so and shrinks the pooling weights
  /// toward the shipped fit's: none is left at a boundary the data cannot tell from the middle.
  func testTooFewGamesShrinkThePoolingWeightsTowardTheShippedFit() throws {
    let json = try MCSimBinary.json(["calibrate", "Scenarios/nba_results_2023.csv", "--json"], cwd: root)
    let notes = try XCTUnwrap(json["notes"] as? [String])
    XCTAssertTrue(notes.first?.hasPrefix("too few games to fit the pooling weights alone (404,") ?? false, "\(notes)")
    let pooling = try XCTUnwrap(((json["model"] as? [String: Any])?["projection"] as? [String: Any])?["pooling"] as? [String: Double])
    for (market, weight) in pooling {
      XCTAssertTrue(weight > 0 && weight < 1, "\(market) \(weight)")
    }
  }
}
