import Foundation
import TestSupport
import XCTest

/// End to end: the `mcsim run` binary, its JSON contract, its report and its refusals.
final class RunCommandTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.endToEnd.require() }

  let base = ["run", "--line", "225.5", "--home", "115", "--away", "112"]

  /// The betting agent's /api/monte-carlo/simulate field names (docs/contracts.md, "Betting agent"), all
  /// present, plus mcsim's additions.
  func testJSONCarriesTheContractFields() throws {
    let doc = try MCSimBinary.json(base + ["--seed", "42", "--model", "seed", "--json"])
    XCTAssertEqual(doc["success"] as? Bool, true)
    let result = try XCTUnwrap(doc["result"] as? [String: Any])
    for key in ["simulation", "ev_metrics", "direction", "our_probability", "our_ev", "our_kelly", "analytic"] {
      XCTAssertNotNil(result[key], key)
    }
    let sim = try XCTUnwrap(result["simulation"] as? [String: Any])
    let contract = [
      "n_simulations", "p_over", "p_under", "p_push", "se_over", "se_under", "ci_95_over",
      "ci_95_under", "mean_total", "median_total", "std_total", "min_total", "max_total",
      "percentiles", "ot_games_simulated", "ot_games_pct", "correlation_used", "distribution", "inputs",
    ]
    for key in contract { XCTAssertNotNil(sim[key], key) }
    for key in ["seed", "model", "threads", "elapsed_ms", "p_home_win"] { XCTAssertNotNil(sim[key], key) }
    let percentiles = try XCTUnwrap(sim["percentiles"] as? [String: Double])
    for q in [5, 10, 25, 50, 75, 90, 95] {
      XCTAssertNotNil(percentiles["p\(q)"])
      XCTAssertEqual(percentiles["p\(q)"], percentiles["\(q)"])
    }
    let inputs = try XCTUnwrap(sim["inputs"] as? [String: Any])
    for key in ["home_projection", "away_projection", "home_std_dev", "away_std_dev", "total_line", "over_odds", "under_odds", "n_sims"] {
      XCTAssertNotNil(inputs[key], key)
    }
    let ev = try XCTUnwrap(result["ev_metrics"] as? [String: Any])
    for key in [
      "ev_over", "ev_under", "edge_over", "edge_under", "implied_over", "implied_under",
      "kelly_over_full", "kelly_under_full", "kelly_over_fractional", "kelly_under_fractional",
      "recommended_bet", "best_ev", "best_edge", "odds_used",
    ] {
      XCTAssertNotNil(ev[key], key)
    }
    XCTAssertEqual(sim["n_simulations"] as? Int, 10_000)
    XCTAssertEqual(sim["seed"] as? Int, 42)
    XCTAssertEqual(sim["distribution"] as? String, "normal")
    XCTAssertEqual(sim["correlation_used"] as? Double, 0.5)
    let analytic = try XCTUnwrap(result["analytic"] as? [String: Any])
    let exact = try XCTUnwrap(analytic["p_over"] as? Double)
    let simulated = try XCTUnwrap(sim["p_over"] as? Double)
    XCTAssertEqual(simulated, exact, accuracy: 4 * (exact * (1 - exact) / 10_000).squareRoot())
  }

  /// The issue's example: American prices, unequal sds, a whole-number line that can push.
  func testWholeLinePushesAndHalfLineDoesNot() throws {
    let args = [
      "run", "--line", "225", "--home", "115", "--away", "112", "--home-sd", "12", "--away-sd", "11",
      "--rho", "0.2", "--over-odds", "-110", "--under-odds", "-110", "--sims", "1000000", "--seed", "42", "--json",
    ]
    let result = try XCTUnwrap(try MCSimBinary.json(args)["result"] as? [String: Any])
    let sim = result["simulation"] as? [String: Any]
    let push = try XCTUnwrap(sim?["p_push"] as? Double)
    let exactPush = try XCTUnwrap((result["analytic"] as? [String: Any])?["p_push"] as? Double)
    XCTAssertGreaterThan(exactPush, 0)
    XCTAssertEqual(push, exactPush, accuracy: 4 * (exactPush * (1 - exactPush) / 1e6).squareRoot())
    let over = try XCTUnwrap(sim?["p_over"] as? Double), under = try XCTUnwrap(sim?["p_under"] as? Double)
    XCTAssertEqual(over + under + push, 1, accuracy: 1e-12)
    let inputs = try XCTUnwrap(sim?["inputs"] as? [String: Any])
    XCTAssertEqual(try XCTUnwrap(inputs["over_odds"] as? Double), 1 + 100.0 / 110, accuracy: 1e-12)
    let half = try MCSimBinary.json(base + ["--sims", "100000", "--seed", "1", "--json"])
    let halfSim = try XCTUnwrap((half["result"] as? [String: Any])?["simulation"] as? [String: Any])
    XCTAssertEqual(halfSim["p_push"] as? Double, 0)
  }

  /// Same seed: the same answer whatever the thread count; a drawn seed is reported and
  /// reproduces the run.
  func testSeedsReproduce() throws {
    func probabilities(_ extra: [String]) throws -> [Double] {
      let sim = try XCTUnwrap((try MCSimBinary.json(base + extra + ["--json"])["result"] as? [String: Any])?["simulation"] as? [String: Any])
      return ["p_over", "p_under", "mean_total", "std_total", "p_home_win"].compactMap { sim[$0] as? Double }
    }
    let one = try probabilities(["--sims", "300000", "--seed", "9", "--threads", "1"])
    let two = try probabilities(["--sims", "300000", "--seed", "9", "--threads", "2"])
    XCTAssertEqual(one.count, 5)
    XCTAssertEqual(one, two)
    XCTAssertNotEqual(one, try probabilities(["--sims", "300000", "--seed", "10"]))
    let drawn = try XCTUnwrap((try MCSimBinary.json(base + ["--json"])["result"] as? [String: Any])?["simulation"] as? [String: Any])
    let seed = try XCTUnwrap(drawn["seed"] as? Int)
    XCTAssertEqual(
      try probabilities(["--seed", "\(seed)"]), ["p_over", "p_under", "mean_total", "std_total", "p_home_win"].compactMap { drawn[$0] as? Double })
  }

  /// The exact block of the tie model summed over Dictionaries in their per-process hash order,
  /// so two runs could differ in the last bits; each process has its own hash seed, so only
  /// separate runs show it.
  func testTheExactBlockIsTheSameInEveryProcess() throws {
    let arguments = ["run", "--line", "225", "--home", "115", "--away", "112", "--ot-model", "tie", "--sims", "1000", "--seed", "1", "--json"]
    let blocks = try (0..<4).map { _ in
      try XCTUnwrap((try MCSimBinary.json(arguments)["result"] as? [String: Any])?["analytic"] as? NSDictionary)
    }
    for block in blocks.dropFirst() { XCTAssertEqual(block, blocks[0]) }
  }

  func testReadableReport() throws {
    let r = try MCSimBinary.run(base + ["--seed", "3"])
    XCTAssertEqual(r.status, 0, r.stderr)
    for fragment in [
      "seed 3", "Total", "p5", "p95", "p_over", "p_under", "p_push", "overtime", "home win",
      "Margin", "EV/unit", "Kelly", "recommendation", "verdict", "█",
    ] {
      XCTAssertTrue(r.stdout.contains(fragment), "missing \(fragment)")
    }
    XCTAssertEqual(r.stderr, "")
  }

  /// The widest sds the validation accepts: scores floored at 0 (said in the report and the
  /// model block), the exact block beside the simulation, and a histogram of at most 24 lines.
  func testWidestModelStaysCompactAndFloored() throws {
    let wide = base + ["--home-sd", "100", "--away-sd", "100", "--seed", "9", "--sims", "20000"]
    let r = try MCSimBinary.run(wide)
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertTrue(r.stdout.contains("scores floored at 0"), r.stdout)
    let bars = r.stdout.split(separator: "\n").filter { $0.contains("█") || $0.contains("▏") }
    XCTAssertGreaterThan(bars.count, 5)
    XCTAssertLessThanOrEqual(bars.count, 24, r.stdout)
    let doc = try MCSimBinary.json(wide + ["--json"])
    let sim = try XCTUnwrap((doc["result"] as? [String: Any])?["simulation"] as? [String: Any])
    XCTAssertEqual((sim["model"] as? [String: Any])?["score_floor"] as? Int, 0)
    XCTAssertGreaterThanOrEqual(try XCTUnwrap(sim["min_total"] as? Int), 0)
    let analytic = try XCTUnwrap((doc["result"] as? [String: Any])?["analytic"] as? [String: Any])
    let p = try XCTUnwrap(analytic["p_over"] as? Double), simulated = try XCTUnwrap(sim["p_over"] as? Double)
    XCTAssertEqual(simulated, p, accuracy: 4 * (p * (1 - p) / 20_000).squareRoot())
  }

  func testTieModelAndSkewRun() throws {
    let tie = try MCSimBinary.json(base + ["--ot-model", "tie", "--seed", "1", "--json"])
    let sim = try XCTUnwrap((tie["result"] as? [String: Any])?["simulation"] as? [String: Any])
    XCTAssertEqual(sim["p_tie"] as? Double, 0)
    let skew = try MCSimBinary.json(base + ["--skew", "0.19", "--score-floor", "70", "--seed", "1", "--json"])
    let result = try XCTUnwrap(skew["result"] as? [String: Any])
    XCTAssertEqual((result["simulation"] as? [String: Any])?["distribution"] as? String, "skew_normal")
    // The skewed model's exact distribution stands beside the simulation, within 4 SE of it.
    let analytic = try XCTUnwrap(result["analytic"] as? [String: Any])
    let p = try XCTUnwrap(analytic["p_over"] as? Double)
    let n = try XCTUnwrap((result["simulation"] as? [String: Any])?["n_simulations"] as? Double)
    let simulated = try XCTUnwrap((result["simulation"] as? [String: Any])?["p_over"] as? Double)
    XCTAssertEqual(simulated, p, accuracy: 4 * (p * (1 - p) / n).squareRoot())
  }

  /// Every refused option value: exit 64, nothing on stdout, one line on stderr naming the
  /// option and the value.
  func testBadInputIsRefusedWithOneLine() throws {
    let cases: [([String], String, String)] = [
      (["--home", "nan"], "--home", "nan"),
      (["--away", "inf"], "--away", "inf"),
      (["--line", "nan"], "--line", "nan"),
      (["--line", "inf"], "--line", "inf"),
      (["--rho", "nan"], "--rho", "nan"),
      (["--home-sd", "0"], "--home-sd", "0"),
      (["--away-sd", "-3"], "--away-sd", "-3"),
      (["--home-sd", "inf"], "--home-sd", "inf"),
      (["--rho", "1.5"], "--rho", "1.5"),
      (["--rho", "-1.01"], "--rho", "-1.01"),
      (["--ot-rate", "1.2"], "--ot-rate", "1.2"),
      (["--ot-rate", "-0.1"], "--ot-rate", "-0.1"),
      (["--ot-sd", "nan"], "--ot-sd", "nan"),
      (["--over-odds", "1.0"], "--over-odds", "1.0"),
      (["--under-odds", "0.5"], "--under-odds", "0.5"),
      (["--over-odds", "-50"], "--over-odds", "-50"),
      (["--under-odds", "+99"], "--under-odds", "99"),
      (["--over-odds", "abc"], "--over-odds", "abc"),
      (["--sims", "0"], "--sims", "0"),
      (["--sims", "20000000000"], "--sims", "20000000000"),
      (["--threads", "0"], "--threads", "0"),
      (["--kelly-fraction", "0"], "--kelly-fraction", "0"),
      (["--kelly-cap", "2"], "--kelly-cap", "2"),
      (["--skew", "1.5"], "--skew", "1.5"),
      (["--score-floor", "-5"], "--score-floor", "-5"),
      (["--home", "3e9"], "--home", "3000000000"),
      (["--away", "-5"], "--away", "-5"),
      (["--home-sd", "1e-20"], "--home-sd", "1e-20"),
      (["--away-sd", "300"], "--away-sd", "300"),
    ]
    for (extra, option, value) in cases {
      var args = base
      // Replace an option already in `base` rather than passing it twice.
      if let i = args.firstIndex(of: extra[0]) { args.removeSubrange(i...(i + 1)) }
      let r = try MCSimBinary.run(args + extra)
      XCTAssertEqual(r.status, 64, "\(extra): \(r.stderr)")
      XCTAssertEqual(r.stdout, "", "\(extra) printed a result")
      let lines = r.stderr.split(separator: "\n")
      XCTAssertEqual(lines.count, 1, "\(extra): \(r.stderr)")
      XCTAssertTrue(r.stderr.hasPrefix("Error: "), r.stderr)
      XCTAssertTrue(r.stderr.contains(option) && r.stderr.contains(value), "\(extra): \(r.stderr)")
    }
  }

  /// A missing required option or a non-number is a usage error (swift-argument-parser: 64).
  func testUsageErrors() throws {
    let missing = try MCSimBinary.run(["run", "--home", "115", "--away", "112"])
    XCTAssertEqual(missing.status, 64)
    XCTAssertTrue(missing.stderr.contains("--line"))
    let notNumber = try MCSimBinary.run(base + ["--sims", "many"])
    XCTAssertEqual(notNumber.status, 64)
    XCTAssertTrue(notNumber.stderr.contains("many"))
  }
}

