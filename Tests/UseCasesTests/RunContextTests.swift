import Calibration
import Simulation
import UseCases
import XCTest

/// The one rule of precedence (`RunContext`): defaults < config < model file < an input's own
/// fields < options, each setting recorded with who set it and what it replaced.
final class RunContextTests: XCTestCase {
  let config = SettingsLayer(.config("mcsim.json"), model: [.homeSD(11), .scoreFloor(70), .otModel(.tie)], simulations: 3000)

  func fitted() -> GameModel {
    var fitted = GameModel(homeMean: 0, awayMean: 0, homeSD: 12.1, awaySD: 12, correlation: 0.05, skewness: 0.04)
    fitted.overtime = Overtime(kind: .flat, rate: 0.057, points: 24, sd: 10)
    return fitted
  }

  func testDefaultsThenConfigThenModelFile() {
    let none = RunContext.resolve([])
    XCTAssertEqual(none.model, Defaults.model)
    XCTAssertEqual(none.simulations, Defaults.simulations)
    XCTAssertTrue(none.provenance.isDefaults)
    XCTAssertEqual(Defaults.model.homeSD, 10)
    XCTAssertEqual(Defaults.model.correlation, 0.5)
    let configured = RunContext.resolve([config])
    XCTAssertEqual(configured.model.homeSD, 11)
    XCTAssertEqual(configured.model.scoreFloor, 70)
    XCTAssertEqual(configured.model.awaySD, Defaults.model.awaySD)
    XCTAssertEqual(configured.simulations, 3000)
    XCTAssertEqual(configured.provenance.configFile, "mcsim.json")
    XCTAssertEqual(configured.provenance.overrides, [], "over the defaults alone nothing is overridden")
    let both = RunContext.resolve([config, SettingsLayer(.modelFile("m.json"), model: ModelSetting.fitted(fitted()))])
    // Every parameter the fit gives wins over the config's; the floor, which it does not fit, stays.
    XCTAssertEqual(both.model.homeSD, 12.1)
    XCTAssertEqual(both.model.overtime, fitted().overtime)
    XCTAssertEqual(both.model.skewness, 0.04)
    XCTAssertEqual(both.model.scoreFloor, 70)
    XCTAssertEqual(both.provenance.modelFile, "m.json")
    XCTAssertEqual(
      both.provenance.overrides.map(\.setting), ["home_sd", "ot_model"],
      "the model file replaced the config's home_sd and ot_model, and said so")
    XCTAssertEqual(both.provenance.overrides.first?.over, "11")
    XCTAssertEqual(both.provenance.overrides.first?.from, .config("mcsim.json"))
  }

  func testAnInputThenTheOptionsWinAndEachOverrideIsRecorded() {
    let input = SettingsLayer(.input("slate.json"), model: [.rho(0.2)], simulations: 100_000)
    let context = RunContext.resolve([
      config, SettingsLayer(.modelFile("m.json"), model: ModelSetting.fitted(fitted())), input,
      SettingsLayer(.option("--rho"), model: [.rho(0.4)]), SettingsLayer(.option("--sims"), simulations: 2000),
    ])
    XCTAssertEqual(context.model.correlation, 0.4)
    XCTAssertEqual(context.simulations, 2000)
    let rho = context.provenance.overrides.filter { $0.setting == "rho" }
    XCTAssertEqual(rho.map(\.by), [.input("slate.json"), .option("--rho")])
    XCTAssertEqual(rho.map(\.over), ["0.05", "0.2"])
    let sims = context.provenance.overrides.filter { $0.setting == "sims" }
    XCTAssertEqual(sims.map(\.by), [.input("slate.json"), .option("--sims")])
    XCTAssertEqual(
      context.provenance.settings.first { $0.setting == "rho" }, Provenance.Setting(setting: "rho", value: "0.4", source: .option("--rho")))
  }

  /// A value given again with the same value replaces nothing; values compare exactly, not as
  /// the rounded text a person reads.
  func testTheSameValueIsNoOverrideButATinyDifferenceIs() {
    let same = RunContext.resolve([
      SettingsLayer(.config("c"), model: [.rho(0.3)]), SettingsLayer(.option("--rho"), model: [.rho(0.3)]),
    ])
    XCTAssertEqual(same.provenance.overrides, [])
    let close = RunContext.resolve([
      SettingsLayer(.config("c"), model: [.rho(0.30001)]), SettingsLayer(.option("--rho"), model: [.rho(0.3)]),
    ])
    XCTAssertEqual(close.provenance.overrides.count, 1)
    XCTAssertEqual(ModelSetting.rho(0.30255356122339966).value, "0.3026")
    XCTAssertEqual(ModelSetting.otPoints(24.130153597413095).value, "24.13")
    XCTAssertEqual(ModelSetting.homeSD(14).value, "14")
  }
}
