import Dispatch
import OddsMath
import Simulation

/// One game's totals line priced: `mcsim run` and `POST /api/monte-carlo/simulate`.
///
/// One simulation of the game's joint score histogram answers the line; the exact distribution
/// of the same model, when asked, grades the advice and fills the `analytic` block; the agent's
/// optional blocks (named scenarios, sensitivities, the totals given the outcome) and the
/// pictures' distributions come from the same model. The advice follows the request's policy.
package struct GamePricingRequest: Sendable {
  package var model: GameModel
  package var market: TotalsMarket
  package var options: SimulationOptions
  package var policy: AdvicePolicy
  /// Grade on the exact probabilities where the model has them (`Defaults.exact`): the same
  /// verdict whatever the seed.
  package var exact: Bool
  /// Report the exact probabilities (the `analytic` block; the agent's `include_exact`).
  package var reportExact: Bool
  /// The agent's named variants of the model at half the simulations.
  package var scenarios: Bool
  /// The total given the game's outcome, read off the same histogram.
  package var conditionalScenarios: Bool
  /// How P(under) moves with each projection and sd, and whether with the exact values beside.
  package var sensitivity: Bool
  package var sensitivityExact: Bool
  /// The distributions a picture draws (`GameChart`).
  package var pictures: Bool
  /// Periods to price beside the game (`run --period`), on `periodModel` (the model's quarter
  /// model, exact normal probabilities on whole points).
  package var periods: [PeriodQuote] = []
  package var periodModel: PeriodModel?
  /// In play: the game's score and clock (`InPlayPricing`); nil before tip-off.
  package var state: GameState? = nil
  /// How the input names the periods asked (`period` on the command line, `period_lines` in a
  /// body).
  package var periodField = "period"
  /// Whose rules fill the agent's advice fields (`PricedGame.agent`): mcsim's policy unless a
  /// server is configured otherwise.
  package var agentAdvice = AgentAdviceRules.mcsim

  package init(
    model: GameModel, market: TotalsMarket, options: SimulationOptions, policy: AdvicePolicy = Defaults.advice,
    exact: Bool = Defaults.exact, reportExact: Bool = true, scenarios: Bool = false, conditionalScenarios: Bool = false, sensitivity: Bool = false,
    sensitivityExact: Bool = false, pictures: Bool = false, periods: [PeriodQuote] = [], periodModel: PeriodModel? = nil
  ) {
    self.periods = periods
    self.periodModel = periodModel
    self.model = model
    self.market = market
    self.options = options
    self.policy = policy
    self.exact = exact
    self.reportExact = reportExact
    self.scenarios = scenarios
    self.conditionalScenarios = conditionalScenarios
    self.sensitivity = sensitivity
    self.sensitivityExact = sensitivityExact
    self.pictures = pictures
  }

  /// One game: `base` at the means `home` and `away`, its totals line at the prices given (the
  /// default, `Defaults.price`, where one is not).
  package init(game base: GameModel, home: Double, away: Double, line: Double, overOdds: Odds?, underOdds: Odds?, options: SimulationOptions) {
    var model = base
    model.homeMean = home
    model.awayMean = away
    let market = TotalsMarket(line: line, overOdds: overOdds ?? Defaults.price, underOdds: underOdds ?? Defaults.price)
    self.init(model: model, market: market, options: options)
  }

  /// Every invalid field of the request, each named as the agent names it: the model's, the
  /// line's and the simulation count's (`n_sims`).
  package func problems() -> [InputError] {
    var out = model.problems()
    if out.isEmpty { out += inPlayProblems() }
    do { try market.validate() } catch { out.append(error) }
    do { try options.validate() } catch { out.append(error) }
    return out
  }

  /// A bad state, a state or periods on a model without a quarter model, a period asked in play
  /// that has started: the one rule (`InPlayPricing`, `PeriodPricing`) run on the request, so an
  /// edge can refuse it before any work. Assumes a valid model.
  package func inPlayProblems() -> [InputError] {
    guard state != nil || !periods.isEmpty else { return [] }
    do throws(InputError) {
      let live = try InPlayPricing.live(model, at: state, quarters: periodModel)
      _ = try PeriodPricing.price(
        periods, on: periodModel, game: live?.model ?? model, live: live, policy: policy, field: periodField,
        value: periods.first?.period.rawValue ?? "")
      return []
    } catch {
      return [error]
    }
  }

  /// The game paths the request simulates (what a server admits it by): the game, the named
  /// variants at half the simulations, eight sensitivity runs, and the exact distributions
  /// computed, each counted at its measured cost (`ExactCost`).
  package var cost: Int {
    let n = options.simulations
    var paths = n
    let pregame = state == nil  // in play the agent's variants are not run (`GamePricing.price`)
    if scenarios && pregame { paths += TotalsScenarios.variants(of: model).count * max(1, n / 2) }
    if sensitivity && pregame { paths += TotalsSensitivity.runCount * n }
    if exact || reportExact || state != nil { paths += ExactCost.paths(for: model) }
    if sensitivity && sensitivityExact && pregame { paths += TotalsSensitivity.runCount * ExactCost.paths(for: model) }
    return paths
  }
}

