import Foundation
import TestSupport
import XCTest

/// One model everywhere: a model file as `calibrate --out` writes it for the NBA (a small skew,
/// which AIC keeps) prices in every command that takes `--model`, and every priced bet of props
/// and parlays carries the advice policy's stake within its cap.
final class ModelFileCommandsTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.endToEnd.require() }

  /// The shape and values of `calibrate`'s file on the shared NBA seasons.
  static let calibrated = """
    {"version": 1,
     "model": {"home_sd": 12.1, "away_sd": 12.0, "rho": 0.05, "ot_model": "flat", "ot_rate": 0.06,
               "ot_points": 12.4, "ot_sd": 3.1, "skew": 0.04},
     "projection": {"source": "market", "home_advantage": 0.1, "total_shift": -1.0}}
    """

  private func modelFile() throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-model-\(ProcessInfo.processInfo.processIdentifier).json")
    try Self.calibrated.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  private func root<T>(_ body: () throws -> T) rethrows -> T {
    let cwd = FileManager.default.currentDirectoryPath
    FileManager.default.changeCurrentDirectoryPath(GoldenOutputTests.projectRoot.path)
    defer { FileManager.default.changeCurrentDirectoryPath(cwd) }
    return try body()
  }

  /// `slate --from-market`, `--league-factor`, `parlay --from-market` and from a file, and `props`
  /// each price with the skewed model (each refused it before: the market solver had no exact
  /// distribution for skewed scores, the multivariate path refused them).
  func testCalibratedModelPricesInEveryCommand() throws {
    let model = try modelFile()
    try root {
      // The feed's games without a total and a spread, and its game in play, are each their
      // own error (exit 3); every other game is priced.
      let feed = try MCSimBinary.run(
        [
          "slate", "--odds", "Scenarios/feed_odds_api_nba_spreads.json", "--from-market", "--model", model, "--sims", "20000",
          "--seed", "3", "--json",
        ])
      XCTAssertEqual(feed.status, 3, feed.stderr)
      let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(feed.stdout.utf8)) as? [String: Any])
      // (A slate answers the agent's batch shape: its keys at the top.)
      let games = try XCTUnwrap(doc["games"] as? [[String: Any]])
      let priced = games.filter { $0["error"] == nil || $0["error"] is NSNull }
      XCTAssertEqual(priced.count, 12, "\(games.compactMap { $0["error"] })")
      XCTAssertFalse(feed.stdout.contains("cannot be"), feed.stdout)
      let commands: [[String]] = [
        ["slate", "Scenarios/slate_batch.json", "--league-factor", "0.15"],
        ["parlay", "--from-market", "--market-total", "224.5", "--market-spread", "-5.5", "--leg", "over:224.5", "--leg", "home-ml"],
        [
          "props", "Scenarios/props_feed_nba.json", "--projections", "Scenarios/props_projections.json", "--from-market",
          "--market-total", "218.5", "--market-spread", "-5.5",
        ],
        ["parlay", "Scenarios/parlay.json"],
        ["props", "Scenarios/props_feed_nba.json", "--projections", "Scenarios/props_projections.json"],
        ["run", "--line", "224.5", "--home", "115", "--away", "110"],
        ["sweep", "--line", "220:230:5", "--home", "115", "--away", "110"],
      ]
      for args in commands {
        let r = try MCSimBinary.run(args + ["--model", model, "--sims", "20000", "--seed", "3", "--json"])
        XCTAssertEqual(r.status, 0, "\(args.joined(separator: " ")): \(r.stderr)")
        XCTAssertFalse(r.stderr.contains("cannot be reached"), r.stderr)
      }
      let slate = try MCSimBinary.json(
        [
          "slate", "Scenarios/slate_batch.json", "--league-factor", "0.15", "--model", model, "--sims", "20000", "--seed", "3",
          "--json",
        ])
      let factor = try XCTUnwrap(slate["league_factor"] as? [String: Any], "\(slate)")
      XCTAssertEqual((factor["left_out"] as? [Any])?.count, 0, "\(factor)")
      XCTAssertNotNil(factor["overs_hit"], "\(factor)")
    }
  }

  /// Props and parlays stake by the one advice policy: a stake within the cap (0 when withheld),
  /// the full Kelly beside it, and the amount with a bankroll.
  func testPropsAndParlaysStakeWithinTheCap() throws {
    try root {
      let props = try MCSimBinary.json(
        [
          "props", "Scenarios/props_feed_nba.json", "--projections", "Scenarios/props_projections.json", "--sims", "20000",
          "--seed", "3", "--bankroll", "1000", "--kelly-cap", "0.02", "--json",
        ])
      let rows = try XCTUnwrap((props["result"] as? [String: Any])?["props"] as? [[String: Any]])
      var prices = 0
      for row in rows {
        for p in try XCTUnwrap(row["prices"] as? [[String: Any]]) {
          let stake = try XCTUnwrap(p["stake"] as? Double), full = try XCTUnwrap(p["kelly_full"] as? Double)
          XCTAssertTrue(stake >= 0 && stake <= 0.02, "\(p)")
          // Full Kelly has one name everywhere (issue 43): no second `kelly` beside it.
          XCTAssertNil(p["kelly"])
          XCTAssertGreaterThanOrEqual(full, stake)
          XCTAssertEqual(try XCTUnwrap(p["stake_amount"] as? Double), 1000 * stake, accuracy: 1e-9)
          let advice = try XCTUnwrap(p["advice"] as? [String: Any])
          if (advice["withheld"] as? [String])?.isEmpty == false { XCTAssertEqual(stake, 0) }
          prices += 1
        }
      }
      XCTAssertGreaterThan(prices, 10)
      // A parlay whose full Kelly is far above the cap stakes the cap.
      let parlay = try MCSimBinary.json(
        [
          "parlay", "--home", "115", "--away", "105", "--leg", "home-ml", "--leg", "over:210.5", "--price", "3.0",
          "--sims", "200000", "--seed", "4", "--json",
        ])
      let r = try XCTUnwrap(parlay["result"] as? [String: Any])
      XCTAssertGreaterThan(try XCTUnwrap(r["kelly_full"] as? Double), 0.05)
      XCTAssertEqual(try XCTUnwrap(r["stake"] as? Double), 0.05)
      XCTAssertNil(r["stake_amount"])
    }
  }

  /// `run --bankroll 1000` shows the stake in money, and a bare price of 100 or more is warned
  /// about as `odds convert` warns.
  func testRunShowsTheStakeAmountAndWarnsOfBarePrices() throws {
    let r = try MCSimBinary.run(
      ["run", "--line", "224.5", "--home", "115", "--away", "112", "--bankroll", "1000", "--seed", "3", "--model", "seed", "--json"])
    XCTAssertEqual(r.status, 0, r.stderr)
    let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    let over = try XCTUnwrap(((doc["result"] as? [String: Any])?["advice"] as? [String: Any])?["over"] as? [String: Any])
    let stake = try XCTUnwrap(over["stake"] as? Double)
    XCTAssertGreaterThan(stake, 0, "\(over)")
    XCTAssertEqual(try XCTUnwrap(over["stake_amount"] as? Double), 1000 * stake, accuracy: 1e-9)
    let table = try MCSimBinary.run([
      "run", "--line", "224.5", "--home", "115", "--away", "112", "--bankroll", "1000", "--seed", "3", "--model", "seed",
    ])
    XCTAssertTrue(table.stdout.contains(String(format: "stake %.2f%% = %.2f of bankroll 1000.00", 100 * stake, 1000 * stake)), table.stdout)
    // --max-exposure bounds the one bet of a run too (it was accepted and ignored).
    let capped = try MCSimBinary.json(
      ["run", "--line", "224.5", "--home", "115", "--away", "112", "--max-exposure", "0.004", "--seed", "3", "--model", "seed", "--json"])
    let cappedOver = try XCTUnwrap(((capped["result"] as? [String: Any])?["advice"] as? [String: Any])?["over"] as? [String: Any])
    XCTAssertEqual(try XCTUnwrap(cappedOver["stake"] as? Double), min(stake, 0.004))
    XCTAssertLessThan(0.004, stake)
    let bare = try MCSimBinary.run(["run", "--line", "224.5", "--home", "115", "--away", "112", "--over-odds", "150", "--seed", "3"])
    XCTAssertTrue(bare.stderr.contains("warning: --over-odds: '150' is read as decimal odds 150"), bare.stderr)
  }

  /// A model fitted on the stats formula shifts the stats formula's projections by its home
  /// advantage and total shift (exactly: home + (ts + ha) / 2, away + (ts - ha) / 2); one fitted
  /// on closing lines leaves them as they are (its shifts belong to the market's projections).
  func testStatsFittedShiftsApplyToStatsProjections() throws {
    func projections(_ model: String?) throws -> [[Double]] {
      var args = [
        "slate", "--odds", "Scenarios/feed_odds_api_nba.json", "--stats", "Scenarios/feed_team_stats.json",
        "--sims", "1000", "--seed", "1", "--json",
      ]
      if let model { args += ["--model", model] }
      let doc = try root { try MCSimBinary.json(args, allowedStatus: [0, 3]) }
      return try XCTUnwrap(doc["games"] as? [[String: Any]]).map {
        [$0["home_projection"] as? Double ?? .nan, $0["away_projection"] as? Double ?? .nan]
      }
    }
    let plain = try projections("seed")
    let market = try projections(try modelFile())
    XCTAssertEqual(market, plain, "a market-fitted model does not shift the stats formula")
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-stats-model-\(ProcessInfo.processInfo.processIdentifier).json")
    try Self.calibrated.replacingOccurrences(
      of: #""source": "market", "home_advantage": 0.1, "total_shift": -1.0"#,
      with: #""source": "stats", "home_advantage": 2.4, "total_shift": -3.0"#
    )
    .write(to: url, atomically: true, encoding: .utf8)
    let shifted = try projections(url.path)
    XCTAssertEqual(shifted.count, plain.count)
    for (s, p) in zip(shifted, plain) {
      XCTAssertEqual(s[0], p[0] - 0.3, accuracy: 1e-9)
      XCTAssertEqual(s[1], p[1] - 2.7, accuracy: 1e-9)
    }
  }
}
