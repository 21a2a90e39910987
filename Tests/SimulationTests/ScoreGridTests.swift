import CRandom
import Simulation
import TestSupport
import XCTest

/// The simulation's grid is sized from the game kernel's single-precision normals (|z| <=
/// 5.7682): every regulation score the generator draws must land inside it, for normal and
/// skewed models alike, or the histogram's sparse overflow would take them (still exact, but
/// slow). The exact distribution keeps the double-precision reach, which the maths needs.
final class ScoreGridTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.statistical.require() }

  func testEveryRegulationScoreLandsInTheGrid() throws {
    let models = [
      GameModel(homeMean: 115, awayMean: 112, overtime: Overtime(kind: .none), scoreFloor: nil),
      GameModel(homeMean: 40, awayMean: 30, homeSD: 25, awaySD: 3, correlation: -0.95, overtime: Overtime(kind: .none), scoreFloor: nil),
      GameModel(
        homeMean: 100, awayMean: 100, homeSD: 12, awaySD: 12, correlation: 0, overtime: Overtime(kind: .none), scoreFloor: nil, skewness: 0.95),
      GameModel(
        homeMean: 100, awayMean: 100, homeSD: 8, awaySD: 14, correlation: 0, overtime: Overtime(kind: .none), scoreFloor: nil, skewness: -0.95),
    ]
    for model in models {
      try model.validate()
      let h = try GameSimulator.simulate(model, options: SimulationOptions(simulations: 1_000_000, seed: 41, threads: 2))
      XCTAssertTrue(h.overflow.isEmpty, "\(model): \(h.overflow.count) scores outside \(h.grid)")
      XCTAssertEqual(h.grid, ScoreGrid(model: model))
    }
  }

  /// The grid of the service's defaults, and the exact distribution's wider one.
  func testTheDefaultGridIsTheSinglePrecisionReach() {
    let model = GameModel(homeMean: 115, awayMean: 112)
    let grid = ScoreGrid(model: model)
    // 115 +/- 5.7682 x 10, one point of rounding room each side, 15 of overtime room above.
    XCTAssertEqual(grid.homeMin, Int((115 - MC_NORMAL_F32_MAX_ABS * 10).rounded(.down)) - 1)
    XCTAssertEqual(grid.homeMax, Int((115 + MC_NORMAL_F32_MAX_ABS * 10).rounded(.up)) + 1 + 15)
    let wide = ScoreGrid(model: model, reach: MC_NORMAL_MAX_ABS)
    XCTAssertEqual(wide.homeMin, Int((115 - MC_NORMAL_MAX_ABS * 10).rounded(.down)) - 1)
    XCTAssertLessThan(Double(grid.cellCount), 0.5 * Double(wide.cellCount))
  }
}
