import Foundation
import TestSupport
import XCTest

/// End to end: `mcsim props` on The Odds API's real player-points sample.
final class PropsCommandTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.endToEnd.require() }

  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  var feed: String { root.appendingPathComponent("Scenarios/props_feed_nba.json").path }
  var projections: String { root.appendingPathComponent("Scenarios/props_projections.json").path }

  /// Each line's probabilities sum to 1 and match the closed form of the rounded stat,
  /// 1 - Phi((line - mean) / sd) for a half-point line, within 4 SE; each price's EV is
  /// p_win (d - 1) - p_lose; players without a projection are listed.
  func testPricesTheFeed() throws {
    let n = 200_000
    let doc = try MCSimBinary.json(["props", feed, "--projections", projections, "--sims", "\(n)", "--seed", "8", "--json"])
    let r = try XCTUnwrap(doc["result"] as? [String: Any])
    let props = try XCTUnwrap(r["props"] as? [[String: Any]])
    XCTAssertEqual(props.count, 62)
    let garland = try XCTUnwrap(props.first { $0["player"] as? String == "Darius Garland" && $0["line"] as? Double == 20.5 })
    let pOver = try XCTUnwrap(garland["p_over"] as? Double), pUnder = try XCTUnwrap(garland["p_under"] as? Double)
    XCTAssertEqual(pOver + pUnder + (garland["p_push"] as? Double ?? -1), 1, accuracy: 1e-12)
    let exact = 0.5 * erfc((20.5 - 19.8) / 6.5 / 2.0.squareRoot())
    XCTAssertEqual(pOver, exact, accuracy: 4 * (exact * (1 - exact) / Double(n)).squareRoot())
    let prices = try XCTUnwrap(garland["prices"] as? [[String: Any]])
    XCTAssertEqual(prices.count, 16, "8 books, both sides")
    for p in prices {
      let d = try XCTUnwrap(p["price"] as? Double), side = try XCTUnwrap(p["side"] as? String)
      let win = side == "over" ? pOver : pUnder
      XCTAssertEqual(try XCTUnwrap(p["ev"] as? Double), win * (d - 1) - (1 - win), accuracy: 1e-12)
    }
    let unpriced = try XCTUnwrap(r["unpriced"] as? [String])
    XCTAssertTrue(unpriced.contains("Dean Wade points"))
    XCTAssertEqual((r["team_totals"] as? [[String: Any]])?.count, 2)
  }

  /// OpenBLAS picks its dgemm kernel by CPU; forcing each kind it has for x86-64 (AVX-512,
  /// AVX2, AVX, SSE) gives the same answer, byte for byte but the wall time, for props (12
  /// quantities, on dgemm) and the parlay file (on the plain loop). The FMA kernels (AVX-512,
  /// AVX2) give dgemm the same bits; the older ones differ in a draw's last bit, which changes a
  /// count only for a draw within about 1e-14 of a rounding boundary.
  func testAnswersDoNotDependOnOpenBLASsKernel() throws {
    func answer(_ arguments: [String], core: String?) throws -> String {
      let r = try MCSimBinary.run(arguments, environment: core.map { ["OPENBLAS_CORETYPE": $0] } ?? [:])
      XCTAssertEqual(r.status, 0, r.stderr)
      return r.stdout.replacingOccurrences(of: #""elapsed_ms":[0-9.e+-]+"#, with: "", options: .regularExpression)
    }
    let commands = [
      ["props", feed, "--projections", projections, "--sims", "100000", "--seed", "3", "--json"],
      ["parlay", root.appendingPathComponent("Scenarios/parlay.json").path, "--sims", "100000", "--seed", "12", "--json"],
    ]
    // Each kernel this CPU can execute (OpenBLAS's SkylakeX kernels need AVX-512, which some of
    // the project's machines lack: forced there, they stop on an illegal instruction).
    let flags = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let cores = ["SkylakeX", "Haswell", "Sandybridge", "Prescott"].filter { $0 != "SkylakeX" || flags.contains(" avx512f") }
    XCTAssertGreaterThanOrEqual(cores.count, 3)
    for command in commands {
      let reference = try answer(command, core: nil)
      XCTAssertTrue(reference.contains("\"success\":true"), reference)
      for core in cores {
        XCTAssertEqual(try answer(command, core: core), reference, "\(command[0]) with OpenBLAS's \(core) kernels")
      }
    }
  }

  /// Projections from the box-score API's season averages: the stat's default sd (0.33 x the
  /// mean for points), stated; a player also given in `players` keeps his own.
  func testSeasonAverages() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("props-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("p.json")
    try Data(
      #"""
      {"home": 112, "away": 106.5,
       "players": [{"name": "Darius Garland", "team": "home", "stat": "points", "mean": 19.8, "sd": 6.5}],
       "season_averages": {
         "home": [{"player_id": 12, "nba_player_id": 1629636, "player_name": "Darius Garland", "season": "2023-24", "pts": 18.0, "reb": 2.7, "ast": 6.5, "stl": 1.3, "blk": 0.1, "fg_pct": 0.446, "fg3_pct": 0.37, "ft_pct": 0.87, "games_played": 57, "minutes": 33.4}],
         "away": [{"player_id": 40, "nba_player_id": 1631094, "player_name": "Paolo Banchero", "season": "2023-24", "pts": 22.6, "reb": 6.9, "ast": 5.4, "stl": 0.9, "blk": 0.6, "fg_pct": 0.455, "fg3_pct": 0.339, "ft_pct": 0.729, "games_played": 80, "minutes": 35.0}]}}
      """#.utf8
    ).write(to: file)
    let n = 200_000
    let doc = try MCSimBinary.json(["props", feed, "--projections", file.path, "--sims", "\(n)", "--seed", "9", "--json"])
    let r = try XCTUnwrap(doc["result"] as? [String: Any])
    XCTAssertEqual(r["defaulted_sds"] as? [String], ["Paolo Banchero points"])
    let props = try XCTUnwrap(r["props"] as? [[String: Any]])
    let banchero = try XCTUnwrap(props.first { $0["player"] as? String == "Paolo Banchero" && $0["line"] as? Double == 22.5 })
    let exact = 0.5 * erfc((22.5 - 22.6) / (0.33 * 22.6) / 2.0.squareRoot())
    XCTAssertEqual(try XCTUnwrap(banchero["p_over"] as? Double), exact, accuracy: 4 * (exact * (1 - exact) / Double(n)).squareRoot())
    let garland = try XCTUnwrap(props.first { $0["player"] as? String == "Darius Garland" && $0["line"] as? Double == 20.5 })
    let own = 0.5 * erfc((20.5 - 19.8) / 6.5 / 2.0.squareRoot())
    XCTAssertEqual(try XCTUnwrap(garland["p_over"] as? Double), own, accuracy: 4 * (own * (1 - own) / Double(n)).squareRoot())
  }

  /// The betting agent's feed (`playerProps`) is read the same way.
  func testAgentFeedProps() throws {
    let agent = root.appendingPathComponent("Tests/LineFeedsTests/Resources/betting_agent_odds_feed.json").path
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("props-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("p.json")
    try Data(
      #"{"home": 116, "away": 121, "players": [{"name": "Shai Gilgeous-Alexander", "team": "away", "stat": "points", "mean": 31.5, "sd": 7}]}"#
        .utf8
    ).write(to: file)
    let doc = try MCSimBinary.json(["props", agent, "--projections", file.path, "--sims", "100000", "--seed", "2", "--json"])
    let props = try XCTUnwrap((doc["result"] as? [String: Any])?["props"] as? [[String: Any]])
    XCTAssertEqual(props.count, 1)
    XCTAssertEqual(props[0]["line"] as? Double, 32.5)
    XCTAssertEqual((props[0]["prices"] as? [[String: Any]])?.count, 2)
  }

  func testBadProjectionsAreNamed() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("props-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("p.json")
    try Data(#"{"home": 112, "away": 106, "players": [{"name": "Darius Garland", "team": "home", "stat": "steals", "mean": 1, "sd": 1}]}"#.utf8)
      .write(to: file)
    let r = try MCSimBinary.run(["props", feed, "--projections", file.path])
    XCTAssertEqual(r.status, 1)
    XCTAssertTrue(r.stderr.contains("players[0].stat = steals"), r.stderr)
    let noProps = try MCSimBinary.run([
      "props", root.appendingPathComponent("Scenarios/feed_odds_api_nba.json").path, "--projections", projections,
    ])
    XCTAssertEqual(noProps.status, 1)
    XCTAssertTrue(noProps.stderr.contains("no event with player props"), noProps.stderr)
  }
}
