import Foundation
import TestSupport
import XCTest

/// End to end: every command speaks with one voice (issue 10): one exit-code scheme and error
/// style, the JSON error document, unknown fields reported (refused with --strict), the option
/// winning over a file with a note, one date parser, inputs from `-`, and the small ones.
final class OneVoiceTests: XCTestCase {
  let request = #"{"home_projection": 115, "away_projection": 112, "total_line": 225.5, "home_std_dev": 10, "n_sims": 2000}"#

  override func setUpWithError() throws {
    try TestTier.endToEnd.require()
    FileManager.default.changeCurrentDirectoryPath(GoldenOutputTests.projectRoot.path)
  }

  private func errorDocument(_ r: MCSimBinary.Result) throws -> [String: Any] {
    let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], r.stdout)
    XCTAssertEqual(doc["success"] as? Bool, false)
    return try XCTUnwrap(doc["error"] as? [String: Any])
  }

  private func assertOneLine(_ r: MCSimBinary.Result, file: StaticString = #filePath, line: UInt = #line) {
    let lines = r.stderr.split(separator: "\n")
    XCTAssertEqual(lines.count, 1, r.stderr, file: file, line: line)
    XCTAssertTrue(r.stderr.hasPrefix("Error: "), r.stderr, file: file, line: line)
    XCTAssertFalse(r.stderr.contains("Dictionary<"), r.stderr, file: file, line: line)
  }

  /// A bad price is a bad option value in every command: 64, one line, and with --json the
  /// error document on stdout.
  func testBadOptionValuesExit64InEveryCommand() throws {
    for args in [
      ["odds", "convert", "abc"], ["devig", "abc", "2.0"],
      ["run", "--line", "225.5", "--home", "115", "--away", "112", "--over-odds", "abc"],
    ] {
      let r = try MCSimBinary.run(args)
      XCTAssertEqual(r.status, 64, "\(args): \(r.stderr)")
      assertOneLine(r)
      XCTAssertTrue(r.stderr.contains("abc"), r.stderr)
    }
    let r = try MCSimBinary.run(["odds", "convert", "abc", "--json"])
    XCTAssertEqual(r.status, 64)
    let error = try errorDocument(r)
    XCTAssertEqual(error["field"] as? String, "price")
    XCTAssertEqual(error["value"] as? String, "abc")
    XCTAssertTrue((error["message"] as? String)?.contains("cannot read odds") == true, "\(error)")
    let rho = try MCSimBinary.run(["run", "--line", "225.5", "--home", "115", "--away", "112", "--rho", "1.5", "--json"])
    XCTAssertEqual(rho.status, 64)
    XCTAssertEqual(rho.stderr, "Error: --rho 1.5: must be in [-1, 1]\n")
    let rhoError = try errorDocument(rho)
    XCTAssertEqual(rhoError["field"] as? String, "--rho")
    XCTAssertEqual(rhoError["value"] as? String, "1.5")
    XCTAssertEqual(rhoError["message"] as? String, "--rho 1.5: must be in [-1, 1]")
  }

  /// --sims, --seed and --threads: the same limits and messages in run, slate and trade.
  func testSimsHasOneLimitAndMessage() throws {
    for args in [
      ["run", "--line", "225.5", "--home", "115", "--away", "112"], ["slate", "Scenarios/slate_batch.json"],
      ["trade", "Scenarios/trade_request.json"],
    ] {
      let r = try MCSimBinary.run(args + ["--sims", "0"])
      XCTAssertEqual(r.status, 64, "\(args): \(r.stderr)")
      XCTAssertEqual(r.stderr, "Error: --sims 0: must be between 1 and 10000000000\n", "\(args)")
      let t = try MCSimBinary.run(args + ["--threads", "0"])
      XCTAssertEqual(t.status, 64)
      XCTAssertEqual(t.stderr, "Error: --threads 0: must be between 1 and 512\n", "\(args)")
    }
  }

  /// Malformed JSON names the line and column; a bad file exits 1, also as a JSON document.
  func testMalformedJSONNamesThePosition() throws {
    let r = try MCSimBinary.run(["run", "--request", "-", "--json"], stdin: "{\"home_projection\": 115,\n \"x\": y}")
    XCTAssertEqual(r.status, 1)
    assertOneLine(r)
    XCTAssertTrue(r.stderr.contains("line 2, column 7"), r.stderr)
    XCTAssertTrue(try errorDocument(r)["message"] as? String == String(r.stderr.dropFirst(7).dropLast()))
    let trade = try MCSimBinary.run(["trade", "-"], stdin: "{\"player_in\": }")
    XCTAssertEqual(trade.status, 1)
    XCTAssertTrue(trade.stderr.contains("malformed JSON at line 1"), trade.stderr)
    // The one formatter: a wrong type is said the same way in a trade request and a run request.
    let wrongType = try MCSimBinary.run(["trade", "-", "--deterministic"], stdin: #"{"player_in": 5, "player_out": {}}"#)
    XCTAssertEqual(wrongType.status, 1)
    XCTAssertEqual(wrongType.stderr, "Error: stdin: field 'player_in' must be an object\n")
    // Every bad value of a trade at once, as the server names them.
    let values = try MCSimBinary.run(
      ["trade", "-", "--deterministic"],
      stdin:
        #"{"player_in": {"price": -5, "breakeven": 60, "proj_scores": [80, 85]}, "player_out": {"price": 5, "breakeven": 1, "proj_scores": [1, 2, 3, 4, 5]}, "round_number": -2}"#
    )
    XCTAssertEqual(values.status, 1)
    XCTAssertEqual(
      values.stderr,
      "Error: stdin: player_in.price = -5: must be greater than 0; player_in.proj_scores = 2 values: needs exactly 5 projected scores; round_number = -2: must not be negative\n"
    )
    // A slate file's seed below 0 is named, not "malformed JSON".
    let seed = try MCSimBinary.run(
      ["slate", "-", "--sims", "1000"], stdin: #"{"seed": -1, "games": [{"home_projection": 110, "away_projection": 108, "total_line": 220.5}]}"#)
    XCTAssertEqual(seed.status, 1)
    XCTAssertEqual(seed.stderr, "Error: stdin: field 'seed': must be a whole number from 0 to 2^64 - 1 (got -1)\n")
  }

  /// An unknown field is a warning (stderr) and, with --strict, an error naming it.
  func testUnknownFieldsAreReportedAndStrictRefusesThem() throws {
    let misspelt = #"{"home_projection": 115, "away_projection": 112, "total_line": 225.5, "home_sd": 14}"#
    let warned = try MCSimBinary.run(["run", "--request", "-", "--sims", "1000", "--seed", "1"], stdin: misspelt)
    XCTAssertEqual(warned.status, 0, warned.stderr)
    XCTAssertEqual(warned.stderr, "warning: stdin: unknown field 'home_sd' ignored\n")
    let strict = try MCSimBinary.run(["run", "--request", "-", "--strict", "--json"], stdin: misspelt)
    XCTAssertEqual(strict.status, 1)
    XCTAssertEqual(strict.stderr, "Error: stdin: unknown field 'home_sd' (--strict)\n")
    XCTAssertEqual(try errorDocument(strict)["field"] as? String, "home_sd")

    let trade = try String(contentsOfFile: "Scenarios/trade_request.json", encoding: .utf8)
      .replacingOccurrences(of: "\"proj_scores\"", with: "\"proj_scroes\": [1], \"proj_scores\"")
    let t = try MCSimBinary.run(["trade", "-", "--deterministic", "--strict"], stdin: trade)
    XCTAssertEqual(t.status, 1)
    XCTAssertTrue(t.stderr.contains("unknown field 'player_in.proj_scroes'"), t.stderr)

    let quotes =
      #"{"quotes": [{"event": "A@B", "market": "total", "selection": "over", "line": 200.5, "book": "pinnacle", "price": "-110", "observed_at": "2026-04-01T18:00:00Z", "bok": 1}]}"#
    let f = try MCSimBinary.run(["fair", "-"], stdin: quotes)
    XCTAssertEqual(f.status, 0, f.stderr)
    XCTAssertTrue(f.stderr.contains("warning: unknown field 'quotes[0].bok' ignored"), f.stderr)
    let fs = try MCSimBinary.run(["fair", "-", "--strict"], stdin: quotes)
    XCTAssertEqual(fs.status, 1, fs.stderr)
    XCTAssertTrue(fs.stderr.contains("quotes[0].bok"), fs.stderr)

    let slate =
      #"{"games": [{"game_id": "g1", "home_team_abbr": "LAL", "away_team_abbr": "MIA", "home_projection": 110, "away_projection": 108, "total_line": 218.5, "totl": 1}], "n_sim": 5}"#
    let s = try MCSimBinary.run(["slate", "-", "--sims", "1000", "--seed", "1"], stdin: slate)
    XCTAssertEqual(s.status, 0, s.stderr)
    XCTAssertTrue(s.stderr.contains("unknown field 'n_sim' ignored"), s.stderr)
    XCTAssertTrue(s.stderr.contains("unknown field 'g1.totl' ignored"), s.stderr)
    let ss = try MCSimBinary.run(["slate", "-", "--strict"], stdin: slate)
    XCTAssertEqual(ss.status, 1, ss.stderr)
  }

  /// The option wins over the file, and a note says so (the sd is no longer dropped silently).
  func testOptionWinsOverFileWithANote() throws {
    let r = try MCSimBinary.run(
      ["run", "--request", "-", "--home-sd", "14", "--rho", "0.1", "--sims", "1000", "--seed", "1", "--json"], stdin: request)
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertEqual(
      r.stderr,
      """
      note: --home-sd 14 overrides home_std_dev 10 from stdin
      note: --sims 1000 overrides n_sims 2000 from stdin

      """)
    let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    let sim = try XCTUnwrap((doc["result"] as? [String: Any])?["simulation"] as? [String: Any])
    let inputs = try XCTUnwrap(sim["inputs"] as? [String: Any])
    XCTAssertEqual(inputs["home_std_dev"] as? Double, 14)
    XCTAssertEqual(sim["correlation_used"] as? Double, 0.1)
    XCTAssertEqual(sim["n_simulations"] as? Int, 1000)

    let slate =
      #"{"games": [{"game_id": "g1", "home_team_abbr": "LAL", "away_team_abbr": "MIA", "home_projection": 110, "away_projection": 108, "total_line": 218.5, "rho": 0.3}]}"#
    let s = try MCSimBinary.run(["slate", "-", "--rho", "0.1", "--sims", "1000", "--seed", "1", "--json"], stdin: slate)
    XCTAssertEqual(s.status, 0, s.stderr)
    XCTAssertEqual(s.stderr, "note: --rho 0.1 overrides rho 0.3 from stdin (1 of 1 games)\n")
  }

  /// One date parser: an ISO date or date-time everywhere; dates that do not exist refused.
  func testOneDateParser() throws {
    let base = [
      "slate", "--odds", "Scenarios/feed_odds_api_nba.json", "--stats-from", "Scenarios/nba_results_2023.csv",
      "--sims", "1000", "--seed", "1", "--json",
    ]
    let bad = try MCSimBinary.run(base + ["--as-of", "2023-13-45"])
    XCTAssertEqual(bad.status, 64)
    XCTAssertTrue(bad.stderr.hasPrefix("Error: --as-of '2023-13-45': expected an ISO 8601 date or time"), bad.stderr)
    XCTAssertEqual(try errorDocument(bad)["field"] as? String, "--as-of")
    let day = try MCSimBinary.run(base + ["--as-of", "2023-12-11"])
    let time = try MCSimBinary.run(base + ["--as-of", "2023-12-11T20:00:00Z"])
    XCTAssertEqual(day.status, time.status)
    XCTAssertEqual(
      day.stdout.replacingOccurrences(of: #""elapsed_ms":[0-9.]+"#, with: "", options: .regularExpression),
      time.stdout.replacingOccurrences(of: #""elapsed_ms":[0-9.]+"#, with: "", options: .regularExpression))
    let fairBad = try MCSimBinary.run(["fair", "Scenarios/quotes.json", "--as-of", "2023-02-30"])
    XCTAssertEqual(fairBad.status, 64, fairBad.stderr)
    let fairDay = try MCSimBinary.run(["fair", "Scenarios/quotes.json", "--as-of", "2026-04-01"])
    XCTAssertEqual(fairDay.status, 0, fairDay.stderr)
  }

  /// trade reads `-` (stdin) like every command, with the same answer as from the file.
  func testTradeReadsStandardInput() throws {
    let text = try String(contentsOfFile: "Scenarios/trade_request.json", encoding: .utf8)
    let piped = try MCSimBinary.run(["trade", "-", "--deterministic", "--json"], stdin: text)
    let file = try MCSimBinary.run(["trade", "Scenarios/trade_request.json", "--deterministic", "--json"])
    XCTAssertEqual(piped.status, 0, piped.stderr)
    XCTAssertEqual(piped.stdout, file.stdout)
    let round = try MCSimBinary.run(["trade", "-", "--deterministic", "--round", "3"], stdin: text)
    XCTAssertEqual(round.status, 0, round.stderr)
    if text.contains("round_number") { XCTAssertTrue(round.stderr.contains("note: --round 3 overrides round_number"), round.stderr) }
  }

  /// trade's --budget, --in and --out win over the squad file's budget, player_in_id and
  /// player_out_id, with a note each, as every command's options win over its files.
  func testTradeOptionsOverrideTheSquadFileWithANote() throws {
    let squad = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "Scenarios/afl_squad.json"))) as? [String: Any])
    let budget = try XCTUnwrap(squad["budget"] as? Double)
    let r = try MCSimBinary.run([
      "trade", "--squad", "Scenarios/afl_squad.json", "--pool", "Scenarios/afl_pool.json", "--deterministic", "--top", "1",
      "--budget", "\(Int(budget) + 100_000)",
    ])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertTrue(
      r.stderr.contains("note: --budget \(Int(budget) + 100_000) overrides budget \(Int(budget)) from Scenarios/afl_squad.json"), r.stderr)
    let same = try MCSimBinary.run([
      "trade", "--squad", "Scenarios/afl_squad.json", "--pool", "Scenarios/afl_pool.json", "--deterministic", "--top", "1",
      "--budget", "\(Int(budget))",
    ])
    XCTAssertFalse(same.stderr.contains("note:"), "no note when the option says what the file says: \(same.stderr)")
  }

  /// The small ones: fair --method all, the decimal hint, the negative margin, 1-based quote
  /// warnings, the slate naming a bad game by its game_id; unknown and self-playing teams.
  func testSmallOnes() throws {
    let all = try MCSimBinary.run(["fair", "Scenarios/quotes.json", "--method", "all"])
    XCTAssertEqual(all.status, 0, all.stderr)
    for method in ["multiplicative", "additive", "power", "shin", "odds-ratio", "logarithmic"] {
      XCTAssertTrue(all.stdout.contains(method), method)
    }
    // Every value a help page lists is accepted: a slate takes one method, and does not list all.
    let slateHelp = try MCSimBinary.run(["slate", "--help"])
    XCTAssertTrue(slateHelp.stdout.contains("--method <method>"), slateHelp.stdout)
    XCTAssertFalse(slateHelp.stdout.contains("logarithmic, all"), slateHelp.stdout)
    let slateAll = try MCSimBinary.run(["slate", "Scenarios/slate_batch.json", "--method", "all"])
    XCTAssertEqual(slateAll.status, 64, slateAll.stderr)
    for method in ["multiplicative", "additive", "power", "shin", "odds-ratio", "logarithmic"] {
      let r = try MCSimBinary.run(["slate", "Scenarios/slate_batch.json", "--method", method, "--sims", "1000", "--seed", "1"])
      XCTAssertTrue([0, 3].contains(r.status), "\(method): \(r.stderr)")
    }
    let hint = try MCSimBinary.run(["odds", "convert", "150"])
    XCTAssertEqual(hint.status, 0)
    XCTAssertTrue(hint.stderr.contains("'150' is read as decimal odds") && hint.stderr.contains("+150"), hint.stderr)
    let negative = try MCSimBinary.run(["devig", "2.2", "2.2"])
    XCTAssertEqual(negative.status, 0)
    XCTAssertTrue(negative.stderr.contains("warning: negative margin -9.09%"), negative.stderr)
    let quotes =
      #"[{"event": "A@B", "market": "total", "selection": "over", "line": 200.5, "book": "pinnacle", "price": "-110", "observed_at": "2026-04-01T18:00:00Z"}, {"event": "A@B"}]"#
    let skipped = try MCSimBinary.run(["fair", "-"], stdin: quotes)
    XCTAssertTrue(skipped.stderr.contains("skipped quote 2:"), skipped.stderr)
    let slate =
      #"{"games": [{"game_id": "g1", "home_team_abbr": "BOS", "away_team_abbr": "BOS", "home_projection": 110, "away_projection": 108, "total_line": 218.5}, {"game_id": "g2", "home_team_abbr": "XYZ", "away_team_abbr": "MIA", "home_projection": 110, "away_projection": 108, "total_line": 218.5}, {"game_id": "g3", "home_team_abbr": "LAL", "away_team_abbr": "MIA", "home_projection": 110, "away_projection": 108, "total_line": 218.5}]}"#
    let s = try MCSimBinary.run(["slate", "-", "--sims", "1000", "--seed", "1"], stdin: slate)
    XCTAssertEqual(s.status, 3, s.stderr)
    // Error rows are named by their teams, the game_id beside.
    XCTAssertTrue(s.stdout.contains("BOS@BOS (g1)  ERROR: a team cannot play itself (BOS)"), s.stdout)
    XCTAssertTrue(s.stdout.contains("MIA@XYZ (g2)  ERROR: unknown team 'XYZ'"), s.stdout)
  }

  /// Limits are in --help and in the error: the skew a correlation allows.
  func testLimitsInHelpAndErrors() throws {
    let help = try MCSimBinary.run(["run", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for limit in ["in [0.5, 100]", "in (0, 1000)", "1 to 10^10", "in [-0.99, 0.99]"] { XCTAssertTrue(help.contains(limit), limit) }
    let skew = try MCSimBinary.run(["run", "--line", "225.5", "--home", "115", "--away", "112", "--rho", "0.99", "--skew", "0.99"])
    XCTAssertEqual(skew.status, 64)
    XCTAssertTrue(skew.stderr.contains("the skewness can be at most"), skew.stderr)
  }

  /// Ctrl-C ends a long run with status 130 (and clears the progress line on a terminal).
  func testInterruptExits130() throws {
    let (process, _) = try ChildProcess.start(
      MCSimBinary.url.path, ["run", "--line", "225.5", "--home", "115", "--away", "112", "--sims", "10000000000", "--seed", "1"])
    Thread.sleep(forTimeInterval: 0.5)
    process.interrupt()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 130)
  }

  /// One JSON style: every command prints compact JSON (one line), and `--pretty` indents the
  /// same document.
  func testEveryCommandPrintsCompactJSONAndPrettyOnRequest() throws {
    let commands: [[String]] = [
      ["run", "--line", "225.5", "--home", "115", "--away", "112", "--sims", "2000", "--seed", "1", "--threads", "1"],
      ["odds", "convert", "1.91"], ["devig", "1.91", "1.95"], ["fair", "Scenarios/quotes.json"],
      ["trade", "Scenarios/trade_request.json", "--deterministic"],
      ["slate", "Scenarios/slate_batch.json", "--sims", "2000", "--seed", "1", "--threads", "1"],
    ]
    for args in commands {
      let compact = try MCSimBinary.run(args + ["--json"])
      XCTAssertEqual(compact.status, 0, "\(args): \(compact.stderr)")
      XCTAssertEqual(compact.stdout.split(separator: "\n").count, 1, "\(args) prints one line")
      let pretty = try MCSimBinary.run(args + ["--json", "--pretty"])
      XCTAssertEqual(pretty.status, 0, "\(args): \(pretty.stderr)")
      XCTAssertGreaterThan(pretty.stdout.split(separator: "\n").count, 3, "\(args) indents")
      func parsed(_ text: String) throws -> NSObject {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSObject)
      }
      // The same document, elapsed times aside.
      let mask = { (s: String) in
        s.replacingOccurrences(of: #""elapsed_ms"\s*:\s*[0-9.eE+-]+"#, with: #""elapsed_ms":0"#, options: .regularExpression)
      }
      XCTAssertEqual(try parsed(mask(compact.stdout)), try parsed(mask(pretty.stdout)), "\(args)")
    }
  }
}
