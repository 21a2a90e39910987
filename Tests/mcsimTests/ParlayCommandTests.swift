import Foundation
import TestSupport
import XCTest

/// End to end: `mcsim parlay` from options and from a file, its JSON fields and its refusals.
final class ParlayCommandTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.endToEnd.require() }

  let game = ["parlay", "--home", "115", "--away", "112", "--seed", "21"]

  private func result(_ arguments: [String]) throws -> [String: Any] {
    let doc = try MCSimBinary.json(arguments)
    return try XCTUnwrap(doc["result"] as? [String: Any])
  }

  /// The documented fields, consistent with each other: EV and Kelly at the price from the joint
  /// probability, the lift from the legs' own.
  func testJSONFieldsOnTheJointHistogram() throws {
    let r = try result(
      game + ["--leg", "over:225.5", "--leg", "home-spread:-3.5", "--leg", "home-ml", "--price", "6.0", "--sims", "100000", "--json"])
    let p = try XCTUnwrap(r["joint_probability"] as? Double)
    let ci = try XCTUnwrap(r["ci_95"] as? [Double])
    XCTAssertEqual(ci.count, 2)
    XCTAssertTrue(ci[0] < p && p < ci[1])
    let legs = try XCTUnwrap(r["legs"] as? [[String: Any]])
    XCTAssertEqual(legs.map { $0["leg"] as? String }, ["over:225.5", "home-spread:-3.5", "home-ml"])
    let own = legs.compactMap { $0["probability"] as? Double }
    let independent = try XCTUnwrap(r["independent_probability"] as? Double)
    XCTAssertEqual(independent, own.reduce(1, *), accuracy: 1e-12)
    XCTAssertEqual(try XCTUnwrap(r["lift"] as? Double), p / independent, accuracy: 1e-12)
    XCTAssertEqual(try XCTUnwrap(r["fair_odds"] as? Double), 1 / p, accuracy: 1e-9)
    XCTAssertEqual(try XCTUnwrap(r["ev"] as? Double), 6 * p - 1, accuracy: 1e-12)
    XCTAssertEqual(try XCTUnwrap(r["kelly_full"] as? Double), max(0, (5 * p - (1 - p)) / 5), accuracy: 1e-12)
    XCTAssertEqual(r["route"] as? String, "joint_histogram")
    XCTAssertEqual(r["simulations"] as? Int, 100_000)
    // Covering -3.5 needs a home win: the joint equals the over and the cover together.
    let twoLegs = try result(game + ["--leg", "over:225.5", "--leg", "home-spread:-3.5", "--sims", "100000", "--json"])
    XCTAssertEqual(twoLegs["joint_probability"] as? Double, p)
  }

  /// Player props go on the multivariate path; a defaulted correlation is stated; the counts do
  /// not depend on the thread count.
  func testPlayerPropsAndThreads() throws {
    let args =
      game + [
        "--player", "Jayson Tatum:home:points:27.1:6.5", "--player", "LeBron James:away:assists:8:2.5:0.25",
        "--leg", "home-ml", "--leg", "Jayson Tatum:points:over:27.5", "--leg", "LeBron James:assists:under:8.5",
        "--price", "+600", "--sims", "200000", "--json",
      ]
    let one = try result(args + ["--threads", "1"]), two = try result(args + ["--threads", "2"])
    XCTAssertEqual(one["route"] as? String, "multivariate")
    XCTAssertEqual(one["dimension"] as? Int, 4)
    XCTAssertEqual(one["joint_probability"] as? Double, two["joint_probability"] as? Double)
    XCTAssertEqual(
      (one["legs"] as? [[String: Any]])?.map { $0["probability"] as? Double },
      (two["legs"] as? [[String: Any]])?.map { $0["probability"] as? Double })
    let defaulted = try XCTUnwrap(one["defaulted_correlations"] as? [[String: Any]])
    XCTAssertEqual(defaulted.map { $0["quantity"] as? String }, ["Jayson Tatum points"])
    XCTAssertEqual(defaulted.first?["team_correlation"] as? Double, 0.5)
    XCTAssertEqual(one["price"] as? Double, 7)
    let table = try MCSimBinary.run(Array(args.dropLast()))
    XCTAssertEqual(table.status, 0, table.stderr)
    XCTAssertTrue(table.stdout.contains("correlation with team points 0.50 (default for points)"), table.stdout)
  }

  /// Bad options: exit 64, naming the leg, the player or the price.
  func testBadOptionsNameTheLeg() throws {
    let cases: [([String], String)] = [
      (["--leg", "foo:1"], "--leg 'foo:1': unknown leg"),
      (["--leg", "over:abc"], "--leg 'over:abc': 'abc' is not a number"),
      (["--leg", "Z:points:over:20.5"], "--leg Z:points:over:20.5: no player named 'Z'"),
      (["--leg", "over:225.5", "--price", "1.0"], "--price"),
      (["--leg", "over:225.5", "--price", "0.5"], "--price"),
      (["--leg", "A:points:over:20.5", "--player", "A:home:points:25:-6"], "--player 'A:home:points:25:-6': sd -6.0"),
      (["--leg", "A:points:over:20.5", "--player", "A:middle:points:25:6"], "'middle' must be home or away"),
      (["--leg", "over:225.5", "--rho", "nan"], "--rho"),
    ]
    for (extra, message) in cases {
      let r = try MCSimBinary.run(game + extra)
      XCTAssertEqual(r.status, 64, "\(extra): \(r.stderr)")
      XCTAssertTrue(r.stderr.contains(message), "\(extra): \(r.stderr)")
      XCTAssertTrue(r.stdout.isEmpty)
    }
    let stray = try MCSimBinary.run(["parlay", "--home", "110", "--away", "108", "--market-total", "220", "--leg", "over:225.5"])
    XCTAssertEqual(stray.status, 64)
    XCTAssertTrue(stray.stderr.contains("--market-total and --market-spread go with --from-market"), stray.stderr)
  }

  /// --from-market: the means that make the lines fair, and the parlay priced from them: the
  /// market's own over alone is a coin flip (within 4 SE at 2 x 10^5).
  func testFromMarket() throws {
    let r = try result([
      "parlay", "--from-market", "--market-total", "224.5", "--market-spread", "-5.5", "--leg", "over:224.5",
      "--leg", "home-spread:-5.5",
      "--sims", "200000", "--seed", "2", "--json",
    ])
    let market = try XCTUnwrap(r["from_market"] as? [String: Any])
    let home = try XCTUnwrap(market["home_mean"] as? Double), away = try XCTUnwrap(market["away_mean"] as? Double)
    XCTAssertEqual(home - away, 5.5, accuracy: 1)
    let legs = try XCTUnwrap(r["legs"] as? [[String: Any]])
    for leg in legs {
      XCTAssertEqual(try XCTUnwrap(leg["probability"] as? Double), 0.5, accuracy: 4 * (0.25 / 200_000).squareRoot())
    }
    let bad = try MCSimBinary.run(["parlay", "--from-market", "--market-total", "224.5", "--leg", "over:224.5"])
    XCTAssertEqual(bad.status, 64)
    XCTAssertTrue(bad.stderr.contains("--from-market needs the market's lines"), bad.stderr)
    // A market the model cannot reproduce is named by its option.
    let far = try MCSimBinary.run(["parlay", "--from-market", "--market-total", "2000", "--market-spread", "-5.5", "--leg", "over:224.5"])
    XCTAssertEqual(far.status, 64, far.stderr)
    XCTAssertTrue(far.stderr.hasPrefix("Error: --market-total 2000"), far.stderr)
  }

  /// `slate --league-factor` with bets: the league_factor block, the bets' joint probability; a
  /// bet on an unknown game is named.
  func testSlateLeagueFactorAndBets() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bets-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let bets = dir.appendingPathComponent("bets.json")
    try Data(#"[{"game": "2023-12-11-DEN@ATL", "leg": "over:235.5"}, {"game": "2023-12-11-MIA@CHA", "leg": "home-ml"}]"#.utf8).write(to: bets)
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let slate = root.appendingPathComponent("Scenarios/slate_batch.json").path
    let r = try MCSimBinary.run(["slate", slate, "--sims", "20000", "--seed", "3", "--league-factor", "0.2", "--bets", bets.path, "--json"])
    XCTAssertTrue([0, 3].contains(r.status), r.stderr)
    let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    let block = try XCTUnwrap(doc["league_factor"] as? [String: Any])
    let hit = try XCTUnwrap(block["overs_hit"] as? [Double])
    XCTAssertEqual(hit.count, (block["games"] as? [String])!.count + 1)
    XCTAssertEqual(hit.reduce(0, +), 1, accuracy: 1e-12)
    let joint = try XCTUnwrap((block["bets"] as? [String: Any])?["joint_probability"] as? Double)
    XCTAssertTrue(joint > 0 && joint < 1)
    try Data(#"[{"game": "nope", "leg": "over:235.5"}]"#.utf8).write(to: bets)
    let bad = try MCSimBinary.run(["slate", slate, "--sims", "2000", "--league-factor", "0.2", "--bets", bets.path])
    XCTAssertEqual(bad.status, 1)
    XCTAssertTrue(bad.stderr.contains("bets[0].game = nope"), bad.stderr)
    // A line the engine refuses is the bets file's fault too: exit 1 naming the file.
    try Data(#"[{"game": "2023-12-11-DEN@ATL", "leg": "over:5000"}]"#.utf8).write(to: bets)
    let line = try MCSimBinary.run(["slate", slate, "--sims", "2000", "--league-factor", "0.2", "--bets", bets.path])
    XCTAssertEqual(line.status, 1)
    XCTAssertTrue(line.stderr.contains("\(bets.path): leg = over:5000"), line.stderr)
  }

  /// A moneyline leg under an overtime model that lets a tie stand says so, with P(tie) from
  /// the exact distribution (home 115, away 112, sd 10, rho 0.5: about 0.035 under the flat
  /// model) and the hint; under the tie model there is nothing to say.
  func testMoneylineTieIsStated() throws {
    let r = try result(game + ["--leg", "home-ml", "--sims", "10000", "--json"])
    let ties = try XCTUnwrap(r["moneyline_ties"] as? [[String: Any]])
    XCTAssertEqual(ties.count, 1)
    XCTAssertEqual(ties.first?["overtime"] as? String, "flat")
    let pTie = try XCTUnwrap(ties.first?["p_tie"] as? Double)
    XCTAssertTrue(pTie > 0.02 && pTie < 0.06, "\(pTie)")
    XCTAssertTrue((ties.first?["note"] as? String)?.contains("--ot-model tie") == true)
    let table = try MCSimBinary.run(game + ["--leg", "home-ml", "--sims", "10000"])
    XCTAssertTrue(table.stdout.contains("loses on a tie: P(tie) "), table.stdout)
    XCTAssertTrue(table.stdout.contains("--ot-model tie"), table.stdout)
    let tie = try result(game + ["--leg", "home-ml", "--sims", "10000", "--ot-model", "tie", "--json"])
    XCTAssertEqual((tie["moneyline_ties"] as? [Any])?.count, 0)
    let noMoneyline = try result(game + ["--leg", "over:225.5", "--sims", "10000", "--json"])
    XCTAssertEqual((noMoneyline["moneyline_ties"] as? [Any])?.count, 0)
  }

  /// Two stats of one player: their default correlation is stated in the JSON and the table.
  func testSamePlayerStatCorrelationIsStated() throws {
    let args =
      game + [
        "--player", "JT:home:points:27:6.5", "--player", "JT:home:pra:43:8", "--leg", "JT:points:over:26.5",
        "--leg", "JT:pra:over:42.5", "--sims", "10000",
      ]
    let r = try result(args + ["--json"])
    let defaulted = try XCTUnwrap(r["defaulted_correlations"] as? [[String: Any]])
    let pair = try XCTUnwrap(defaulted.first { $0["with"] != nil })
    XCTAssertEqual(pair["quantity"] as? String, "JT points")
    XCTAssertEqual(pair["with"] as? String, "JT pra")
    XCTAssertEqual(pair["correlation"] as? Double, 0.85)
    let table = try MCSimBinary.run(args)
    XCTAssertTrue(table.stdout.contains("JT points ~ JT pra: correlation 0.85"), table.stdout)
  }

  /// A file: several games and props (the scenario); one bad leg is named and nothing is priced;
  /// a bad matrix entry is named.
  func testFile() throws {
    let scenario = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Scenarios/parlay.json").path
    let r = try result(["parlay", scenario, "--seed", "3", "--sims", "100000", "--json"])
    XCTAssertEqual(r["route"] as? String, "multivariate")
    XCTAssertEqual(r["dimension"] as? Int, 8)
    XCTAssertEqual((r["legs"] as? [[String: Any]])?.count, 7)
    XCTAssertEqual(r["price"] as? Double, 26)

    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("parlay-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    func run(_ text: String) throws -> MCSimBinary.Result {
      let file = dir.appendingPathComponent("p.json")
      try Data(text.utf8).write(to: file)
      return try MCSimBinary.run(["parlay", file.path, "--seed", "1", "--model", "seed", "--json"])
    }
    let player = #"{"name": "A", "team": "home", "stat": "points", "mean": 25, "sd": 6}"#
    let badLeg = try run(
      #"{"games": [{"home": 115, "away": 112}], "players": [\#(player)], "legs": [{"leg": "over:225.5"}, {"leg": "Z:points:over:20.5"}, {"leg": "home-ml"}]}"#
    )
    XCTAssertEqual(badLeg.status, 1)
    XCTAssertTrue(badLeg.stderr.contains("legs[1] = 'Z:points:over:20.5': no player named 'Z'"), badLeg.stderr)
    let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(badLeg.stdout.utf8)) as? [String: Any])
    XCTAssertEqual(doc["success"] as? Bool, false)
    XCTAssertNil(doc["result"])
    XCTAssertEqual((doc["error"] as? [String: Any])?["field"] as? String, "legs[1]")

    let badMatrix = try run(
      #"{"games": [{"home": 115, "away": 112}], "players": [\#(player)], "legs": [{"leg": "A:points:over:20.5"}], "correlation": [[1, 0.5, 0.4], [0.5, 1, 1.5], [0.4, 1.5, 1]]}"#
    )
    XCTAssertEqual(badMatrix.status, 1)
    XCTAssertTrue(badMatrix.stderr.contains("correlation[1][2] = 1.5: must be in [-1, 1]"), badMatrix.stderr)

    let unknownGame = try run(
      #"{"games": [{"id": "X", "home": 115, "away": 112}, {"id": "Y", "home": 110, "away": 111}], "legs": [{"game": "W", "leg": "home-ml"}]}"#
    )
    XCTAssertEqual(unknownGame.status, 1)
    XCTAssertTrue(unknownGame.stderr.contains("legs[0].game = W: unknown game"), unknownGame.stderr)

    let badPrice = try run(#"{"games": [{"home": 115, "away": 112}], "legs": [{"leg": "home-ml"}], "price": 1}"#)
    XCTAssertEqual(badPrice.status, 1)
    XCTAssertTrue(badPrice.stderr.contains("price"), badPrice.stderr)

    // Not positive semidefinite: priced on the repaired matrix, with the repair reported.
    let repaired = try run(
      #"{"games": [{"home": 115, "away": 112}], "players": [\#(player)], "legs": [{"leg": "A:points:over:20.5"}], "correlation": [[1, 0.5, 0.9], [0.5, 1, -0.9], [0.9, -0.9, 1]]}"#
    )
    XCTAssertEqual(repaired.status, 0, repaired.stderr)
    let repair = try XCTUnwrap(
      ((JSONSerialization.jsonObject(with: Data(repaired.stdout.utf8)) as? [String: Any])?["result"] as? [String: Any])?[
        "correlation_repair"] as? [String: Any])
    XCTAssertGreaterThan(try XCTUnwrap(repair["frobenius_distance"] as? Double), 0.1)
    // The table's game line shows the rho that was simulated, the repaired matrix's, not the 0.5 given.
    let simulatedRho = try XCTUnwrap((repair["repaired"] as? [[Double]])?[0][1])
    XCTAssertNotEqual(String(format: "%.2f", simulatedRho), "0.50")
    let repairedTable = try MCSimBinary.run(["parlay", dir.appendingPathComponent("p.json").path, "--seed", "1", "--model", "seed"])
    XCTAssertTrue(repairedTable.stdout.contains(String(format: "rho %.2f (repaired)", simulatedRho)), repairedTable.stdout)

    // A game's rho or a player's team_correlation beside the full matrix must agree with it.
    let matrix = "[[1, 0.3, 0.6], [0.3, 1, 0.2], [0.6, 0.2, 1]]"
    let rhoDisagrees = try run(
      #"{"games": [{"home": 115, "away": 112, "rho": 0.5}], "players": [\#(player)], "legs": [{"leg": "A:points:over:20.5"}], "correlation": \#(matrix)}"#
    )
    XCTAssertEqual(rhoDisagrees.status, 1)
    XCTAssertTrue(
      rhoDisagrees.stderr.contains("games[0].rho = 0.5: disagrees with the full matrix's correlation[0][1] = 0.3"),
      rhoDisagrees.stderr)
    let playerDisagrees = try run(
      #"{"games": [{"home": 115, "away": 112}], "players": [{"name": "A", "team": "home", "stat": "points", "mean": 25, "sd": 6, "team_correlation": 0.5}], "legs": [{"leg": "A:points:over:20.5"}], "correlation": \#(matrix)}"#
    )
    XCTAssertEqual(playerDisagrees.status, 1)
    XCTAssertTrue(
      playerDisagrees.stderr.contains(
        "players[0].team_correlation = 0.5: disagrees with the full matrix's correlation[2][0] = 0.6"),
      playerDisagrees.stderr)
    // Agreeing values are fine, and the table prints the matrix's values, not the defaults.
    let file = dir.appendingPathComponent("agree.json")
    try Data(
      #"{"games": [{"home": 115, "away": 112, "rho": 0.3}], "players": [\#(player)], "legs": [{"leg": "A:points:over:20.5"}], "correlation": \#(matrix)}"#
        .utf8
    ).write(to: file)
    let table = try MCSimBinary.run(["parlay", file.path, "--seed", "1", "--sims", "10000"])
    XCTAssertEqual(table.status, 0, table.stderr)
    // --rho applies to every game without its own: beside a file's matrix it must agree too
    // (exit 64); a game's own rho takes precedence over it.
    let noRho = dir.appendingPathComponent("norho.json")
    try Data(
      #"{"games": [{"home": 115, "away": 112}], "players": [\#(player)], "legs": [{"leg": "A:points:over:20.5"}], "correlation": \#(matrix)}"#
        .utf8
    ).write(to: noRho)
    let ownRho = try MCSimBinary.run(["parlay", file.path, "--seed", "1", "--sims", "10000", "--rho", "0.5"])
    XCTAssertEqual(ownRho.status, 0, ownRho.stderr)
    let rhoOption = try MCSimBinary.run(["parlay", noRho.path, "--seed", "1", "--sims", "10000", "--rho", "0.5"])
    XCTAssertEqual(rhoOption.status, 64, rhoOption.stderr)
    XCTAssertTrue(rhoOption.stderr.contains("--rho 0.5: disagrees with"), rhoOption.stderr)
    XCTAssertTrue(rhoOption.stderr.contains("correlation[0][1] = 0.3"), rhoOption.stderr)
    XCTAssertTrue(table.stdout.contains("rho 0.30"), table.stdout)
    XCTAssertTrue(table.stdout.contains("correlation with team points 0.60"), table.stdout)
  }
}
