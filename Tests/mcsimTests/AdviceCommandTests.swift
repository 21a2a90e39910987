import Foundation
import TestSupport
import XCTest

/// End to end: the advice options and the config file of `mcsim run` and `mcsim slate`.
final class AdviceCommandTests: XCTestCase {
  var dir: URL!

  override func setUpWithError() throws {
    try TestTier.endToEnd.require()
    dir = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-advice-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    if let dir { try? FileManager.default.removeItem(at: dir) }
  }

  func write(_ name: String, _ text: String) throws -> String {
    let url = dir.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  /// The advice on the model alone (`--model seed`): the mechanics under test, not the shipped
  /// model's pooling with the market, which stakes almost nothing.
  func result(_ args: [String]) throws -> [String: Any] {
    try XCTUnwrap(try MCSimBinary.json(args + ["--model", "seed", "--json"])["result"] as? [String: Any])
  }

  /// The model's over at 0.80 against a 50% market (the line at even prices): flagged
  /// model_market_disagree, no stake, NO_BET; --trust-model stakes it.
  func testModelMarketGapWithholdsAndTrustModelRestores() throws {
    let args = ["run", "--line", "225.5", "--home", "125", "--away", "112", "--seed", "3"]
    let withheld = try result(args)
    let ev = try XCTUnwrap(withheld["ev_metrics"] as? [String: Any])
    XCTAssertEqual(ev["recommended_bet"] as? String, "NO_BET")
    XCTAssertEqual(ev["kelly_over_fractional"] as? Double, 0)
    XCTAssertEqual(withheld["verdict"] as? String, "NEUTRAL")
    let over = try XCTUnwrap((withheld["advice"] as? [String: Any])?["over"] as? [String: Any])
    XCTAssertEqual(over["withheld"] as? [String], ["model_market_disagree"])
    XCTAssertEqual(over["market_probability"] as? Double ?? 0, 0.5, accuracy: 1e-12)
    XCTAssertGreaterThan(try XCTUnwrap(over["market_gap"] as? Double), 0.1)

    let trusted = try result(args + ["--trust-model"])
    let tev = try XCTUnwrap(trusted["ev_metrics"] as? [String: Any])
    XCTAssertEqual(tev["recommended_bet"] as? String, "STRONG_BET_OVER")
    XCTAssertEqual(tev["kelly_over_fractional"] as? Double, 0.05)
    XCTAssertEqual(trusted["verdict"] as? String, "STRONG_OVER")

    let text = try MCSimBinary.run(args + ["--model", "seed"])
    XCTAssertTrue(text.stdout.contains("withheld: model_market_disagree"), text.stdout)

    // A config that trusts the model, and --no-trust-model over it.
    let config = try write("trusting.json", #"{"trust_model": true}"#)
    let fromConfig = try XCTUnwrap(result(args + ["--config", config])["ev_metrics"] as? [String: Any])
    XCTAssertEqual(fromConfig["recommended_bet"] as? String, "STRONG_BET_OVER")
    let overridden = try XCTUnwrap(result(args + ["--config", config, "--no-trust-model"])["ev_metrics"] as? [String: Any])
    XCTAssertEqual(overridden["recommended_bet"] as? String, "NO_BET")
  }

  /// --no-exact at 200 simulations: no stake, the reason and the simulations needed, in JSON
  /// and in the table.
  func testTooFewSimulationsSaySo() throws {
    let args = ["run", "--line", "225.5", "--home", "115", "--away", "112", "--sims", "200", "--seed", "7", "--no-exact"]
    let r = try result(args)
    XCTAssertTrue(r["analytic"] is NSNull)
    let advice = try XCTUnwrap(r["advice"] as? [String: Any])
    XCTAssertEqual(advice["probability_source"] as? String, "simulation")
    let over = try XCTUnwrap(advice["over"] as? [String: Any])
    XCTAssertTrue((over["withheld"] as? [String] ?? []).contains("too_few_simulations"))
    XCTAssertGreaterThan(try XCTUnwrap(over["simulations_needed"] as? Int), 200)
    XCTAssertEqual(over["stake"] as? Double, 0)
    let text = try MCSimBinary.run(args + ["--model", "seed"]).stdout
    XCTAssertTrue(text.contains("simulations would be needed to advise"), text)
  }

  /// A slate with an over and a home spread on one game: both staked jointly, stakes in money
  /// (fraction x --bankroll), and the slate's total_exposure their sum; the config file read is
  /// named in the output.
  func testSlateStakesInMoneyWithTotalExposure() throws {
    let slate = try write(
      "slate.json",
      """
      {"model": {"ot_model": "tie"}, "games": [
        {"game_id": "g1", "home_team": "BOS", "away_team": "MIA", "home_projection": 116, "away_projection": 113,
         "home_sd": 14, "away_sd": 8, "rho": 0.3, "total_line": 226.5, "spread": -1.5},
        {"game_id": "g2", "home_team": "LAL", "away_team": "DEN", "home_projection": 110, "away_projection": 112,
         "total_line": 220.5}]}
      """)
    let config = try write("advice.json", #"{"bankroll": 1000, "kelly_fraction": 0.5, "max_exposure": 0.1}"#)
    let doc = try MCSimBinary.json(["slate", slate, "--config", config, "--seed", "9", "--model", "seed", "--json"])
    XCTAssertEqual(doc["bankroll"] as? Double, 1000)
    let games = try XCTUnwrap(doc["games"] as? [[String: Any]])
    let stakes = games.flatMap { $0["stakes"] as? [[String: Any]] ?? [] }
    let g1 = try XCTUnwrap(games.first?["stakes"] as? [[String: Any]])
    XCTAssertEqual(g1.map { $0["market"] as? String }, ["total", "spread"])
    XCTAssertTrue(g1.allSatisfy { $0["joint"] as? Bool == true })
    var sum = 0.0
    for s in stakes {
      let money = try XCTUnwrap(s["stake"] as? Double), fraction = try XCTUnwrap(s["stake_fraction"] as? Double)
      XCTAssertEqual(money, 1000 * fraction, accuracy: 1e-9)
      sum += money
    }
    XCTAssertEqual(try XCTUnwrap(doc["total_exposure"] as? Double), sum, accuracy: 1e-9)
    XCTAssertLessThanOrEqual(sum, 100 + 1e-9)
    let methodology = try XCTUnwrap((doc["methodology"] as? [String: Any])?["advice"] as? [String: Any])
    XCTAssertEqual(methodology["config"] as? String, config)
    XCTAssertEqual(methodology["kelly_fraction"] as? Double, 0.5)

    // The CSV carries the same stakes, side and money per market.
    let csv = try MCSimBinary.run(["slate", slate, "--config", config, "--seed", "9", "--model", "seed", "--csv"])
    XCTAssertEqual(csv.status, 0, csv.stderr)
    let rows = csv.stdout.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    let header = try XCTUnwrap(rows.first)
    let g1Row = try XCTUnwrap(rows.first { $0.first == "g1" })
    for stake in g1 {
      let market = try XCTUnwrap(stake["market"] as? String)
      let side = try XCTUnwrap(header.firstIndex(of: "stake_\(market)_side"))
      let money = try XCTUnwrap(header.firstIndex(of: "stake_\(market)_amount"))
      let fraction = try XCTUnwrap(header.firstIndex(of: "stake_\(market)_frac"))
      XCTAssertEqual(g1Row[side], stake["side"] as? String)
      XCTAssertEqual(try XCTUnwrap(Double(g1Row[money])), try XCTUnwrap(stake["stake"] as? Double), accuracy: 1e-9)
      XCTAssertEqual(try XCTUnwrap(Double(g1Row[fraction])), try XCTUnwrap(stake["stake_fraction"] as? Double), accuracy: 1e-12)
    }
  }

  /// mcsim.json in the working directory is read, and said so; an option wins over it.
  func testConfigInWorkingDirectory() throws {
    _ = try write("mcsim.json", #"{"max_market_gap": 0.3, "kelly_cap": 0.02}"#)
    let r = try MCSimBinary.run(
      ["run", "--line", "225.5", "--home", "125", "--away", "112", "--seed", "3", "--kelly-cap", "0.03", "--model", "seed", "--json"], cwd: dir)
    XCTAssertEqual(r.status, 0, r.stderr)
    let data = Data(r.stdout.utf8)
    let result = try XCTUnwrap((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["result"] as? [String: Any])
    let methodology = try XCTUnwrap((result["methodology"] as? [String: Any])?["advice"] as? [String: Any])
    XCTAssertEqual(methodology["config"] as? String, "mcsim.json")
    XCTAssertEqual(methodology["kelly_cap"] as? Double, 0.03)
    // The config's wider gap lets the over through; the option's cap stakes it.
    XCTAssertEqual((result["ev_metrics"] as? [String: Any])?["kelly_over_fractional"] as? Double, 0.03)
  }

  /// A bad config (unknown key, wrong type, negative bankroll, a bad model key): exit 1, one
  /// line naming the key.
  func testBadConfigExitsOneNamingTheKey() throws {
    let cases: [(String, String)] = [
      (#"{"bankrol": 100}"#, "bankrol"),
      (#"{"bankroll": "lots"}"#, "bankroll"),
      (#"{"bankroll": -5}"#, "bankroll"),
      (#"{"trust_model": 1}"#, "trust_model"),
      (#"{"model": {"rhoo": 0.2}}"#, "model.rhoo"),
      (#"{"fees": {"betfair": 2}}"#, "fees.betfair"),
      (#"{"sims": 100000000000}"#, "sims"),
      (#"{"sharp_books": []}"#, "sharp_books"),
    ]
    for (i, (text, key)) in cases.enumerated() {
      let path = try write("bad\(i).json", text)
      let r = try MCSimBinary.run(["run", "--line", "225.5", "--home", "115", "--away", "112", "--config", path])
      XCTAssertEqual(r.status, 1, text)
      XCTAssertTrue(r.stderr.contains("'\(key)'"), "\(text): \(r.stderr)")
      XCTAssertTrue(r.stdout.isEmpty)
      let slate = try MCSimBinary.run(["slate", SlateCommandTests.path("Scenarios/slate_batch.json"), "--config", path])
      XCTAssertEqual(slate.status, 1, text)
      XCTAssertTrue(slate.stderr.contains("'\(key)'"), "\(text): \(slate.stderr)")
    }
  }

  /// Options out of range are usage errors naming the option.
  func testBadOptions() throws {
    for (args, option) in [(["--bankroll", "-1"], "--bankroll"), (["--blend", "2"], "--blend"), (["--max-exposure", "0"], "--max-exposure")] {
      let r = try MCSimBinary.run(["run", "--line", "225.5", "--home", "115", "--away", "112"] + args)
      XCTAssertEqual(r.status, 64, args.joined(separator: " "))
      XCTAssertTrue(r.stderr.contains(option), r.stderr)
    }
  }
}
