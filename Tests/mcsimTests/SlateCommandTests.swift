import Foundation
import TestSupport
import XCTest

/// End to end: `mcsim slate` and `mcsim fair` on slate files, feeds and team stats, from files,
/// stdin and a local HTTP server; the batch contract; watch mode.
final class SlateCommandTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.endToEnd.require() }

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

  static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

  func object(_ text: String) throws -> [String: Any] {
    try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
  }

  /// The agent's batch response fields (docs/contracts.md, "Betting agent"), exactly named, with ev, edge
  /// and kelly in percent; plus tonight's fields where the input gives them.
  func testBatchContractFields() throws {
    let r = try MCSimBinary.run(["slate", Self.path("Scenarios/slate_batch.json"), "--json", "--seed", "5"])
    XCTAssertEqual(r.status, 0, r.stderr)
    let doc = try object(r.stdout)
    XCTAssertEqual(doc["success"] as? Bool, true)
    XCTAssertEqual(doc["n_games"] as? Int, 13)
    XCTAssertEqual(doc["n_sims_per_game"] as? Int, 10_000)
    XCTAssertEqual(doc["n_simulations"] as? Int, 10_000)
    XCTAssertEqual(doc["seed"] as? Int, 5)
    XCTAssertEqual(doc["n_failed"] as? Int, 0)
    let methodology = try XCTUnwrap(doc["methodology"] as? [String: Any])
    // The tonight endpoint's four sentences, and mcsim's advice thresholds.
    XCTAssertEqual(Set(methodology.keys), ["projection", "simulation", "overtime", "correlation", "advice"])
    for key in ["projection", "simulation", "overtime", "correlation"] { XCTAssertNotNil(methodology[key] as? String, key) }
    let games = try XCTUnwrap(doc["games"] as? [[String: Any]])
    XCTAssertEqual(games.count, 13)
    for g in games {
      for key in ["game_id", "home_abbr", "away_abbr", "projected", "line", "monte_carlo", "ev_metrics", "verdict"] {
        XCTAssertNotNil(g[key], key)
      }
      XCTAssertNil(g["error"])
      let mc = try XCTUnwrap(g["monte_carlo"] as? [String: Any])
      for key in ["p_over", "p_under", "mean_total", "std_total", "percentiles", "ci_95_over", "ci_95_under"] {
        XCTAssertNotNil(mc[key], key)
      }
      let ev = try XCTUnwrap(g["ev_metrics"] as? [String: Any])
      for key in ["ev_over", "ev_under", "edge_over", "edge_under", "kelly_over", "kelly_under", "recommended_bet"] {
        XCTAssertNotNil(ev[key], key)
      }
      // EV and edge stand on the model's exact probabilities (docs/one-game.md, "Advice"); the simulated
      // ones are beside them.
      let advice = try XCTUnwrap(g["advice"] as? [String: Any])
      XCTAssertEqual(advice["probability_source"] as? String, "exact")
      let over = try XCTUnwrap(advice["over"] as? [String: Any]), under = try XCTUnwrap(advice["under"] as? [String: Any])
      let pOver = try XCTUnwrap(over["probability"] as? Double), pUnder = try XCTUnwrap(under["probability"] as? Double)
      XCTAssertEqual(pOver + pUnder + (try XCTUnwrap(over["p_push"] as? Double)), 1, accuracy: 1e-12)
      XCTAssertEqual(over["simulated_probability"] as? Double, mc["p_over"] as? Double)
      // The agent's batch units: EV a fraction to 4 places, edge in percent to 1, Kelly a fraction.
      func round(_ x: Double, _ places: Double) -> Double {
        let scale = pow(10, places)
        return (x * scale).rounded(.toNearestOrEven) / scale
      }
      XCTAssertEqual(try XCTUnwrap(ev["ev_over"] as? Double), round(pOver * 0.91 - pUnder, 4), accuracy: 1e-12)
      XCTAssertEqual(try XCTUnwrap(ev["edge_under"] as? Double), round(100 * round(pUnder - 1 / 1.91, 4), 1), accuracy: 1e-12)
      let kelly = try XCTUnwrap(ev["kelly_over"] as? Double)
      XCTAssertTrue((0...0.05).contains(kelly), "kelly_over \(kelly) is a fraction of bankroll, capped at 0.05")
      let projected = try XCTUnwrap(g["projected"] as? Double), line = try XCTUnwrap(g["line"] as? Double)
      XCTAssertEqual(projected, round(projected, 1))
      let meanTotal = try XCTUnwrap(mc["mean_total"] as? Double)
      XCTAssertEqual(try XCTUnwrap(g["edge"] as? Double), round(round(meanTotal, 1) - line, 1), accuracy: 1e-12)
      let verdict = try XCTUnwrap(g["verdict"] as? String)
      XCTAssertTrue(["STRONG_UNDER", "LEAN_UNDER", "STRONG_OVER", "LEAN_OVER", "NEUTRAL"].contains(verdict), verdict)
      for key in ["home_ppg", "home_opp_ppg", "home_std", "away_ppg", "away_opp_ppg", "away_std", "home_team_id", "home_team"] {
        XCTAssertNotNil(g[key], key)
      }
    }
  }

  /// The tonight endpoint's published sample: every field it has, mcsim has too (games from a
  /// feed and team stats).
  func testTonightSampleFieldsArePresent() throws {
    let sample = try object(
      String(
        decoding: try Data(
          contentsOf: Self.root.appendingPathComponent(
            "Tests/LineFeedsTests/Resources/betting_agent_tonight_totals_response.json")), as: UTF8.self))
    let r = try MCSimBinary.run([
      "slate", "--odds", Self.path("Tests/LineFeedsTests/Resources/betting_agent_odds_feed.json"),
      "--stats-from", Self.path("Scenarios/nba_results_2023.csv"), "--as-of", "2023-12-11", "--json", "--seed", "2",
    ])
    XCTAssertEqual(r.status, 0, r.stderr)
    let doc = try object(r.stdout)
    XCTAssertTrue(Set(sample.keys).isSubset(of: Set(doc.keys)), "\(Set(sample.keys).subtracting(doc.keys))")
    let sampleGame = try XCTUnwrap((sample["games"] as? [[String: Any]])?.first)
    let game = try XCTUnwrap((doc["games"] as? [[String: Any]])?.first)
    XCTAssertTrue(Set(sampleGame.keys).isSubset(of: Set(game.keys)), "\(Set(sampleGame.keys).subtracting(game.keys))")
    for block in ["monte_carlo", "ev_metrics"] {
      let a = try XCTUnwrap(sampleGame[block] as? [String: Any]), b = try XCTUnwrap(game[block] as? [String: Any])
      XCTAssertTrue(Set(a.keys).isSubset(of: Set(b.keys)), "\(block): \(Set(a.keys).subtracting(b.keys))")
    }
    XCTAssertEqual(game["home_team"] as? String, "Indiana Pacers")
    XCTAssertEqual(game["line"] as? Double, 232.5)
    XCTAssertEqual(game["over_odds"] as? Double, 1.99)
    XCTAssertNotNil((game["spread"] as? [String: Any])?["p_home_cover"])
    XCTAssertNotNil((game["moneyline"] as? [String: Any])?["p_home_win"])
  }

  /// A game without a line and a corrupt game get their errors; the others are evaluated and the
  /// exit status says some failed. NDJSON streams the refused games first.
  func testMissingLineAndCorruptGame() throws {
    let slate = """
      {"games": [
        {"game_id": "g1", "home_team_abbr": "BOS", "away_team_abbr": "MIA", "home_ppg": 118, "home_opp_ppg": 109, "away_ppg": 111, "away_opp_ppg": 110, "total_line": 224.5},
        {"game_id": "g2", "home_team_abbr": "DEN", "away_team_abbr": "PHX", "home_ppg": 116, "home_opp_ppg": 111, "away_ppg": 114, "away_opp_ppg": 113, "total_line": null},
        {"game_id": "g3", "home_team_abbr": "NYK", "away_team_abbr": "CHI", "home_ppg": 112, "home_opp_ppg": "lots", "away_ppg": 110, "away_opp_ppg": 111, "total_line": 221},
        {"game_id": "g4", "home_team_abbr": "LAL", "away_team_abbr": "GSW", "home_ppg": 115, "home_opp_ppg": 114, "away_ppg": 117, "away_opp_ppg": 115, "total_line": 230.5, "under_odds": 2.05}
      ], "n_sims": 20000}
      """
    let r = try MCSimBinary.run(["slate", "-", "--json", "--seed", "9"], stdin: slate)
    XCTAssertEqual(r.status, 3, r.stderr)
    let games = try XCTUnwrap(try object(r.stdout)["games"] as? [[String: Any]])
    XCTAssertEqual(games.map { $0["game_id"] as? String }, ["g1", "g2", "g3", "g4"])
    XCTAssertTrue(games[1]["monte_carlo"] is NSNull)
    XCTAssertEqual(games[1]["error"] as? String, "No betting line available")
    XCTAssertEqual(games[1]["verdict"] as? String, "NO_LINE")
    XCTAssertTrue(games[2]["monte_carlo"] is NSNull)
    XCTAssertEqual(games[2]["error"] as? String, "field 'games[2].home_opp_ppg' must be a number")
    XCTAssertEqual(games[2]["home_abbr"] as? String, "NYK")
    for g in [games[0], games[3]] {
      XCTAssertNil(g["error"])
      XCTAssertEqual((g["monte_carlo"] as? [String: Any])?["n_simulations"] as? Int, 20_000)
    }

    let nd = try MCSimBinary.run(["slate", "-", "--ndjson", "--seed", "9"], stdin: slate)
    XCTAssertEqual(nd.status, 3)
    let lines = nd.stdout.split(separator: "\n").map(String.init)
    // Refused games at once, in input order; simulated ones as each finishes (in either order:
    // g1 and g4 simulate at the same time).
    let ids = try lines.map { try object($0)["game_id"] as? String }
    XCTAssertEqual(Array(ids.prefix(2)), ["g2", "g3"])
    XCTAssertEqual(Set(ids.dropFirst(2)), ["g1", "g4"])
    // The same games whatever the format.
    let g1 = try XCTUnwrap(lines.first { (try? object($0)["game_id"] as? String) == "g1" })
    let streamed = try XCTUnwrap(try object(g1)["monte_carlo"] as? [String: Any])
    XCTAssertEqual(streamed["p_over"] as? Double, (games[0]["monte_carlo"] as? [String: Any])?["p_over"] as? Double)

    let table = try MCSimBinary.run(["slate", "-", "--seed", "9"], stdin: slate)
    XCTAssertEqual(table.status, 3)
    XCTAssertTrue(table.stdout.contains("MIA@BOS"))
    // Named by its teams as the rows above, its game_id beside (issue 47: feed rows read as hashes).
    XCTAssertTrue(table.stdout.contains("PHX@DEN (g2)  NO_LINE: No betting line available"), table.stdout)
    XCTAssertTrue(table.stdout.contains("2 of 4 games not evaluated"), table.stdout)
  }

  /// With --league-factor an invalid game is left out of the joint simulation and listed; the
  /// games that priced are simulated together. A factor above the largest that keeps the
  /// matrix PSD ((1 + rho) / 2 = 0.75 at the default rho 0.5) is refused naming it.
  func testLeagueFactorLeavesOutInvalidGamesAndIsBounded() throws {
    let slate = """
      {"games": [
        {"game_id": "g1", "home_team_abbr": "BOS", "away_team_abbr": "MIA", "home_ppg": 118, "home_opp_ppg": 109, "away_ppg": 111, "away_opp_ppg": 110, "total_line": 224.5},
        {"game_id": "bad", "home_team_abbr": "DEN", "away_team_abbr": "PHX", "home_ppg": 116, "home_opp_ppg": 111, "away_ppg": 114, "away_opp_ppg": 113, "home_std_dev": 1000, "total_line": 226.5},
        {"game_id": "g4", "home_team_abbr": "LAL", "away_team_abbr": "GSW", "home_ppg": 115, "home_opp_ppg": 114, "away_ppg": 117, "away_opp_ppg": 115, "total_line": 230.5}
      ], "n_sims": 20000}
      """
    let r = try MCSimBinary.run(["slate", "-", "--json", "--seed", "9", "--league-factor", "0.2"], stdin: slate)
    XCTAssertEqual(r.status, 3, r.stderr)
    let block = try XCTUnwrap(try object(r.stdout)["league_factor"] as? [String: Any])
    XCTAssertEqual(block["games"] as? [String], ["g1", "g4"])
    XCTAssertEqual(block["left_out"] as? [String], ["bad (not priced)"])
    let table = try MCSimBinary.run(["slate", "-", "--seed", "9", "--league-factor", "0.2"], stdin: slate)
    XCTAssertTrue(table.stdout.contains("Left out     bad (not priced)"), table.stdout)

    let tooHigh = try MCSimBinary.run(["slate", "-", "--seed", "9", "--league-factor", "0.8", "--model", "seed"], stdin: slate)
    XCTAssertEqual(tooHigh.status, 64, tooHigh.stderr)
    XCTAssertTrue(tooHigh.stderr.contains("--league-factor 0.8: must be at most 0.75 "), tooHigh.stderr)
  }

  /// Same seed, same slate: the same numbers for any thread count.
  func testThreadInvariance() throws {
    func games(_ threads: String) throws -> NSArray {
      let r = try MCSimBinary.run(["slate", Self.path("Scenarios/slate_native.json"), "--json", "--sims", "200000", "--threads", threads])
      XCTAssertEqual(r.status, 0, r.stderr)
      let list = try XCTUnwrap(try object(r.stdout)["games"] as? [[String: Any]])
      return list.map { g -> [String: Any] in
        var g = g
        var mc = g["monte_carlo"] as! [String: Any]
        mc["elapsed_ms"] = nil
        mc["threads"] = nil
        g["monte_carlo"] = mc
        return g
      } as NSArray
    }
    let one = try games("1")
    XCTAssertEqual(one.count, 7)
    XCTAssertEqual(one, try games("2"))
  }

  /// The native scenario: spreads and moneylines priced under the tie model, sorted by EV.
  func testNativeSlateTableAndCSV() throws {
    let json = try MCSimBinary.run(["slate", Self.path("Scenarios/slate_native.json"), "--json"])
    XCTAssertEqual(json.status, 0, json.stderr)
    let doc = try object(json.stdout)
    XCTAssertEqual(doc["seed"] as? Int, 20221212)
    for g in try XCTUnwrap(doc["games"] as? [[String: Any]]) {
      let spread = try XCTUnwrap(g["spread"] as? [String: Any]), ml = try XCTUnwrap(g["moneyline"] as? [String: Any])
      XCTAssertEqual(spread["ot_model"] as? String, "tie")
      XCTAssertEqual(ml["p_tie"] as? Double, 0)
      XCTAssertNotNil(g["best_bet"])
    }
    let table = try MCSimBinary.run(["slate", Self.path("Scenarios/slate_native.json")])
    XCTAssertEqual(table.status, 0)
    let evs = table.stdout.split(separator: "\n").compactMap { line -> Double? in
      // Game rows (the stakes listed below the table are indented); EV is followed by the
      // market, advice and stake columns.
      guard line.contains("@"), line.contains("%"), !line.hasPrefix(" ") else { return nil }
      let cells = line.split(separator: " ")
      return Double(cells[cells.count - 4].dropLast())
    }
    XCTAssertEqual(evs.count, 7)
    XCTAssertEqual(evs, evs.sorted(by: >))

    let csv = try MCSimBinary.run(["slate", Self.path("Scenarios/slate_native.json"), "--csv"])
    XCTAssertEqual(csv.status, 0)
    let rows = csv.stdout.split(separator: "\n")
    XCTAssertEqual(rows.count, 8)
    let header = rows[0].split(separator: ",").map(String.init)
    XCTAssertEqual(header.first, "game_id")
    XCTAssertTrue(header.contains("p_home_cover") && header.contains("p_home_win") && header.contains("best_ev_frac"))
    XCTAssertTrue(rows.dropFirst().allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == header.count })
    // One unit a column, named: fractions (ev, edge, kelly, stakes) say _frac, money _amount, and
    // each fraction agrees with the JSON's fraction.
    for column in ["ev_over_frac", "kelly_over_frac", "stake_total_frac", "stake_total_amount"] {
      XCTAssertTrue(header.contains(column), column)
    }
    XCTAssertFalse(header.contains("kelly_over"))
    let seededJSON = try MCSimBinary.json(["slate", Self.path("Scenarios/slate_native.json"), "--json", "--seed", "4"])
    let csvSeeded = try MCSimBinary.run(["slate", Self.path("Scenarios/slate_native.json"), "--csv", "--seed", "4"])
    let first = csvSeeded.stdout.split(separator: "\n")[1].split(separator: ",", omittingEmptySubsequences: false)
    let game = try XCTUnwrap((seededJSON["games"] as? [[String: Any]])?.first)
    let evOver = try XCTUnwrap((game["ev_metrics"] as? [String: Any])?["ev_over"] as? Double)
    let csvEV = try XCTUnwrap(Double(first[header.firstIndex(of: "ev_over_frac")!]))
    XCTAssertEqual(csvEV, evOver, accuracy: 5e-5, "the JSON's agent field is the batch's: a fraction to 4 places")
    XCTAssertLessThan(abs(csvEV), 1)
  }

  /// The CSV carries each side's advice as the JSON's `advice` blocks give it: the probability,
  /// the market's, EV, grade and why it is withheld, so a row whose side is +EV but NO_BET says
  /// why (here `--max-market-gap 0.01` withholds sides where model and market part).
  func testTheCSVSaysEachSidesAdviceAsTheJSONDoes() throws {
    let arguments = ["slate", Self.path("Scenarios/slate_native.json"), "--seed", "4", "--max-market-gap", "0.01"]
    let json = try MCSimBinary.json(arguments + ["--json"])
    let csv = try MCSimBinary.run(arguments + ["--csv"])
    XCTAssertEqual(csv.status, 0, csv.stderr)
    let rows = csv.stdout.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    let header = rows[0]
    func cell(_ row: [String], _ column: String) throws -> String { row[try XCTUnwrap(header.firstIndex(of: column), column)] }
    var withheld = 0
    for (game, row) in zip(try XCTUnwrap(json["games"] as? [[String: Any]]), rows.dropFirst()) {
      let blocks: [(String, [String: Any]?)] = [
        ("over", (game["advice"] as? [String: Any])?["over"] as? [String: Any]),
        ("under", (game["advice"] as? [String: Any])?["under"] as? [String: Any]),
        ("home_spread", ((game["spread"] as? [String: Any])?["advice"] as? [String: Any])?["home"] as? [String: Any]),
        ("away_spread", ((game["spread"] as? [String: Any])?["advice"] as? [String: Any])?["away"] as? [String: Any]),
        ("home_ml", ((game["moneyline"] as? [String: Any])?["advice"] as? [String: Any])?["home"] as? [String: Any]),
        ("away_ml", ((game["moneyline"] as? [String: Any])?["advice"] as? [String: Any])?["away"] as? [String: Any]),
      ]
      for (side, advice) in blocks {
        let advice = try XCTUnwrap(advice, "\(game["game_id"]!) \(side)")
        let reasons = (advice["withheld"] as? [String] ?? []).joined(separator: ";")
        withheld += reasons.isEmpty ? 0 : 1
        XCTAssertEqual(try cell(row, "advice_\(side)_withheld"), reasons, side)
        XCTAssertEqual(try cell(row, "advice_\(side)_grade"), advice["grade"] as? String, side)
        for (column, key) in [("probability", "probability"), ("market_probability", "market_probability"), ("ev_frac", "ev")] {
          let value = try XCTUnwrap(Double(try cell(row, "advice_\(side)_\(column)")), "\(side) \(column)")
          XCTAssertEqual(value, try XCTUnwrap(advice[key] as? Double), accuracy: 1e-12, "\(side) \(column)")
        }
      }
    }
    XCTAssertGreaterThan(withheld, 0, "the slate has sides withheld")
  }

  /// A feed with a matching team-stats file, and the same feed over HTTP.
  /// `--from-market`: each game of a real feed (FanDuel's totals, spreads and moneylines) is
  /// projected so that its own total is a fair line of the exact model (P(over) = P(under) to the
  /// solver's precision), the moneyline then priced from those means; games without both lines,
  /// or in play, are their own errors; the methodology says where the projections come from.
  func testFeedProjectedFromItsOwnMarkets() throws {
    let feed = Self.path("Scenarios/feed_odds_api_nba_spreads.json")
    let r = try MCSimBinary.run(["slate", "--odds", feed, "--from-market", "--sims", "20000", "--seed", "1", "--json"])
    XCTAssertEqual(r.status, 3, r.stderr)  // some games have no spread: partial
    let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    let games = try XCTUnwrap(doc["games"] as? [[String: Any]])
    let priced = games.filter { $0["error"] == nil }
    XCTAssertEqual(priced.count, 12)
    for g in priced {
      let advice = try XCTUnwrap(g["advice"] as? [String: Any])
      let over = try XCTUnwrap((advice["over"] as? [String: Any])?["exact_probability"] as? Double)
      let under = try XCTUnwrap((advice["under"] as? [String: Any])?["exact_probability"] as? Double)
      XCTAssertEqual(over, under, accuracy: 1e-8, "\(g["game_id"] ?? "")")
      XCTAssertNotNil(g["moneyline"], "the moneyline is priced from the implied means")
      XCTAssertTrue((g["warnings"] as? [String] ?? []).contains { $0.hasPrefix("projections ") })
    }
    XCTAssertTrue(games.contains { ($0["error"] as? String)?.contains("main total and spread") == true })
    let methodology = try XCTUnwrap(doc["methodology"] as? [String: Any])
    XCTAssertTrue((methodology["projection"] as? String ?? "").hasPrefix("Market-implied"))
    let refused = try MCSimBinary.run(["slate", "--odds", feed, "--from-market", "--stats", Self.path("Scenarios/feed_team_stats.json")])
    XCTAssertEqual(refused.status, 64)
    XCTAssertTrue(refused.stderr.contains("--from-market"), refused.stderr)
  }

  func testFeedWithTeamStats() throws {
    let args = [
      "slate", "--odds", Self.path("Scenarios/feed_odds_api_nba.json"), "--stats", Self.path("Scenarios/feed_team_stats.json"), "--json", "--seed",
      "4",
    ]
    let r = try MCSimBinary.run(args)
    XCTAssertEqual(r.status, 0, r.stderr)
    let doc = try object(r.stdout)
    let games = try XCTUnwrap(doc["games"] as? [[String: Any]])
    XCTAssertEqual(games.count, 18)
    XCTAssertTrue(games.allSatisfy { $0["monte_carlo"] is NSNull && $0["spread"] != nil && $0["verdict"] as? String == "NO_LINE" })
    let inputs = try XCTUnwrap(doc["inputs"] as? [String: Any])
    XCTAssertEqual(inputs["odds_format"] as? String, "odds-api")

    let body = try Data(contentsOf: URL(fileURLWithPath: Self.path("Scenarios/feed_odds_api_nba.json")))
    let server = try LocalHTTPServer { _, _ in LocalHTTPServer.Response(body: body) }
    var remote = args
    remote[2] = server.url.absoluteString + "/v4/sports/basketball_nba/odds?apiKey=SECRET"
    let viaHTTP = try MCSimBinary.run(remote)
    XCTAssertEqual(viaHTTP.status, 0, viaHTTP.stderr)
    let remoteDoc = try object(viaHTTP.stdout)
    XCTAssertEqual(remoteDoc["games"] as? NSArray, doc["games"] as? NSArray)
    let odds = try XCTUnwrap((remoteDoc["inputs"] as? [String: Any])?["odds"] as? String)
    XCTAssertTrue(odds.hasPrefix("http://127.0.0.1:") && odds.contains(" (url ") && !odds.contains("SECRET"), odds)
  }

  /// `fair` reads every feed format, from a file, stdin or a URL; a 4xx is one clear line.
  func testFairReadsEveryFormat() throws {
    let agent = try String(contentsOfFile: Self.path("Tests/LineFeedsTests/Resources/betting_agent_odds_feed.json"), encoding: .utf8)
    let viaStdin = try MCSimBinary.run(["fair", "-", "--json"], stdin: agent)
    XCTAssertEqual(viaStdin.status, 0, viaStdin.stderr)
    XCTAssertEqual((try object(viaStdin.stdout)["bets"] as? [Any])?.count, 8)
    let american = try MCSimBinary.run(["fair", Self.path("Tests/LineFeedsTests/Resources/odds/theoddsapi_v4_basketball_nba_american.json")])
    XCTAssertEqual(american.status, 0, american.stderr)
    XCTAssertTrue(american.stdout.contains("Phoenix Suns @ Orlando Magic 2026-03-31 h2h Orlando Magic"))
    let forced = try MCSimBinary.run(["fair", "-", "--format", "odds-api"], stdin: agent)
    XCTAssertNotEqual(forced.status, 0)
    XCTAssertTrue(forced.stderr.contains("expected an array of events"), forced.stderr)

    let server = try LocalHTTPServer { _, _ in .json(#"{"message": "Usage quota has been reached"}"#, status: 401) }
    let refused = try MCSimBinary.run(["fair", server.url.absoluteString + "/odds?apiKey=k"])
    XCTAssertNotEqual(refused.status, 0)
    XCTAssertTrue(refused.stderr.contains("HTTP 401: the feed refused the credentials, or the key's quota is used up"), refused.stderr)
    XCTAssertFalse(refused.stderr.contains("Usage quota has been reached"), "the upstream's text is never echoed")
    XCTAssertEqual(server.requests.count, 1)
  }

  /// Watch mode against a local server whose lines change between polls: the first poll prints
  /// the slate, unchanged polls print nothing, a move prints the game with its move, and a failed
  /// poll keeps the last lines.
  func testWatchPrintsOnlyMoves() throws {
    let stats = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-watch-stats-\(getpid()).json")
    try #"{"teams": [{"team": "IND", "ppg": 121, "opp_ppg": 120, "sd": 12}, {"team": "OKC", "ppg": 122, "opp_ppg": 111, "sd": 11}]}"#
      .write(to: stats, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: stats) }
    @Sendable func feed(total: String, over: String) -> String {
      """
      {"games": [{"gameId": "1", "homeTeam": "Indiana Pacers", "awayTeam": "Oklahoma City Thunder", "startTime": "2025-11-30T00:00:00Z",
        "homeOdds": {"spread": "+7.0", "spreadOdds": "1.833", "moneyline": "3.620", "total": "\(total)", "overOdds": "\(over)", "underOdds": "1.892"},
        "awayOdds": {"spread": "-7.0", "spreadOdds": "2.070", "moneyline": "1.327"}}], "source": "database", "timestamp": "2025-11-29T12:00:00Z"}
      """
    }
    // Two runs of five polls each.
    let server = try LocalHTTPServer(maxRequests: 10) { i, _ in
      switch i % 5 {
      case 0, 1: .json(feed(total: "232.5", over: "1.990"))
      case 3: .json("busy", status: 503)
      default: .json(feed(total: "236.5", over: "1.950"))
      }
    }
    let base = [
      "slate", "--odds", server.url.absoluteString + "/api/betting/odds", "--stats", stats.path,
      "--watch", "0.02", "--polls", "5", "--retries", "0", "--seed", "1",
    ]
    let nd = try MCSimBinary.run(base + ["--ndjson"])
    XCTAssertEqual(nd.status, 0, nd.stderr)
    XCTAssertEqual(server.requests.count, 5)
    let lines = try nd.stdout.split(separator: "\n").map { try object(String($0)) }
    XCTAssertEqual(lines.count, 2, nd.stdout)
    XCTAssertEqual(lines[0]["line"] as? Double, 232.5)
    XCTAssertEqual(lines[1]["poll"] as? Int, 3)
    XCTAssertEqual(lines[1]["kind"] as? String, "moved")
    let changes = try XCTUnwrap(lines[1]["changes"] as? [[String: Any]])
    let line = try XCTUnwrap(changes.first { $0["market"] as? String == "total" && $0["field"] as? String == "line" })
    XCTAssertEqual(line["from"] as? String, "232.5")
    XCTAssertEqual(line["to"] as? String, "236.5")
    XCTAssertTrue(changes.contains { $0["field"] as? String == "over" })
    XCTAssertEqual((lines[1]["result"] as? [String: Any])?["line"] as? Double, 236.5)
    XCTAssertTrue(nd.stderr.contains("poll 4: "), nd.stderr)
    XCTAssertTrue(nd.stderr.contains("keeping the lines of the last good poll"), nd.stderr)

    let table = try MCSimBinary.run(base)
    XCTAssertEqual(table.status, 0, table.stderr)
    XCTAssertTrue(table.stdout.contains("OKC@IND"), table.stdout)
    XCTAssertTrue(table.stdout.contains("poll 3"), table.stdout)
    XCTAssertTrue(table.stdout.contains("total line 232.5 → 236.5"), table.stdout)
    // A poll where nothing moved says so (issue 47: it printed nothing).
    XCTAssertTrue(table.stdout.contains("poll 2 · ") && table.stdout.contains("· nothing moved"), table.stdout)
    XCTAssertTrue(table.stdout.contains("poll 5 · "), table.stdout)
    XCTAssertEqual(server.requests.count, 10)
  }

  func testRefusals() throws {
    let none = try MCSimBinary.run(["slate"])
    XCTAssertEqual(none.status, 64)
    XCTAssertTrue(none.stderr.contains("slate file"), none.stderr)
    let watch = try MCSimBinary.run(["slate", Self.path("Scenarios/slate_batch.json"), "--watch", "5"])
    XCTAssertEqual(watch.status, 64)
    XCTAssertTrue(watch.stderr.contains("--odds"), watch.stderr)
    let asOf = try MCSimBinary.run(["slate", "--odds", "x.json", "--stats-from", "r.csv"])
    XCTAssertEqual(asOf.status, 64)
    XCTAssertTrue(asOf.stderr.contains("--as-of"), asOf.stderr)
    let bad = try MCSimBinary.run(["slate", "-"], stdin: "{\"games\": 5}")
    XCTAssertEqual(bad.status, 1)
    XCTAssertEqual(bad.stderr, "Error: stdin: field 'games' must be an array\n")
    let missing = try MCSimBinary.run(["slate", "/nonexistent/slate.json"])
    XCTAssertEqual(missing.status, 1)
    XCTAssertEqual(missing.stderr, "Error: /nonexistent/slate.json: no such file\n")
    let sims = try MCSimBinary.run(["slate", Self.path("Scenarios/slate_batch.json"), "--sims", "0"])
    XCTAssertEqual(sims.status, 64)
    XCTAssertTrue(sims.stderr.contains("--sims 0"), sims.stderr)
    // A feed that cannot be reached is a runtime failure.
    let server = try LocalHTTPServer { _, _ in .json("[]") }
    let url = server.url.absoluteString
    server.stop()
    let unreachable = try MCSimBinary.run(["slate", "--odds", url, "--stats", Self.path("Scenarios/feed_team_stats.json"), "--retries", "0"])
    XCTAssertEqual(unreachable.status, 1, unreachable.stderr)
    XCTAssertTrue(unreachable.stderr.hasPrefix("Error: --odds http://127.0.0.1"), unreachable.stderr)
  }
}
