import FantasyTrade
import Foundation
import ServiceContracts
import TestSupport
import XCTest

/// End to end: the built `mcsim trade` binary, its exit codes, its one-line errors and its JSON.
final class TradeCommandTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.endToEnd.require() }

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
    let r = try MCSimBinary.run(arguments, cwd: Self.root)
    return (r.status, r.stdout, r.stderr)
  }

  func testDeterministicJSONIsTheLibrarysAnswer() throws {
    let r = try run(["trade", "Scenarios/trade_request.json", "--deterministic", "--json"])
    XCTAssertEqual(r.status, 0, r.err)
    let request = try JSONDecoder().decode(
      TradeRequest.self, from: Data(contentsOf: Self.root.appendingPathComponent("Scenarios/trade_request.json")))
    let expected = TradeReport.deterministic(try request.validated())
    XCTAssertNil(expected.simulation)
    // The command prints the library's report through the contracts, to the byte.
    XCTAssertEqual(r.out, try ContractJSON.string(expected) + "\n")
  }

  func testSimulatedRunReportsItsSeed() throws {
    let r = try run(["trade", "Scenarios/trade_request.json", "--json", "--sims", "2000", "--seed", "77"])
    XCTAssertEqual(r.status, 0, r.err)
    let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    let simulation = try XCTUnwrap(report["simulation"] as? [String: Any])
    XCTAssertEqual(simulation["seed"] as? Int, 77)
    XCTAssertEqual(simulation["n_simulations"] as? Int, 2000)
    let table = try run(["trade", "Scenarios/trade_request.json", "--sims", "2000", "--seed", "77"])
    XCTAssertTrue(table.out.contains("confidence"), table.out)
  }

  func testBadRequestFailsWithOneNamedLine() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("bad_trade_\(getpid()).json")
    try Data(
      """
      {"player_in": {"price": 1000000, "breakeven": 100, "proj_scores": [1, 2, 3, 4], "is_red_dot": false},
       "player_out": {"price": 900000, "breakeven": 100, "proj_scores": [1, 2, 3, 4, 5], "is_red_dot": false},
       "round_number": 3, "team_value": 1, "league_avg_value": 1}
      """.utf8
    ).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let r = try run(["trade", file.path, "--deterministic"])
    XCTAssertNotEqual(r.status, 0)
    let lines = r.err.split(separator: "\n")
    XCTAssertEqual(lines.count, 1, r.err)
    XCTAssertTrue(r.err.contains("player_in.proj_scores"), r.err)
  }

  func testBatchScenarioSkipsBadPlayers() throws {
    let r = try run(
      ["trade", "--squad", "Scenarios/afl_squad.json", "--pool", "Scenarios/afl_pool.json", "--top", "5", "--json", "--seed", "1"])
    XCTAssertEqual(r.status, 0, r.err)
    let object = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as! [String: Any]
    XCTAssertEqual((object["trades"] as! [Any]).count, 5)
    let skipped = (object["skipped"] as! [[String: Any]]).map { $0["field"] as! String }
    XCTAssertEqual(skipped, ["pool[60].price", "pool[61].proj_scores", "squad[22]"])
  }

  func testUsageErrors() throws {
    XCTAssertNotEqual(try run(["trade"]).status, 0)
    XCTAssertNotEqual(try run(["trade", "Scenarios/trade_request.json", "--sims", "0"]).status, 0)
    let help = try run(["trade", "--help"]).out
    XCTAssertTrue(help.contains("--deterministic"), help)
  }
}
