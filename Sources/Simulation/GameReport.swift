import OddsMath

/// The result of `mcsim run`: the betting agent's `/api/monte-carlo/simulate` result
/// (docs/contracts.md, "Betting agent") with mcsim's additions. Carries its inputs, seed and model, so it
/// can be reproduced.
package struct GameReport: Sendable {
  package let simulation: TotalsSimulationSummary
  package let evMetrics: TotalsEVMetrics
  /// The side the projection leans to.
  package let direction: ParlayLeg.Side
  package let ourProbability: Double
  package let ourEV: Double
  package let ourKelly: Double
  package let verdict: TotalsVerdict
  /// The advice behind `ev_metrics`: each side's probability (exact where the model has it, the
  /// simulated one beside it), the market's devigged probability and the gap, the grade, what
  /// withholds it, the stake. `AdvicePolicy` says how.
  package let advice: MarketAdvice
  package let policy: AdvicePolicy
  /// The same quantities from the exact distribution of the model; nil without a closed form or
  /// when not asked for (the agent's `include_exact`: advice may stand on it all the same).
  package let analytic: AnalyticSummary?
  /// The total's distribution in 5-point bins (probability per bin), for plots.
  package let totalHistogram: [HistogramBin]
  /// The agent's optional blocks: named model variants, and finite-difference sensitivities.
  package let scenarios: TotalsScenarios?
  package let sensitivity: TotalsSensitivity?
  /// The total given the game's outcome (home/away win, close, blowout; regulation/overtime
  /// from the exact model), read off the same histogram (`mcsim run --scenarios`).
  package var conditionalScenarios: ConditionalScenarios? = nil
  /// The periods priced beside the game (`run --period`), in the order asked.
  package var periods: [PricedPeriod] = []
  /// In play: the state priced at and the points still to come.
  package var inPlay: InPlayReading? = nil

  package init(
    model: GameModel, market: TotalsMarket, policy: AdvicePolicy, options: SimulationOptions,
    histogram: JointScoreHistogram, exact: ScoreDistribution?, elapsedSeconds: Double,
    scenarios: TotalsScenarios? = nil, sensitivity: TotalsSensitivity? = nil, gradeOnExact: Bool = true,
    reportExact: Bool = true
  ) {
    self.scenarios = scenarios
    self.sensitivity = sensitivity
    let simulated = ScoreDistribution(histogram: histogram)
    let summary = TotalsSimulationSummary(
      model: model, market: market, options: options, distribution: simulated,
      histogram: histogram, elapsedSeconds: elapsedSeconds)
    simulation = summary
    let analytic = exact.map { AnalyticSummary(distribution: $0, line: market.line) }
    self.analytic = reportExact ? analytic : nil
    self.policy = policy
    let advice = MarketAdvice(
      names: (.over, .under), odds: (market.overOdds, market.underOdds),
      simulated: .init(win: summary.pOver, lose: summary.pUnder, push: summary.pPush),
      simulations: histogram.games,
      exact: gradeOnExact ? analytic.map { .init(win: $0.pOver, lose: $0.pUnder, push: $0.pPush) } : nil,
      market: MarketProbability.singleBook(market.overOdds, market.underOdds), policy: policy.on(.total))
    self.advice = advice
    let metrics = TotalsEVMetrics(advice: advice)
    evMetrics = metrics
    let projected = model.homeMean + model.awayMean
    let over = projected != market.line ? projected > market.line : summary.pOver >= summary.pUnder
    direction = over ? .over : .under
    let side = advice.sides[over ? 0 : 1]
    ourProbability = side.probabilities.win
    ourEV = side.ev
    ourKelly = side.stake
    verdict = metrics.verdict
    totalHistogram = HistogramBin.bins(simulated.totals, width: 5)
  }
}