/// `mcsim run --request`: the agent's request body in, the agent's response out.
final class RunRequestTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.endToEnd.require() }

  func testRequestFileAndStdin() throws {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Scenarios/simulate_request.json").path
    let doc = try MCSimBinary.json(["run", "--request", file, "--seed", "4", "--json"])
    let sim = try XCTUnwrap((doc["result"] as? [String: Any])?["simulation"] as? [String: Any])
    let inputs = try XCTUnwrap(sim["inputs"] as? [String: Any])
    XCTAssertEqual(inputs["total_line"] as? Double, 220.5)
    XCTAssertEqual(sim["n_simulations"] as? Int, 10_000)
    let piped = try MCSimBinary.run(
      ["run", "--request", "-", "--seed", "4", "--json", "--sims", "5000"],
      stdin: try String(contentsOfFile: file, encoding: .utf8))
    XCTAssertEqual(piped.status, 0, piped.stderr)
    XCTAssertTrue(piped.stdout.contains(#""n_simulations":5000"#))
  }

  /// A request's `state` and `period_lines` are priced as the server prices them (they were
  /// read, checked and then left out): the game in play from its score, the periods beside it;
  /// options given beside the request replace them, with a note.
  func testARequestsStateAndPeriodLinesArePriced() throws {
    let body = #"""
      {"home_projection": 115, "away_projection": 112, "total_line": 222.5, "include_scenarios": false, "include_sensitivity": false,
       "state": {"period": 3, "clock": "7:12", "home_score": 78, "away_score": 71}, "period_lines": {"q4": {"total": 55.5}}}
      """#
    let priced = try MCSimBinary.run(["run", "--request", "-", "--seed", "4", "--json", "--sims", "5000"], stdin: body)
    XCTAssertEqual(priced.status, 0, priced.stderr)
    let result = try XCTUnwrap(
      (try JSONSerialization.jsonObject(with: Data(priced.stdout.utf8)) as? [String: Any])?["result"] as? [String: Any])
    XCTAssertEqual((result["state"] as? [String: Any])?["clock"] as? String, "7:12")
    XCTAssertNotNil(((result["periods"] as? [String: Any])?["q4"] as? [String: Any])?["p_over"], priced.stdout.prefix(400).description)
    // The final score is at least the score so far.
    XCTAssertGreaterThan((result["simulation"] as? [String: Any])?["min_total"] as? Double ?? 0, 148)
    let replaced = try MCSimBinary.run(
      ["run", "--request", "-", "--seed", "4", "--json", "--sims", "5000", "--period", "q4", "--period-line", "60.5"], stdin: body)
    XCTAssertEqual(replaced.status, 0, replaced.stderr)
    XCTAssertTrue(replaced.stderr.contains("note: --period q4 overrides period_lines q4"), replaced.stderr)
    let periods = (try JSONSerialization.jsonObject(with: Data(replaced.stdout.utf8)) as? [String: Any])
      .flatMap { ($0["result"] as? [String: Any])?["periods"] as? [String: Any] }
    XCTAssertEqual((periods?["q4"] as? [String: Any])?["total_line"] as? Double, 60.5, replaced.stdout.prefix(400).description)
  }

  func testBadRequestsAreNamed() throws {
    let missing = try MCSimBinary.run(["run", "--request", "-"], stdin: #"{"home_projection": 110, "away_projection": 105}"#)
    XCTAssertEqual(missing.status, 1)
    XCTAssertEqual(missing.stdout, "")
    XCTAssertTrue(missing.stderr.contains("total_line"), missing.stderr)
    let malformed = try MCSimBinary.run(["run", "--request", "-"], stdin: "{not json")
    XCTAssertEqual(malformed.status, 1)
    XCTAssertTrue(malformed.stderr.contains("malformed JSON"), malformed.stderr)
    let badSD = try MCSimBinary.run(
      ["run", "--request", "-"], stdin: #"{"home_projection": 110, "away_projection": 105, "total_line": 214.5, "home_std_dev": -1}"#)
    XCTAssertEqual(badSD.status, 1)
    XCTAssertTrue(badSD.stderr.contains("-1"), badSD.stderr)
    let nofile = try MCSimBinary.run(["run", "--request", "/nonexistent.json"])
    XCTAssertEqual(nofile.status, 1)
    XCTAssertTrue(nofile.stderr.contains("/nonexistent.json"), nofile.stderr)
    let both = try MCSimBinary.run(["run", "--request", "-", "--line", "220"])
    XCTAssertEqual(both.status, 64)
    // A bad n_sims in the file is the file's fault, not an option's.
    let sims = try MCSimBinary.run(
      ["run", "--request", "-"], stdin: #"{"home_projection": 110, "away_projection": 105, "total_line": 214.5, "n_sims": 0}"#)
    XCTAssertEqual(sims.status, 1)
    XCTAssertTrue(sims.stderr.contains("n_sims") && sims.stderr.contains("stdin:"), sims.stderr)
  }
}

/// The agent's optional blocks come back when asked for, by flag or by the request.
final class RunScenarioTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.endToEnd.require() }

  func testScenariosAndSensitivityBlocks() throws {
    let doc = try MCSimBinary.json([
      "run", "--line", "220.5", "--home", "112.5", "--away", "108.3", "--seed", "2",
      "--scenarios", "--sensitivity", "--json",
    ])
    let result = try XCTUnwrap(doc["result"] as? [String: Any])
    let scenarios = try XCTUnwrap(result["scenarios"] as? [String: Any])
    for key in [
      "base", "high_pace", "low_pace", "high_variance", "low_variance", "high_ot", "no_correlation",
      "high_correlation", "skew_normal", "_summary",
    ] {
      XCTAssertNotNil(scenarios[key], key)
    }
    let summary = try XCTUnwrap(scenarios["_summary"] as? [String: Double])
    XCTAssertEqual(Set(summary.keys), ["p_under_min", "p_under_max", "p_under_spread"])
    let sensitivity = try XCTUnwrap(result["sensitivity"] as? [String: Any])
    XCTAssertNotNil((sensitivity["home_projection"] as? [String: Any])?["sensitivity_per_point"])
    XCTAssertNotNil((sensitivity["away_std_dev"] as? [String: Any])?["sensitivity_per_std"])
    XCTAssertNotNil(sensitivity["ranking"])
    // Scenarios never fail on a variant the user did not ask for: skew_normal with rho 0.9.
    let strong = try MCSimBinary.run([
      "run", "--line", "220.5", "--home", "112.5", "--away", "108.3", "--rho", "0.9", "--model", "seed",
      "--scenarios", "--json",
    ])
    XCTAssertEqual(strong.status, 0, strong.stderr)
    let plain = try XCTUnwrap(
      try MCSimBinary.json(["run", "--line", "220.5", "--home", "112.5", "--away", "108.3", "--json"])["result"] as? [String: Any])
    XCTAssertNil(plain["scenarios"])
    XCTAssertNil(plain["sensitivity"])
  }
}
