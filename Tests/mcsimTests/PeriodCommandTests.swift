import Foundation
import TestSupport
import XCTest

/// `run --period`: a game's quarters and halves priced beside it on the shipped model's quarter
/// model, with the JSON `periods` block; `calibrate --periods` writes and prints the quarter model.
final class PeriodCommandTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.endToEnd.require() }

  func testRunPricesThePeriodsAsked() throws {
    let doc = try MCSimBinary.json(
      [
        "run", "--line", "225.5", "--home", "115", "--away", "112", "--seed", "1", "--period", "h1", "--period-line", "112.5",
        "--period-spread", "-1.5", "--json",
      ])
    let h1 = try XCTUnwrap(((doc["result"] as? [String: Any])?["periods"] as? [String: [String: Double]])?["h1"])
    for key in [
      "mean_home", "mean_away", "mean_total", "mean_margin", "sd_total", "sd_margin", "p_over", "p_under", "p_push",
      "p_home_cover", "p_away_cover", "p_spread_push", "p_home_win", "p_away_win", "p_tie", "total_line", "spread",
    ] {
      XCTAssertNotNil(h1[key], key)
    }
    XCTAssertEqual(h1["p_over"]! + h1["p_under"]! + h1["p_push"]!, 1, accuracy: 1e-12)
    XCTAssertEqual(h1["p_home_win"]! + h1["p_away_win"]! + h1["p_tie"]!, 1, accuracy: 1e-12)
    XCTAssertEqual(h1["p_push"]!, 0, "a half-point line never pushes")
    // The first half of a game projected 115-112 is about half of it, the home side ahead.
    XCTAssertEqual(h1["mean_total"]!, 227 / 2, accuracy: 2)
    XCTAssertGreaterThan(h1["mean_margin"]!, 0)
    // A first-half tie is a few percent, as the data have it (3-4%).
    XCTAssertTrue((0.02...0.06).contains(h1["p_tie"]!), "\(h1["p_tie"]!)")
    // The lines go with one period.
    let two = try MCSimBinary.run([
      "run", "--line", "225.5", "--home", "115", "--away", "112", "--period", "h1", "--period", "q1", "--period-line", "50.5",
    ])
    XCTAssertEqual(two.status, 64)
    XCTAssertTrue(two.stderr.contains("--period-line 50.5: goes with exactly one period (got 2)"), two.stderr)
    // The seed's defaults have no quarter model: said, naming the period.
    let seed = try MCSimBinary.run(["run", "--line", "225.5", "--home", "115", "--away", "112", "--period", "h1", "--model", "seed"])
    XCTAssertNotEqual(seed.status, 0)
    XCTAssertTrue(seed.stderr.contains("the model has no quarter model"), seed.stderr)
  }

  func testCalibrateFitsTheQuarterModel() throws {
    let root = GoldenOutputTests.projectRoot
    let r = try MCSimBinary.run(
      ["calibrate", "data/nba_games_lines.csv", "--seasons", "2007-08:2017-18", "--periods", "data/nba_periods.csv"], cwd: root)
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertTrue(r.stdout.contains("By quarter (13288 games"), r.stdout)
    // The margin reverts: the second half's moves against the first's (about -0.27 on public data).
    let line = try XCTUnwrap(r.stdout.split(separator: "\n").first { $0.contains("second-half margin on the first half's") })
    let value = try XCTUnwrap(Double(line.split(separator: ":")[2].split(separator: " ")[0]))
    XCTAssertEqual(value, -0.27, accuracy: 0.03)
    let bad = try MCSimBinary.run(["calibrate", "data/nba_games_lines.csv", "--periods", "data/nba_games_lines.csv"], cwd: root)
    XCTAssertEqual(bad.status, 1)
    XCTAssertTrue(bad.stderr.contains("missing column 'home_q1'"), bad.stderr)
  }

  /// A slate file's `period_lines` price each game's periods (`games[i].periods`, as the held-out
  /// checks read them); a game without them has none; an unknown period is that game's error.
  func testSlateFilesPriceTheirPeriodLines() throws {
    let slate = #"""
      {"games": [{"game_id": "g1", "home_projection": 115, "away_projection": 110, "total_line": 224.5, "spread": -4.5,
        "period_lines": {"h1": {"total": 112.5, "spread": -2.5}, "q1": {"total": 56.5}}},
       {"game_id": "g2", "home_projection": 108, "away_projection": 112, "total_line": 219.5},
       {"game_id": "g3", "home_projection": 108, "away_projection": 112, "period_lines": {"h3": {"total": 50.5}}}]}
      """#
    let r = try MCSimBinary.run(["slate", "-", "--seed", "1", "--json"], stdin: slate)
    XCTAssertEqual(r.status, 3, r.stderr)
    let games = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])?["games"] as? [[String: Any]])
    let periods = try XCTUnwrap(games[0]["periods"] as? [String: [String: Double]])
    XCTAssertEqual(Set(periods.keys), ["h1", "q1"])
    let h1 = try XCTUnwrap(periods["h1"])
    XCTAssertEqual(h1["total_line"], 112.5)
    XCTAssertEqual(h1["spread"], -2.5)
    XCTAssertEqual(h1["p_spread_push"], 0, "a half-point spread never pushes")
    XCTAssertEqual(h1["p_over"]! + h1["p_under"]!, 1, accuracy: 1e-12)
    XCTAssertNil(periods["q1"]?["spread"])
    XCTAssertNotNil(periods["q1"]?["p_over"])
    // The first half of the full game's 115-110: about half, home ahead.
    XCTAssertEqual(h1["mean_total"]!, 225.0 / 2, accuracy: 2)
    XCTAssertNil(games[1]["periods"])
    XCTAssertTrue((games[2]["error"] as? String)?.contains("unknown period 'h3'") ?? false, "\(games[2])")
  }

  /// A period's priced sides are advised (`periods.h1.advice`, by market and side) and their
  /// recommended bets are staked with the slate's, under its one exposure cap, each stake naming
  /// its period; a side without a price is not advised; a bad price field is that game's error.
  func testPricedPeriodSidesAreAdvisedAndStakedWithTheSlate() throws {
    let slate = #"""
      {"games": [{"game_id": "g1", "home_projection": 118, "away_projection": 104, "total_line": 222.5,
        "period_lines": {"h1": {"total": 106.5, "over_odds": "-110", "under_odds": "-110", "home_ml": "+150", "away_ml": "-180"},
                         "q1": {"total": 53.5, "spread": -1.5, "home_ml": "+160", "away_ml": "-140", "draw_ml": "+1000"},
                         "q2": {"spread": -20.5, "away_spread_odds": "-110"}}},
       {"game_id": "g2", "home_projection": 110, "away_projection": 110,
        "period_lines": {"h1": {"total": 110.5, "over": "-110"}}}]}
      """#
    let r = try MCSimBinary.run(
      ["slate", "-", "--seed", "1", "--json", "--trust-model", "--blend", "1", "--max-exposure", "0.05", "--bankroll", "1000"],
      stdin: slate)
    XCTAssertEqual(r.status, 3, r.stderr)
    let doc = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    let games = try XCTUnwrap(doc["games"] as? [[String: Any]])
    let periods = try XCTUnwrap(games[0]["periods"] as? [String: [String: Any]])
    let h1 = try XCTUnwrap(periods["h1"]?["advice"] as? [String: [String: Any]])
    XCTAssertEqual(Set(h1.keys), ["total", "moneyline"], "the h1 spread has no line, so no advice")
    let over = try XCTUnwrap(h1["total"]?["over"] as? [String: Any])
    let pOver = try XCTUnwrap(periods["h1"]?["p_over"] as? Double)
    XCTAssertEqual(over["probability"] as? Double ?? -1, pOver, accuracy: 1e-12, "the model alone (blend 1): the exact p_over")
    XCTAssertEqual(over["ev"] as? Double ?? -1, pOver * (100 / 110.0) - (1 - pOver), accuracy: 1e-12)
    XCTAssertEqual(over["recommended"] as? Bool, true, "a 222.5 game's first half at 106.5 is a clear over")
    XCTAssertEqual(periods["h1"]?["over_odds"] as? Double ?? 0, 1 + 100 / 110.0, accuracy: 1e-12)
    // The first quarter's three-way moneyline: a draw side; its spread has no prices, so no advice.
    let q1 = try XCTUnwrap(periods["q1"]?["advice"] as? [String: [String: Any]])
    XCTAssertEqual(Set(q1.keys), ["moneyline"])
    XCTAssertNotNil(q1["moneyline"]?["draw"])
    XCTAssertEqual(q1["moneyline"]?["recommended_bet"] as? String != nil, true)
    // Staked with the slate: the period bets carry their period, and all stakes fit the cap.
    let stakes = try XCTUnwrap(games[0]["stakes"] as? [[String: Any]])
    let h1Over = try XCTUnwrap(stakes.first { $0["period"] as? String == "h1" && $0["side"] as? String == "over" })
    XCTAssertEqual(h1Over["market"] as? String, "total")
    XCTAssertEqual(h1Over["line"] as? Double, 106.5)
    // The away side of a period spread takes the line as the away team does: +20.5.
    let q2Away = try XCTUnwrap(stakes.first { $0["period"] as? String == "q2" })
    XCTAssertEqual(q2Away["side"] as? String, "away")
    XCTAssertEqual(q2Away["line"] as? Double, 20.5)
    // One side a market: a three-way moneyline stakes at most one of its three.
    XCTAssertLessThanOrEqual(stakes.filter { $0["period"] as? String == "q1" && $0["market"] as? String == "moneyline" }.count, 1)
    let fractions = stakes.compactMap { $0["stake_fraction"] as? Double }
    XCTAssertEqual(fractions.reduce(0, +), doc["total_exposure_fraction"] as? Double ?? -1, accuracy: 1e-12)
    XCTAssertLessThanOrEqual(fractions.reduce(0, +), 0.05 + 1e-12)
    XCTAssertEqual(h1Over["stake"] as? Double ?? 0, 1000 * (h1Over["stake_fraction"] as? Double ?? -1), accuracy: 1e-9)
    // A price field a period does not have is that game's error, named.
    XCTAssertTrue((games[1]["error"] as? String)?.contains("unknown period field 'over'") ?? false, "\(games[1])")
    // The table lists the period bets with the slate's stakes.
    let table = try MCSimBinary.run(
      ["slate", "-", "--seed", "1", "--trust-model", "--blend", "1", "--max-exposure", "0.05", "--bankroll", "1000"], stdin: slate)
    XCTAssertTrue(table.stdout.contains("h1 total over 106.5 @ 1.91"), table.stdout)
  }

  /// `backtest --at`: the games of a season replayed at half time on the walk-forward quarter model,
  /// beside Stern's Brownian motion and the half-time market, as JSON, a table and a picture; the
  /// options refused by name.
  func testBacktestAtHalfTime() throws {
    let root = GoldenOutputTests.projectRoot
    let svg = FileManager.default.temporaryDirectory.appendingPathComponent("inplay-\(UUID().uuidString).svg").path
    defer { try? FileManager.default.removeItem(atPath: svg) }
    let base = ["backtest", "data/nba_games_lines.csv", "--periods", "data/nba_periods.csv", "--seasons", "2016-17", "--stage", "regular"]
    let r = try MCSimBinary.run(base + ["--at", "half", "--at", "q3", "--json", "--svg", svg], cwd: root)
    XCTAssertEqual(r.status, 0, r.stderr)
    let doc = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    let checkpoints = try XCTUnwrap(doc["checkpoints"] as? [[String: Any]])
    XCTAssertEqual(checkpoints.map { $0["at"] as? String }, ["half", "q3"])
    let half = checkpoints[0]
    XCTAssertEqual(half["quarters_played"] as? Int, 2)
    let games = try XCTUnwrap(half["games"] as? Int)
    XCTAssertGreaterThan(games, 1_100)
    for key in ["model", "stern"] {
      let s = try XCTUnwrap(half[key] as? [String: Any], key)
      XCTAssertNotNil(s["log_loss"] as? Double, key)
      XCTAssertNotNil(s["mae_remaining"] as? Double, key)
      let bins = try XCTUnwrap(s["reliability"] as? [[String: Any]], key)
      XCTAssertEqual(bins.compactMap { $0["count"] as? Int }.reduce(0, +), games, key)
    }
    let market = try XCTUnwrap(half["half_time_market"] as? [String: Any])
    XCTAssertGreaterThan(market["games"] as? Int ?? 0, 1_000, "2016-17 has the half-time lines")
    XCTAssertTrue(checkpoints[1]["half_time_market"] is NSNull, "the market's lines are half time's")
    XCTAssertEqual(doc["seasons"] as? [String], ["2016-17"])
    XCTAssertTrue(
      (doc["notes"] as? [String])?.first?.contains("walk-forward: the model was fitted on 2007-08:2015-16") ?? false, "\(doc["notes"] ?? "")")
    let picture = try String(contentsOfFile: svg, encoding: .utf8)
    XCTAssertEqual(picture.components(separatedBy: "class=\"panel\"").count - 1, 2, "one panel per checkpoint")
    // The table names each forecast.
    let table = try MCSimBinary.run(base + ["--at", "half"], cwd: root)
    XCTAssertTrue(table.stdout.contains("Stern (Brownian motion)") && table.stdout.contains("half-time market's total"), table.stdout)
    for (args, said) in [
      (["--at", "q2"], "--at q2: must be q1, half or q3"),
      (["--at", "half", "--periods", "data/nba_games_lines.csv"], "missing column 'home_q1'"),
    ] {
      let bad = try MCSimBinary.run(
        ["backtest", "data/nba_games_lines.csv", "--seasons", "2016-17"]
          + (args.contains("--periods") ? args : ["--periods", "data/nba_periods.csv"] + args), cwd: root)
      XCTAssertNotEqual(bad.status, 0, "\(args)")
      XCTAssertTrue(bad.stderr.contains(said), "\(args): \(bad.stderr)")
    }
    let alone = try MCSimBinary.run(["backtest", "data/nba_games_lines.csv", "--at", "half"], cwd: root)
    XCTAssertEqual(alone.status, 64)
    XCTAssertTrue(alone.stderr.contains("--at needs --periods"), alone.stderr)
    let unused = try MCSimBinary.run(["backtest", "data/nba_games_lines.csv", "--periods", "data/nba_periods.csv"], cwd: root)
    XCTAssertEqual(unused.status, 64)
    XCTAssertTrue(unused.stderr.contains("--periods data/nba_periods.csv goes with --at"), unused.stderr)
  }

  /// `run --period-price NAME=PRICE`: each price read by the one price rule and each refusal a
  /// usage error naming the option.
  func testRunTakesPeriodPrices() throws {
    let base = ["run", "--line", "225.5", "--home", "115", "--away", "112", "--seed", "1", "--no-exact", "--period", "h1", "--period-line", "112.5"]
    let doc = try MCSimBinary.json(base + ["--period-price", "over_odds=-110", "--period-price", "under_odds=-110", "--json"])
    let h1 = try XCTUnwrap(((doc["result"] as? [String: Any])?["periods"] as? [String: [String: Any]])?["h1"])
    XCTAssertNotNil((h1["advice"] as? [String: Any])?["total"])
    for (args, said) in [
      (["--period-price", "over=-110"], "--period-price over: must be one of over_odds"),
      (["--period-price", "-110"], "--period-price -110: must be NAME=PRICE"),
      (["--period-tie", "void"], "--period-tie void: must be push or lose"),
      (["--period-price", "draw_ml=+900", "--period-tie", "lose"], "--period-tie lose: a three-way moneyline"),
    ] {
      let r = try MCSimBinary.run(base + args)
      XCTAssertEqual(r.status, 64, "\(args): \(r.stderr)")
      XCTAssertTrue(r.stderr.contains(said), "\(args): \(r.stderr)")
    }
    // A bare 110 is read as decimal and warned about, as every price of every path.
    let bare = try MCSimBinary.run(base + ["--period-price", "over_odds=110"])
    XCTAssertTrue(bare.stderr.contains("'110' is read as decimal odds 110"), bare.stderr)
  }

  /// Each team's total per period: `run --period-home-total/--period-away-total` with prices,
  /// a slate file's `home_total` and `away_total`, priced, advised and staked with the slate
  /// (`stakes[].team`); a line out of range refused naming it.
  func testEachTeamsTotalPerPeriod() throws {
    let run = try MCSimBinary.run([
      "run", "--line", "225.5", "--home", "118", "--away", "104", "--seed", "1", "--json", "--period", "h1",
      "--period-home-total", "55.5", "--period-away-total", "53.5", "--period-price", "home_over_odds=-110",
      "--period-price", "home_under_odds=-110", "--blend", "1",
    ])
    XCTAssertEqual(run.status, 0, run.stderr)
    let doc = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let h1 = try XCTUnwrap(((doc["result"] as? [String: Any])?["periods"] as? [String: [String: Any]])?["h1"], run.stdout)
    XCTAssertEqual(h1["home_total"] as? Double, 55.5)
    let pOver = try XCTUnwrap(h1["p_home_over"] as? Double), pUnder = try XCTUnwrap(h1["p_home_under"] as? Double)
    XCTAssertEqual(pOver + pUnder, 1, accuracy: 1e-12, "a half-point line never pushes")
    XCTAssertGreaterThan(pOver, 0.5, "a 118-point team's first half is about 59")
    XCTAssertNotNil(h1["p_away_over"] as? Double)
    let advice = try XCTUnwrap(h1["advice"] as? [String: [String: Any]])
    XCTAssertEqual(Set(advice.keys), ["home_total"], "only the home team's total has prices")
    XCTAssertEqual((advice["home_total"]?["over"] as? [String: Any])?["probability"] as? Double ?? -1, pOver, accuracy: 1e-12)
    let table = try MCSimBinary.run([
      "run", "--line", "225.5", "--home", "118", "--away", "104", "--seed", "1", "--period", "h1", "--period-home-total", "55.5",
    ])
    XCTAssertTrue(table.stdout.contains("home total 55.5: over "), table.stdout)
    let bad = try MCSimBinary.run(["run", "--line", "225.5", "--period", "h1", "--period-away-total", "5000"])
    XCTAssertEqual(bad.status, 64)
    XCTAssertTrue(bad.stderr.contains("--period-away-total 5000: must be in (0, 1000)"), bad.stderr)

    let slate = #"""
      {"games": [{"game_id": "g1", "home_projection": 118, "away_projection": 104, "total_line": 222.5,
        "period_lines": {"h1": {"home_total": 55.5, "home_over_odds": "-110", "home_under_odds": "-110"}}},
       {"game_id": "g2", "home_projection": 110, "away_projection": 110, "period_lines": {"q1": {"away_total": -3}}}]}
      """#
    let r = try MCSimBinary.run(
      ["slate", "-", "--seed", "1", "--json", "--trust-model", "--blend", "1", "--bankroll", "1000"], stdin: slate)
    let games = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])?["games"] as? [[String: Any]])
    let stake = try XCTUnwrap((games[0]["stakes"] as? [[String: Any]])?.first { $0["period"] as? String == "h1" }, "\(games[0])")
    XCTAssertEqual(stake["team"] as? String, "home")
    XCTAssertEqual(stake["market"] as? String, "total")
    XCTAssertEqual(stake["side"] as? String, "over")
    XCTAssertEqual(stake["line"] as? Double, 55.5)
    XCTAssertTrue((games[1]["error"] as? String)?.contains("q1.away_total") ?? false, "\(games[1])")
    let csv = try MCSimBinary.run(["slate", "-", "--seed", "1", "--csv", "--trust-model", "--blend", "1"], stdin: slate)
    XCTAssertTrue(csv.stdout.contains("h1 home total over 55.5: "), csv.stdout)
  }
}
