import Foundation
import TestSupport
import XCTest

/// `mcsim run --svg` and `--scenarios`' outcome-conditional block.
final class RunPictureTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.endToEnd.require() }

  /// The picture: a bar per value of the total's and the margin's distribution (as many as the
  /// JSON's histogram spans at least), the exact curve over each, the line marked on the totals
  /// and across the heat map; then rendered by a browser.
  func testRunSVG() throws {
    let file = SVGCheck.temporary("run.svg")
    let r = try MCSimBinary.run(["run", "--line", "225.5", "--home", "115", "--away", "112", "--sims", "200000", "--seed", "3", "--svg", file])
    XCTAssertEqual(r.status, 0, r.stderr)
    let svg = try SVGCheck.parse(file)
    let panels = svg.withClass("panel")
    XCTAssertEqual(panels.count, 3)
    let exact = svg.withClass("exact")
    XCTAssertEqual(exact.count, 2)
    let bars = svg.withClass("bar").count
    // Totals span about +/- 4 sd of 17.3 points and margins +/- 4 sd of 10: well over 150 bars.
    XCTAssertGreaterThan(bars, 150)
    // A bar per simulated value with mass; the exact curves have a point per value shown.
    XCTAssertLessThanOrEqual(bars, exact.map(SVGCheck.Census.pointCount).reduce(0, +))
    XCTAssertGreaterThan(Double(bars), 0.95 * Double(exact.map(SVGCheck.Census.pointCount).reduce(0, +)))
    XCTAssertGreaterThan(svg.withClass("cell").count, 1000)
    XCTAssertEqual(svg.withClass("marker").count, 4)  // the line, level margin, the line across the heat map, level scores
    try SVGCheck.render(file, width: 860, height: 1360)
  }

  func testScenariosAddTheOutcomeConditionals() throws {
    // The seed's normal scores: the conditionals have exact values (a skewed model's have none).
    let doc = try MCSimBinary.json([
      "run", "--line", "225.5", "--home", "115", "--away", "112", "--sims", "20000", "--seed", "3", "--scenarios", "--model", "seed", "--json",
    ])
    let result = try XCTUnwrap(doc["result"] as? [String: Any])
    let conditional = try XCTUnwrap(result["conditional_scenarios"] as? [String: Any])
    let given = try XCTUnwrap(conditional["given"] as? [String: [String: Any]])
    XCTAssertEqual(Set(given.keys), ["home_win", "away_win", "close", "blowout", "regulation", "overtime"])
    XCTAssertNotNil(given["home_win"]?["p_over"] as? Double)
    XCTAssertNotNil(given["overtime"]?["exact_p_over"] as? Double)
    XCTAssertNotNil(given["overtime"]?["p_over"] as? Double)
    XCTAssertNotNil(given["regulation"]?["ci_95_over"] as? [Double])
    // Without --scenarios, no such block.
    let plain = try MCSimBinary.json(["run", "--line", "225.5", "--home", "115", "--away", "112", "--sims", "2000", "--seed", "3", "--json"])
    XCTAssertNil((plain["result"] as? [String: Any])?["conditional_scenarios"])
  }
}
