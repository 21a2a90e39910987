import Foundation
import TestSupport
import XCTest

/// End to end: `mcsim sweep`, its outputs (table, CSV, JSON, SVG) and its refusals.
final class SweepCommandTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.endToEnd.require() }

  /// The seed's model: normal scores, whose exact curves every sweep draws (a skewed model's
  /// sweep has none).
  let game = ["sweep", "--home", "115", "--away", "112", "--seed", "4", "--model", "seed"]

  func testJSONHasAPointPerGridPointAndABreakEvenPerCurve() throws {
    let doc = try MCSimBinary.json(game + ["--line", "220:230:0.5", "--rho", "0,0.2,0.5", "--sims", "50000", "--json"])
    let result = try XCTUnwrap(doc["result"] as? [String: Any])
    let points = try XCTUnwrap(result["points"] as? [[String: Any]])
    XCTAssertEqual(points.count, 21 * 3)
    let breakEven = try XCTUnwrap(result["break_even"] as? [[String: Any]])
    XCTAssertEqual(breakEven.map { $0["rho"] as? Double }, [0, 0.2, 0.5])
    XCTAssertEqual(result["simulated_models"] as? Int, 3)
    let first = points[0]
    for key in [
      "line", "rho", "p_over", "ci_95_over", "p_under", "p_push", "dp_over_dline", "ev_over", "ci_95_ev_over",
      "kelly_over_full", "break_even_over_price", "exact",
    ] {
      XCTAssertNotNil(first[key], key)
    }
    XCTAssertEqual(first["line"] as? Double, 220)
    XCTAssertEqual(points[1]["rho"] as? Double, 0.2)
    let exact = try XCTUnwrap(first["exact"] as? [String: Any])
    XCTAssertNotNil(exact["dp_over_dline"])
    for b in breakEven { XCTAssertNotNil(b["over_line"] as? Double); XCTAssertNotNil(b["exact_over_line"] as? Double) }
  }

  /// On the shipped (skewed) model a sweep of lines has one model, whose exact distribution it
  /// computes and grades on as `run` does: the same exact p_under and the same stake (issue 47:
  /// the sweep showed no exact column and staked 0.0153 where run staked 0.0168).
  func testASkewedModelsSweepGradesOnTheExactDistributionAsRunDoes() throws {
    let sweep = try MCSimBinary.json(["sweep", "--home", "115", "--away", "112", "--line", "229,230", "--seed", "10", "--json"])
    let result = try XCTUnwrap(sweep["result"] as? [String: Any])
    XCTAssertEqual(result["exact_computed"] as? Bool, true)
    for point in try XCTUnwrap(result["points"] as? [[String: Any]]) {
      let line = try XCTUnwrap(point["line"] as? Double)
      let run = try XCTUnwrap(
        try MCSimBinary.json(["run", "--home", "115", "--away", "112", "--line", "\(line)", "--seed", "10", "--json"])["result"]
          as? [String: Any])
      let analytic = try XCTUnwrap(run["analytic"] as? [String: Any])
      let exact = try XCTUnwrap(point["exact"] as? [String: Any])
      XCTAssertEqual(exact["p_under"] as? Double ?? -1, analytic["p_under"] as? Double ?? -2, accuracy: 1e-12, "line \(line)")
      let advice = try XCTUnwrap((run["advice"] as? [String: Any])?["under"] as? [String: Any])
      XCTAssertEqual(point["stake_under"] as? Double ?? -1, advice["stake"] as? Double ?? -2, accuracy: 1e-12, "line \(line)")
    }
  }

  func testCSVAndTable() throws {
    let csv = try MCSimBinary.run(game + ["--line", "225.5", "--shift", "-3:3:1", "--spread", "-3.5", "--moneyline", "--csv"])
    XCTAssertEqual(csv.status, 0, csv.stderr)
    let rows = csv.stdout.split(separator: "\n")
    XCTAssertEqual(rows.count, 1 + 7)
    let header = rows[0].split(separator: ",", omittingEmptySubsequences: false)
    XCTAssertEqual(header.first, "shift")
    XCTAssertTrue(header.contains("p_home_cover") && header.contains("p_home_win") && header.contains("line"))
    for row in rows.dropFirst() { XCTAssertEqual(row.split(separator: ",", omittingEmptySubsequences: false).count, header.count) }
    let table = try MCSimBinary.run(game + ["--line", "220:230:1"])
    XCTAssertEqual(table.status, 0, table.stderr)
    XCTAssertTrue(table.stdout.contains("Break-even"))
    XCTAssertEqual(table.stdout.split(separator: "\n").filter { $0.hasPrefix("      22") || $0.hasPrefix("      23") }.count, 11)
  }

  /// A moneyline swept under flat overtime (or none) says it loses on a tie, as the parlay does;
  /// under the tie model (no level final) it says nothing.
  func testAMoneylineUnderFlatOvertimeSaysItLosesOnATie() throws {
    let sweep = game + ["--line", "225.5", "--rho", "0,0.5", "--moneyline", "--sims", "20000"]
    let flat = try MCSimBinary.run(sweep + ["--ot-model", "flat"])
    XCTAssertEqual(flat.status, 0, flat.stderr)
    let line = try XCTUnwrap(flat.stdout.split(separator: "\n").first { $0.hasPrefix("home_win loses on a tie: P(tie) up to 0.0") })
    XCTAssertTrue(line.hasSuffix("under overtime flat, which lets it stand (--ot-model tie plays overtime until one team leads)."))
    let none = try MCSimBinary.run(sweep + ["--ot-model", "none"])
    XCTAssertTrue(none.stdout.contains("under overtime none, which lets it stand"), none.stdout)
    let tie = try MCSimBinary.run(sweep + ["--ot-model", "tie"])
    XCTAssertEqual(tie.status, 0, tie.stderr)
    XCTAssertFalse(tie.stdout.contains("loses on a tie"))
  }

  /// Each bad grid exits 64 with one line naming the option.
  func testBadGridsAreRefusedNamingTheOption() throws {
    let cases: [([String], String, String)] = [
      (["--line", "", "--home", "115", "--away", "112"], "--line", "empty"),
      (["--line", "235:215:0.5", "--home", "115", "--away", "112"], "--line", "reversed"),
      (["--line", "225.5", "--rho", "0:1:0", "--home", "115", "--away", "112"], "--rho", "step"),
      (["--line", "0.5:999:0.005", "--home", "115", "--away", "112"], "--line", "100000"),
      (["--line", "200:250:0.5", "--rho", "-1:1:0.001", "--home", "115", "--away", "112"], "--rho", "100000"),
      (["--line", "225.5", "--rho", "0,0.2", "--rho", "0.5", "--home", "115", "--away", "112"], "--rho", "twice"),
      (["--line", "225.5", "--home", "110:120:1", "--shift", "-3:3:1", "--away", "112"], "--shift", "swept only once"),
      (["--line", "225.5", "--home", "110:120:5", "--shift", "2", "--away", "112"], "--shift", "moves what the --home grid sets"),
      (["--line", "225.5", "--home-sd", "8:12:2", "--sd-scale", "1.5", "--home", "115", "--away", "112"], "--sd-scale", "--home-sd grid"),
      (["--line", "225.5", "--rho", "0,0.5,0.3", "--home", "115", "--away", "112"], "--rho", "increase"),
      (["--line", "225.5", "--rho", "0,2", "--home", "115", "--away", "112"], "--rho", "[-1, 1]"),
      (["--line", "220,221", "--rho", "0,0.2", "--skew", "0,0.1", "--home", "115", "--away", "112"], "--skew", "at most 2"),
    ]
    for (arguments, option, words) in cases {
      let r = try MCSimBinary.run(["sweep"] + arguments)
      XCTAssertEqual(r.status, 64, "\(arguments): \(r.stderr)")
      XCTAssertTrue(r.stderr.hasPrefix("Error: \(option)"), "\(arguments): \(r.stderr)")
      XCTAssertTrue(r.stderr.contains(words), "\(arguments): \(r.stderr)")
      XCTAssertEqual(r.stdout, "")
    }
  }

  /// A single sd scale moves the sds given beside it (--home-sd 12 --sd-scale 2: home sd 24),
  /// not the defaults; a single shift moves the single projections.
  func testSingleMovesApplyToTheGivenValues() throws {
    func model(_ extra: [String]) throws -> [String: Any] {
      let doc = try MCSimBinary.json(
        ["sweep", "--line", "220,230", "--home", "115", "--away", "112", "--sims", "1000", "--model", "seed", "--json"] + extra)
      let result = try XCTUnwrap(doc["result"] as? [String: Any])
      return try XCTUnwrap(result["model"] as? [String: Any], "\(result.keys)")
    }
    let scaled = try model(["--home-sd", "12", "--sd-scale", "2"])
    XCTAssertEqual(scaled["home_std_dev"] as? Double, 24)
    XCTAssertEqual(scaled["away_std_dev"] as? Double, 20)
    let shifted = try model(["--shift", "2"])
    XCTAssertEqual(shifted["home_mean"] as? Double, 117)
    XCTAssertEqual(shifted["away_mean"] as? Double, 114)
  }

  /// A line sweep's picture: one simulated curve with one point per line, its band and the
  /// exact curve, the offered line and the break-even marked; then rendered by a browser.
  func testLineSweepSVG() throws {
    let file = SVGCheck.temporary("line.svg")
    let r = try MCSimBinary.run(game + ["--line", "215:235:0.5", "--offered-line", "225.5", "--sims", "100000", "--svg", file])
    XCTAssertEqual(r.status, 0, r.stderr)
    let svg = try SVGCheck.parse(file)
    let series = svg.withClass("series")
    XCTAssertEqual(series.count, 1)
    XCTAssertEqual(SVGCheck.Census.pointCount(series[0]), 41)
    XCTAssertEqual(svg.withClass("band").count, 1)
    XCTAssertEqual(svg.withClass("exact").count, 1)
    XCTAssertEqual(SVGCheck.Census.pointCount(svg.withClass("exact")[0]), 41)
    XCTAssertEqual(svg.withClass("marker").count, 2)  // offered line, break-even line
    XCTAssertEqual(svg.withClass("axis-label").count, 2)
    XCTAssertEqual(svg.withClass("cell").count, 0)
    try SVGCheck.render(file, width: 860, height: 460)
  }

  /// Two parameters: a curve per rho value and a heat-map cell per grid point.
  func testTwoParameterSweepSVG() throws {
    let file = SVGCheck.temporary("grid.svg")
    let r = try MCSimBinary.run(game + ["--line", "220:230:1", "--rho", "0,0.25,0.5,0.75", "--sims", "20000", "--svg", file])
    XCTAssertEqual(r.status, 0, r.stderr)
    let svg = try SVGCheck.parse(file)
    let series = svg.withClass("series")
    XCTAssertEqual(series.count, 4)
    for s in series { XCTAssertEqual(SVGCheck.Census.pointCount(s), 11) }
    XCTAssertEqual(svg.withClass("band").count, 4)
    XCTAssertEqual(svg.withClass("cell").count, 44)
    try SVGCheck.render(file, width: 860, height: 920)
  }
}
