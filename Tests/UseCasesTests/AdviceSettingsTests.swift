import Calibration
import OddsMath
import UseCases
import XCTest

/// The advice policy's one order and one range rule (`AdviceSettings`): the defaults, pooled with
/// the market at a fit's weights unless a layer sets a blend, then a config file's settings, then
/// the options given; a value out of range refused under its key, whichever layer gave it.
final class AdviceSettingsTests: XCTestCase {
  let pooling = PoolingWeights(totals: 0.3, spreads: 0.2, moneylines: 0.1)

  func testTheOptionsWinOverTheConfigWhichWinsOverTheDefaults() throws {
    var config = AdviceSettings()
    config.bankroll = 500
    config.kellyFraction = 0.5
    config.minEV = 0.02
    var options = AdviceSettings()
    options.kellyFraction = 0.1
    let policy = try options.policy(over: config, configSource: "mcsim.json")
    XCTAssertEqual(policy.bankroll, 500)
    XCTAssertEqual(policy.kelly.fraction, 0.1)
    XCTAssertEqual(policy.minEV, 0.02)
    XCTAssertEqual(policy.kelly.cap, Defaults.advice.kelly.cap)
    XCTAssertEqual(policy.configFile, "mcsim.json")
    XCTAssertNil(try AdviceSettings().policy(over: nil, configSource: nil).configFile)
  }

  func testAFitsWeightsPoolUnlessALayerSetsABlend() throws {
    let pooled = try AdviceSettings().policy(over: nil, configSource: nil, pooling: pooling)
    XCTAssertEqual(pooled.poolWeights, pooling.byMarket)
    var blend = AdviceSettings()
    blend.blend = 0.5
    let byConfig = try AdviceSettings().policy(over: blend, configSource: "c", pooling: pooling)
    XCTAssertEqual(byConfig.poolWeights, Defaults.advice.poolWeights)
    XCTAssertEqual(byConfig.blend, 0.5)
    let byOption = try blend.policy(over: nil, configSource: nil, pooling: pooling)
    XCTAssertEqual(byOption.poolWeights, Defaults.advice.poolWeights)
  }

  func testAValueOutOfRangeIsRefusedUnderItsKey() {
    for (set, key, value): ((inout AdviceSettings) -> Void, String, String) in [
      ({ $0.kellyCap = 1.5 }, "kelly_cap", "1.5"), ({ $0.minEV = 3 }, "min_ev", "3"), ({ $0.bankroll = -1 }, "bankroll", "-1"),
      ({ $0.maxExposure = 0 }, "max_exposure", "0"), ({ $0.blend = 2 }, "blend", "2"),
    ] {
      var options = AdviceSettings()
      set(&options)
      XCTAssertThrowsError(try options.policy(over: nil, configSource: nil), key) { error in
        XCTAssertEqual((error as? any FieldProblem)?.field, key)
        XCTAssertEqual((error as? any FieldProblem)?.value, value)
      }
    }
  }
}
