import Calibration
import OddsMath
import Simulation
import UseCases
import XCTest

/// A run resolved once (`ModelChoice.context`): the model file's fit over the config file's
/// model, the options over both, and the advice policy by its one order, pooled at the fit's
/// weights only where the job pools.
final class ModelChoiceTests: XCTestCase {
  let pooling = PoolingWeights(totals: 0.3, spreads: 0.2, moneylines: 0.1)

  func choice(file: String? = "fit.json") -> ModelChoice {
    let fitted = GameModel(homeMean: 0, awayMean: 0, homeSD: 12, awaySD: 12, correlation: 0.1)
    let fit = ModelSet.Fit(model: CalibratedModel(template: fitted), pooling: pooling)
    var config = AdviceSettings()
    config.bankroll = 500
    return ModelChoice(
      models: ModelSet(origin: file.map { .file($0) } ?? .shipped, fits: [.market: fit, .stats: fit, .ratings: fit]),
      modelFile: file, config: SettingsLayer(.config("mcsim.json"), model: [.rho(0.4), .scoreFloor(70)], simulations: 500),
      configAdvice: config, configSource: "mcsim.json")
  }

  func testTheFileBeatsTheConfigAndTheOptionsBeatTheFile() throws {
    var options = AdviceSettings()
    options.kellyFraction = 0.1
    let run = try choice().context(options: [SettingsLayer(.option("--rho"), model: [.rho(0.2)])], simulations: 2000, advice: options)
    XCTAssertEqual(run.context.model.homeSD, 12, "the model file's sd")
    XCTAssertEqual(run.context.model.correlation, 0.2, "the option over the file's 0.1 over the config's 0.4")
    XCTAssertEqual(run.context.model.scoreFloor, 70, "a fit never sets the floor: the config's stays")
    XCTAssertEqual(run.context.simulations, 2000)
    XCTAssertEqual(run.context.provenance.modelFile, "fit.json")
    XCTAssertEqual(run.policy.bankroll, 500, "the config's advice")
    XCTAssertEqual(run.policy.kelly.fraction, 0.1, "the option's advice")
    XCTAssertEqual(run.policy.configFile, "mcsim.json")
  }

  func testAdvicePoolsAtTheFitsWeightsOnlyWhereTheJobPools() throws {
    XCTAssertEqual(try choice().context(projections: .market).policy.poolWeights, pooling.byMarket)
    XCTAssertEqual(try choice().context().policy.poolWeights, Defaults.pooling.byMarket, "projections a user gives")
    XCTAssertEqual(try choice().context(projections: .market, pooled: false).policy.poolWeights, Defaults.advice.poolWeights)
    let agent = try choice().context(projections: .market, pooled: true, poolAdvice: false)
    XCTAssertEqual(agent.policy.poolWeights, Defaults.advice.poolWeights)
    var blend = AdviceSettings()
    blend.blend = 0.5
    XCTAssertEqual(try choice().context(projections: .market, advice: blend).policy.poolWeights, Defaults.advice.poolWeights, "a blend set wins")
  }

  func testTheReplacedServiceKeepsItsModelUnlessAFileIsGiven() throws {
    let shipped = try choice(file: nil).context(defaults: Defaults.agentModel, replacedService: true)
    XCTAssertEqual(shipped.context.model.correlation, 0.4, "the config's over the agent's model, not the shipped fit")
    XCTAssertEqual(shipped.context.model.homeSD, Defaults.agentModel.homeSD)
    let file = try choice().context(defaults: Defaults.agentModel, replacedService: true)
    XCTAssertEqual(file.context.model.homeSD, 12, "a model file given is used")
  }

  func testAnOptionOutOfRangeIsRefusedUnderItsKey() {
    var options = AdviceSettings()
    options.minEV = 3
    XCTAssertThrowsError(try choice().context(advice: options)) { error in
      XCTAssertEqual((error as? InputError)?.field, "min_ev")
    }
  }
}
