import Simulation
import XCTest

final class RelativeScenariosTests: XCTestCase {
  /// Each variant moves the game's own parameters: high_correlation raises rho by 0.15 from any
  /// base (0.2 -> 0.35 as the agent had it, 0.5 -> 0.65; it used to set 0.35 and so lowered a
  /// 0.5 correlation), and so widens the total; high_ot adds 0.04 to the game's rate; each
  /// entry says what it did.
  func testVariantsAreMovesFromTheGamesParameters() throws {
    for rho in [0.2, 0.5] {
      let model = GameModel(homeMean: 115, awayMean: 112, correlation: rho, overtime: Overtime(rate: 0.08))
      let variants = Dictionary(uniqueKeysWithValues: TotalsScenarios.variants(of: model).map { ($0.0, $0.1) })
      XCTAssertEqual(variants[.highCorrelation]!.correlation, rho + 0.15, accuracy: 1e-15)
      XCTAssertEqual(variants[.highOvertime]!.overtime.rate, 0.12, accuracy: 1e-15)
      XCTAssertEqual(variants[.noCorrelation]!.correlation, 0)
      XCTAssertEqual(variants[.skewNormal]!.skewness, 0.19)
      let scenarios = try TotalsScenarios(model: model, line: 226.5, options: SimulationOptions(simulations: 200_000, seed: 2))
      let entries = Dictionary(uniqueKeysWithValues: scenarios.entries.map { ($0.variant, $0) })
      // sd of the total: sqrt(200 + 200 rho) moves from 15.5 to 16.4 (rho 0.2): far beyond noise.
      XCTAssertGreaterThan(entries[.highCorrelation]!.stdTotal, entries[.base]!.stdTotal + 0.5)
      XCTAssertEqual(entries[.highCorrelation]!.model.correlation, rho + 0.15, accuracy: 1e-15)
      XCTAssertEqual(scenarios.base, model)
    }
  }
}
