import OddsMath
import Simulation
import UseCases
import XCTest

/// The game pricing use case composes the engine as `run` and the server's simulate did: the same
/// histogram for the same seed, the exact block only when asked, the agent's blocks when asked,
/// its cost in game paths, and every bad field named.
final class GamePricingTests: XCTestCase {
  let model = GameModel(homeMean: 115, awayMean: 112)
  let market = TotalsMarket(line: 225.5)
  let options = SimulationOptions(simulations: 20_000, seed: 9, threads: 2)

  func testTheReportIsTheEnginesForTheSameSeed() throws {
    let priced = try GamePricing.price(GamePricingRequest(model: model, market: market, options: options))
    let histogram = try GameSimulator.simulate(model, options: options)
    let direct = GameReport(
      model: model, market: market, policy: Defaults.advice, options: options, histogram: histogram,
      exact: ExactScoreDistribution.compute(model), elapsedSeconds: 0)
    XCTAssertEqual(priced.report.simulation.pOver, direct.simulation.pOver)
    XCTAssertEqual(priced.report.simulation.pUnder, direct.simulation.pUnder)
    XCTAssertEqual(priced.report.evMetrics.evOver, direct.evMetrics.evOver)
    XCTAssertEqual(priced.report.verdict, direct.verdict)
    XCTAssertNotNil(priced.report.analytic)
    XCTAssertNil(priced.report.scenarios)
    XCTAssertNil(priced.pictures)
    XCTAssertEqual(priced.agent.metrics, priced.report.evMetrics, "mcsim's policy in the agent's fields by default")
    XCTAssertEqual(priced.agent.verdict, priced.report.verdict)
  }

  /// Under the agent's rules the priced game carries the agent's advice (`AgentAdvice.totals` on
  /// its simulated probabilities at the prices used), computed by the use case.
  func testTheAgentsRulesFillThePricedGamesAgentAdvice() throws {
    var request = GamePricingRequest(model: model, market: market, options: options)
    request.agentAdvice = .agent
    let priced = try GamePricing.price(request)
    let s = priced.report.simulation
    let expected = AgentAdvice.totals(
      pOver: s.pOver, pUnder: s.pUnder, pPush: s.pPush, overOdds: market.overOdds, underOdds: market.underOdds)
    XCTAssertEqual(priced.agent.rules, .agent)
    XCTAssertEqual(priced.agent.metrics, expected.metrics)
    XCTAssertEqual(priced.agent.verdict, expected.verdict)
  }

  /// The exact distribution, computed to grade or to report, is counted in the cost at its
  /// measured price (`ExactCost`), a skewed model's dearer.
  func testCostCountsTheExactDistribution() {
    var request = GamePricingRequest(model: model, market: market, options: options, exact: false, reportExact: false)
    XCTAssertEqual(request.cost, 20_000)
    request.exact = true
    XCTAssertEqual(request.cost, 20_000 + ExactCost.normalPaths)
    request.model.skewness = 0.04
    XCTAssertEqual(request.cost, 20_000 + ExactCost.skewedPaths)
  }

  func testOptionalBlocksAndCost() throws {
    var request = GamePricingRequest(
      model: model, market: market, options: options, exact: false, reportExact: false, scenarios: true, conditionalScenarios: true,
      sensitivity: true, pictures: true)
    XCTAssertEqual(request.cost, 20_000 + TotalsScenarios.variants(of: model).count * 10_000 + 8 * 20_000)
    let priced = try GamePricing.price(request)
    XCTAssertNil(priced.report.analytic)
    XCTAssertNotNil(priced.report.scenarios)
    XCTAssertNotNil(priced.report.sensitivity)
    XCTAssertNotNil(priced.report.conditionalScenarios)
    XCTAssertNotNil(priced.pictures)
    request.scenarios = false
    request.sensitivity = false
    XCTAssertEqual(request.cost, 20_000)
  }

  func testEveryBadFieldIsNamed() {
    var bad = model
    bad.homeSD = -1
    bad.correlation = 2
    let request = GamePricingRequest(
      model: bad, market: TotalsMarket(line: -3), options: SimulationOptions(simulations: 0, seed: 1))
    XCTAssertEqual(Set(request.problems().map(\.field)), ["home_std_dev", "correlation", "total_line", "n_sims"])
    XCTAssertThrowsError(try GamePricing.price(request))
  }
}
