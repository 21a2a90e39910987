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
      (["serve", "--refresh", "0"], 64, "--max-feed-events go with --odds FEED"),
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

  /// Advice options a command cannot use are refused by name, not taken and ignored: a parlay is
  /// simulated only with no market beside it, props have no exact distribution.
  func testAnAdviceOptionWithNoEffectIsRefused() throws {
    let parlay = ["parlay", "--home", "115", "--away", "112", "--leg", "over:225.5", "--sims", "2000"]
    for (extra, says) in [
      (["--exact"], "--exact has no effect here: a parlay's joint probability is simulated only"),
      (["--blend", "0.5"], "--blend has no effect here"), (["--trust-model"], "--trust-model has no effect here"),
    ] {
      let r = try MCSimBinary.run(parlay + extra)
      XCTAssertEqual(r.status, 64, "\(extra): \(r.stderr)")
      XCTAssertTrue(r.stderr.contains(says), "\(extra): \(r.stderr)")
    }
    let props = try MCSimBinary.run(
      ["props", "Scenarios/props_feed_nba.json", "--projections", "Scenarios/props_projections.json", "--no-exact"],
      cwd: GoldenOutputTests.projectRoot)
    XCTAssertEqual(props.status, 64, props.stderr)
    XCTAssertTrue(props.stderr.contains("--no-exact has no effect here"), props.stderr)
  }

  /// An input file is named once in its error, and a file cut short says where it ends.
  func testAFileIsNamedOnceAndACutShortOneSaysWhere() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-files-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let csv = dir.appendingPathComponent("bad.csv")
    try Data("season,date,home\n2023-24,2023-12-11,BOS\n".utf8).write(to: csv)
    let missing = try MCSimBinary.run(["calibrate", csv.path])
    XCTAssertEqual(missing.status, 1, missing.stderr)
    XCTAssertEqual(missing.stderr, "Error: \(csv.path): missing column 'away' (header: season,date,home)\n")
    let cut = dir.appendingPathComponent("cut.json")
    try Data(#"{"games": [{"home_projection": 1"#.utf8).write(to: cut)
    let r = try MCSimBinary.run(["slate", cut.path])
    XCTAssertEqual(r.status, 1, r.stderr)
    XCTAssertTrue(r.stderr.contains("malformed JSON at line 1, column 33 (byte 32, the end of the input)"), r.stderr)
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
