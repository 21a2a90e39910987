import Foundation
import TestSupport
import XCTest

/// `mcsim slate --svg`: a row per game with a totals line, the model's P(over) with its interval
/// and the market's devigged P(over).
final class SlatePictureTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.endToEnd.require() }

  func testSlateSVG() throws {
    let file = SVGCheck.temporary("slate.svg")
    let slate = SlateCommandTests.path("Scenarios/slate_native.json")
    let r = try MCSimBinary.run(["slate", slate, "--seed", "5", "--sims", "20000", "--json", "--svg", file])
    XCTAssertEqual(r.status, 0, r.stderr)
    let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    let games = try XCTUnwrap(doc["games"] as? [[String: Any]])
    let lined = games.filter { $0["monte_carlo"] is [String: Any] }
    XCTAssertGreaterThan(lined.count, 0)
    let svg = try SVGCheck.parse(file)
    XCTAssertEqual(svg.withClass("game").map { $0["data-game"] ?? "" }, lined.map { "\($0["game_id"]!)" })
    XCTAssertEqual(svg.withClass("interval").count, lined.count)
    XCTAssertEqual(svg.withClass("model").count, lined.count)
    // Every game of this slate has both prices of its total: each has a market probability.
    XCTAssertEqual(svg.withClass("market").count, lined.count)
    try SVGCheck.render(file, width: 860, height: 400)
  }
}
