import Foundation
import TestSupport
import XCTest

/// What a new user trips on (issue 47), each through the built binary: a negative number is read
/// as the option's value and refused by its rule (not "Missing value"), options that go with
/// another say so, a season or stage the file does not have is the option's fault (exit 64,
/// naming what the file has), never the model file's; one simulation is "1 simulation".
final class NewUserErrorCommandTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.endToEnd.require() }

  static var stats: String { GoldenOutputTests.projectRoot.appendingPathComponent("Scenarios/feed_team_stats.json").path }
  static var data: String { GoldenOutputTests.projectRoot.appendingPathComponent("Scenarios/nba_results_2023.csv").path }

  func testEachRefusalNamesTheOptionAndItsRule() throws {
    let cases: [(arguments: [String], status: Int32, says: String)] = [
      (["trade", "--squad", "s.json", "--pool", "p.json", "--budget", "-5"], 64, "--budget -5.0: must be 0 or more dollars"),
      (["trade", "--squad", "s.json", "--pool", "p.json", "--round", "-2"], 64, "--round -2: must be at least 1"),
      (["serve", "--refresh", "0"], 64, "--refresh and --stale-after go with --odds FEED"),
      (["serve", "--odds", "feed.json", "--stats", "stats.json", "--refresh", "-1"], 64, "--refresh -1.0 seconds: must be in 1...86400 seconds"),
      (["slate", "--odds", "feed.json", "--stats", "s.json", "--watch", "-5"], 64, "--watch must be a positive number of seconds, got -5.0"),
      (["serve", "--odds", "http://[::1/feed.json?apiKey=SECRET", "--stats", "s.json"], 64, "--odds an unparseable http URL: not a valid URL"),
      (["serve", "--odds", "/nonexistent/feed.json", "--stats", Self.stats, "--port", "0"], 1, "--odds /nonexistent/feed.json: no such file"),
      (["serve", "--host", "999.1.1.1", "--port", "0"], 64, "--host 999.1.1.1: not an IPv4 or IPv6 address, nor a name this machine resolves"),
      (["calibrate", Self.data, "--stage", "foo"], 64, "--stage foo: no game at this stage in the seasons chosen (they have regular, "),
      (["calibrate", Self.data, "--seasons", "foo"], 64, "--seasons foo: no season of \(Self.data) is in it (it has 2022-23 to 2023-24)"),
    ]
    for c in cases {
      let r = try MCSimBinary.run(c.arguments)
      XCTAssertEqual(r.status, c.status, "\(c.arguments): \(r.stderr)")
      XCTAssertTrue(r.stderr.contains(c.says), "\(c.arguments): \(r.stderr)")
      XCTAssertFalse(r.stderr.contains("Missing value") || r.stderr.contains("SECRET"), r.stderr)
    }
  }

  /// `backtest --seasons` the file does not have blames --seasons, not the model file.
  func testBacktestBlamesTheSeasonsNotTheModel() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-newuser-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let model = dir.appendingPathComponent("model.json").path
    let fit = try MCSimBinary.run(["calibrate", Self.data, "--out", model])
    XCTAssertEqual(fit.status, 0, fit.stderr)
    let r = try MCSimBinary.run(["backtest", Self.data, "--model", model, "--seasons", "2010-11:2012-13"])
    XCTAssertEqual(r.status, 64, r.stderr)
    XCTAssertTrue(r.stderr.contains("--seasons 2010-11:2012-13: no season of"), r.stderr)
    XCTAssertFalse(r.stderr.contains("--model"), r.stderr)
  }

  func testOneIsSingular() throws {
    let r = try MCSimBinary.run(["run", "--line", "225.5", "--home", "115", "--away", "112", "--sims", "1", "--seed", "1"])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertTrue(r.stdout.hasPrefix("mcsim run · 1 simulation · seed 1 · "), r.stdout)
  }
}
