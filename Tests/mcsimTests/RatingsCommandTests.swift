import Foundation
import TestSupport
import XCTest

/// `mcsim ratings` and ratings as a projection source, end to end on the shipped NBA data
/// (data/nba_games_lines.csv): the JSON the issue fixes, the ranked table, refusals, and the
/// backtest's targets on held-out seasons.
final class RatingsCommandTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.endToEnd.require() }

  static var data: String { GoldenOutputTests.projectRoot.appendingPathComponent("data/nba_games_lines.csv").path }

  func testRatingsJSON() throws {
    let r = try MCSimBinary.json(["ratings", Self.data, "--as-of", "2024-01-15", "--model", "seed", "--json"])
    XCTAssertEqual(r["success"] as? Bool, true)
    let result = try XCTUnwrap(r["result"] as? [String: Any])
    XCTAssertEqual(result["as_of"] as? String, "2024-01-15")
    XCTAssertEqual(result["season"] as? String, "2023-24")
    let home = try XCTUnwrap(result["home_advantage"] as? Double)
    XCTAssertTrue((0...6).contains(home), "\(home)")
    XCTAssertEqual(result["half_life_days"] as? Double, 39)
    let teams = try XCTUnwrap(result["teams"] as? [[String: Any]])
    XCTAssertEqual(teams.count, 30)
    let ratings = teams.compactMap { $0["rating"] as? Double }
    XCTAssertEqual(ratings, ratings.sorted(by: >))
    for t in teams {
      let o = try XCTUnwrap(t["offense"] as? Double), d = try XCTUnwrap(t["defense"] as? Double)
      XCTAssertEqual(try XCTUnwrap(t["rating"] as? Double), o + d, accuracy: 1e-9)
      XCTAssertGreaterThan(try XCTUnwrap(t["games"] as? Int), 30)
    }
    // The 2023-24 Celtics (64-18) lead, the Pistons (14-68) trail, by a wide margin.
    XCTAssertEqual(teams.first?["team"] as? String, "BOS")
    XCTAssertEqual(teams.last?["team"] as? String, "DET")
  }

  func testRatingsTableRanksTheTeams() throws {
    let r = try MCSimBinary.run(["ratings", Self.data])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertTrue(r.stdout.contains("Team ratings as of 2025-06-23 (season 2024-25)"), r.stdout)
    let rows = r.stdout.split(separator: "\n").filter { $0.hasPrefix("   1 ") || $0.hasPrefix("  30 ") }
    XCTAssertEqual(rows.count, 2, r.stdout)
  }

  func testRefusals() throws {
    let bad = try MCSimBinary.run(["ratings", Self.data, "--as-of", "2024-13-01"])
    XCTAssertEqual(bad.status, 64)
    XCTAssertTrue(bad.stderr.contains("--as-of '2024-13-01'"), bad.stderr)
    let early = try MCSimBinary.run(["ratings", Self.data, "--as-of", "2001-01-01"])
    XCTAssertEqual(early.status, 1)
    XCTAssertTrue(early.stderr.contains("no game in the results is dated before it"), early.stderr)
  }

  /// Ratings for any date: as of today (the shipped results end on 2025-06-22) they rate from
  /// every game, the same teams as the day after the last game, and say how stale they are in the
  /// table, the JSON and the slate they project. `--as-of` is read as every command reads it
  /// (`now`, a date-time's US Eastern day).
  func testRatingsAfterTheLastResultRunAndSayTheyAreStale() throws {
    let fresh = try MCSimBinary.json(["ratings", Self.data, "--json"])
    let result = try XCTUnwrap(fresh["result"] as? [String: Any])
    XCTAssertEqual(result["last_result"] as? String, "2025-06-22")
    XCTAssertEqual(result["days_since_last_result"] as? Int, 1)
    XCTAssertNil(fresh["warnings"])

    let now = try MCSimBinary.json(["ratings", Self.data, "--as-of", "now", "--json"])
    let stale = try XCTUnwrap(now["result"] as? [String: Any])
    XCTAssertEqual(stale["last_result"] as? String, "2025-06-22")
    XCTAssertGreaterThan(try XCTUnwrap(stale["days_since_last_result"] as? Int), 14)
    let teams = try XCTUnwrap(stale["teams"] as? [[String: Any]])
    XCTAssertEqual(teams.count, 30)
    let warnings = try XCTUnwrap(now["warnings"] as? [String])
    XCTAssertEqual(warnings.count, 1)
    XCTAssertTrue(warnings[0].contains("are stale: the last result is 2025-06-22"), "\(warnings)")

    let table = try MCSimBinary.run(["ratings", Self.data, "--as-of", "2026-11-29T03:00:00Z"])
    XCTAssertEqual(table.status, 0, table.stderr)
    XCTAssertTrue(table.stdout.contains("Team ratings as of 2026-11-28"), table.stdout)
    XCTAssertTrue(
      table.stdout.contains("warning: team ratings as of 2026-11-28 are stale: the last result is 2025-06-22, 524 days before"),
      table.stdout)

    let feed = GoldenOutputTests.projectRoot.appendingPathComponent("Scenarios/feed_odds_api_nba.json").path
    let slate = try MCSimBinary.run(
      ["slate", "--odds", feed, "--results", Self.data, "--as-of", "2026-11-28", "--seed", "1", "--sims", "2000", "--json"])
    XCTAssertTrue(slate.stderr.contains("are stale: the last result is 2025-06-22, 524 days before"), slate.stderr)
    let answer = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(slate.stdout.utf8)) as? [String: Any])
    XCTAssertEqual(
      (answer["inputs"] as? [String: Any])?["stats"] as? String,
      "team ratings from \(Self.data) as of 2026-11-28, last result 2025-06-22 (524 days before: stale)")
    XCTAssertEqual((answer["warnings"] as? [String])?.count, 1)
  }

  /// The targets on the shipped data: calibrate on 2007-08 to 2017-18 with ratings
  /// projections (hyperparameters and pooling weights chosen there), replay 2018-19 to 2021-22.
  /// The probability the advice stands on (pooled) is no worse than the closing market's log
  /// loss plus 0.001 on every market, and the upper end of its bootstrap interval too; the fitted
  /// model's bets are never read `miscalibrated` or `claimed_edge_not_realised`; ratings alone
  /// score better on moneylines than the seed's stats formula did on the same seasons (0.642, the
  /// issue's measurement).
  func testBacktestTargetsOnHeldOutSeasons() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-ratings-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let model = dir.appendingPathComponent("model.json").path
    let fit = try MCSimBinary.run(
      ["calibrate", Self.data, "--seasons", "2007-08:2017-18", "--projection", "ratings", "--out", model])
    XCTAssertEqual(fit.status, 0, fit.stderr)
    XCTAssertTrue(fit.stdout.contains("ratings (chosen by walk-forward likelihood on these games)"), fit.stdout)
    let r = try MCSimBinary.json(["backtest", Self.data, "--model", model, "--seasons", "2018-19:2021-22", "--seed", "1", "--json"])
    XCTAssertEqual(r["projection"] as? String, "ratings")
    let fitted = try XCTUnwrap((r["models"] as? [String: Any])?["fitted"] as? [String: Any])
    let market = try XCTUnwrap(r["market"] as? [String: [String: Any]])
    for key in ["totals", "spreads", "moneylines"] {
      let m = try XCTUnwrap(fitted[key] as? [String: Any])
      let pooled = try XCTUnwrap((m["pooled"] as? [String: Any])?["log_loss"] as? Double)
      let closing = try XCTUnwrap(market[key]?["log_loss"] as? Double)
      XCTAssertLessThanOrEqual(pooled, closing + 0.001, key)
      let interval = try XCTUnwrap((m["versus_market"] as? [String: Any])?["log_loss_difference_ci95"] as? [Double])
      XCTAssertLessThanOrEqual(interval[1], 0.001, key)
      XCTAssertFalse(["miscalibrated", "claimed_edge_not_realised"].contains(m["reading"] as? String ?? ""), key)
    }
    let moneyline = try XCTUnwrap((fitted["moneylines"] as? [String: Any])?["log_loss"] as? Double)
    XCTAssertLessThan(moneyline, 0.642)
  }

  /// `slate --results`: the feed's games projected from ratings as of the slate's day, the
  /// projection named in the methodology and in each game's notes.
  func testSlateProjectsFromRatings() throws {
    let feed = GoldenOutputTests.projectRoot.appendingPathComponent("Scenarios/feed_odds_api_nba.json").path
    let r = try MCSimBinary.json(
      ["slate", "--odds", feed, "--results", Self.data, "--as-of", "2023-12-11", "--seed", "1", "--sims", "2000", "--json"])
    let methodology = try XCTUnwrap(r["methodology"] as? [String: Any])
    XCTAssertTrue((methodology["projection"] as? String ?? "").hasPrefix("Team ratings fitted on the results before 2023-12-11"))
    XCTAssertEqual((r["inputs"] as? [String: Any])?["stats"] as? String, "team ratings from \(Self.data) as of 2023-12-11")
    let games = try XCTUnwrap(r["games"] as? [[String: Any]])
    XCTAssertFalse(games.isEmpty)
    for g in games {
      let notes = try XCTUnwrap(g["warnings"] as? [String])
      XCTAssertTrue(notes.contains { $0.contains("from team ratings as of 2023-12-11") }, "\(notes)")
    }
  }
}