/// A priced game: the report (the agent's result and mcsim's additions), the advice in the
/// agent's fields by the request's rules, and, when asked, the distributions its picture draws.
package struct PricedGame: Sendable {
  package var report: GameReport
  package var agent: AgentTotals
  package var pictures: GameDistributions?
}

package enum GamePricing {
  /// Prices the request; `progress` hears the simulation's share done (a terminal's line).
  package static func price(_ request: GamePricingRequest, progress: (@Sendable (Double) -> Void)? = nil) throws(InputError)
    -> PricedGame
  {
    if let first = request.problems().first { throw first }
    let live = try InPlayPricing.live(request.model, at: request.state, quarters: request.periodModel)
    let model = live?.model ?? request.model, line = request.market.line, options = request.options
    let start = DispatchTime.now()
    let histogram = try GameSimulator.simulate(model, options: options, progress: progress)
    let exact = request.exact || request.reportExact || live != nil ? ExactScoreDistribution.compute(model) : nil
    // In play the named variants and the sensitivities are not run: they move a pre-game
    // model's projections and sds, which the final score's model (points already scored
    // included) does not have.
    let pregame = live == nil
    let scenarios = request.scenarios && pregame ? try TotalsScenarios(model: model, line: line, options: options) : nil
    let sensitivity =
      request.sensitivity && pregame
      ? try TotalsSensitivity(model: model, line: line, options: options, exact: request.sensitivityExact) : nil
    let conditional =
      request.conditionalScenarios
      ? ConditionalScenarios(histogram: histogram, model: model, exact: exact, line: line) : nil
    // elapsed_ms: all the work, the exact block and the optional blocks with the simulation.
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    var report = GameReport(
      model: model, market: request.market, policy: request.policy, options: options, histogram: histogram,
      exact: exact, elapsedSeconds: elapsed, scenarios: scenarios, sensitivity: sensitivity,
      gradeOnExact: request.exact, reportExact: request.reportExact)
    report.conditionalScenarios = conditional
    report.periods = try PeriodPricing.price(
      request.periods, on: request.periodModel, game: model, live: live, policy: request.policy, field: request.periodField,
      value: request.periods.first?.period.rawValue ?? "")
    if let live { report.inPlay = InPlayReading(state: live.state, final: exact ?? ScoreDistribution(histogram: histogram)) }
    let pictures = request.pictures ? GameDistributions(histogram: histogram, exact: exact, line: line) : nil
    return PricedGame(report: report, agent: AgentTotals(report, rules: request.agentAdvice), pictures: pictures)
  }
}

extension GamePricingRequest {
  /// The game in play at this score and clock ("6:00", GameState's rule; refusals name
  /// `state.period`, `state.clock`, ...).
  package mutating func setState(period: Int, clock: String, homeScore: Int, awayScore: Int) throws(InputError) {
    state = try GameState(period: period, clock: clock, homeScore: homeScore, awayScore: awayScore)
  }

  /// Whether a state is one GameState's rule takes, before any game is read.
  package static func checkState(period: Int, clock: String, homeScore: Int, awayScore: Int) throws(InputError) {
    _ = try GameState(period: period, clock: clock, homeScore: homeScore, awayScore: awayScore)
  }
}
