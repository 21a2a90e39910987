import OddsMath
import Simulation
import UseCases
import XCTest

/// The sweep use case: single values set the model before the relative moves; a single shift
/// that a grid of the same quantity would half undo is refused naming both as the caller names
/// them; the swept lines are priced from one simulation per model.
final class SweepPricingTests: XCTestCase {
  let options = SimulationOptions(simulations: 20_000, seed: 3, threads: 2)

  func testSingleValuesThenRelativeMoves() throws {
    let request = SweepPricingRequest(
      base: Defaults.model, grids: [.line: [220.5, 225.5, 230.5], .home: [115], .away: [112], .homeSD: [12], .sdScale: [2]],
      options: options)
    let sweep = try SweepPricing.price(request).sweep
    XCTAssertEqual(sweep.points.count, 3)
    XCTAssertEqual(sweep.base.homeSD, 24)
    XCTAssertEqual(sweep.base.awaySD, 20)
  }

  func testAShiftAGridWouldUndoIsRefusedNamedAsTheCallerNamesIt() {
    var request = SweepPricingRequest(
      base: Defaults.model, grids: [.line: [225.5], .home: [110, 115, 120], .away: [112], .shift: [2]], options: options)
    request.name = { "--" + $0.rawValue }
    XCTAssertThrowsError(try SweepPricing.price(request)) {
      guard case .invalid(let field, let value, let reason) = $0 as! InputError else { return XCTFail() }
      XCTAssertEqual(field, "shift")
      XCTAssertEqual(value, "2.0")
      XCTAssertTrue(reason.hasPrefix("moves what the --home grid sets"), reason)
    }
  }
}
