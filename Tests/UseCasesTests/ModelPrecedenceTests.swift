import Calibration
import Simulation
import UseCases
import XCTest

/// The one rule of precedence for a game's model: defaults < config < model file (< an input's
/// fields < options, which the edges lay over the base).
final class ModelPrecedenceTests: XCTestCase {
  func testDefaultsThenConfigThenModelFile() {
    XCTAssertEqual(ModelPrecedence.base(), Defaults.model)
    XCTAssertEqual(Defaults.model.homeSD, 10)
    XCTAssertEqual(Defaults.model.correlation, 0.5)
    let config: (inout GameModel) -> Void = {
      $0.homeSD = 11
      $0.scoreFloor = 70
      $0.overtime.kind = .tie
    }
    let configured = ModelPrecedence.base(config: config)
    XCTAssertEqual(configured.homeSD, 11)
    XCTAssertEqual(configured.scoreFloor, 70)
    XCTAssertEqual(configured.awaySD, Defaults.model.awaySD)
    var fitted = GameModel(homeMean: 0, awayMean: 0, homeSD: 12.1, awaySD: 12, correlation: 0.05, skewness: 0.04)
    fitted.overtime = Overtime(kind: .flat, rate: 0.057, points: 24, sd: 10)
    let file = CalibratedModel(template: fitted, homeAdvantage: 0.1, totalShift: -1)
    let both = ModelPrecedence.base(config: config, file: file)
    // Every parameter the fit gives wins over the config's; the floor, which it does not fit, stays.
    XCTAssertEqual(both.homeSD, 12.1)
    XCTAssertEqual(both.overtime, fitted.overtime)
    XCTAssertEqual(both.skewness, 0.04)
    XCTAssertEqual(both.scoreFloor, 70)
  }
}
