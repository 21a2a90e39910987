import OddsMath

/// The result of `mcsim run`: the betting agent's `/api/monte-carlo/simulate` result
/// (CONTRACTS.md section 1) with mcsim's additions. Carries its inputs, seed and model, so it
/// can be reproduced.
public struct GameReport: Sendable {
  public let simulation: TotalsSimulationSummary
  public let evMetrics: TotalsEVMetrics
  /// "over" or "under": the side the projection leans to.
  public let direction: String
  public let ourProbability: Double
  public let ourEV: Double
  public let ourKelly: Double
  public let verdict: TotalsVerdict
  /// The same quantities from the exact distribution of the model; nil without a closed form.
  public let analytic: AnalyticSummary?
  /// The total's distribution in 5-point bins (probability per bin), for plots.
  public let totalHistogram: [HistogramBin]
  /// The agent's optional blocks: named model variants, and finite-difference sensitivities.
  public let scenarios: TotalsScenarios?
  public let sensitivity: TotalsSensitivity?
  /// The total given the game's outcome (home/away win, close, blowout; regulation/overtime
  /// from the exact model), read off the same histogram (`mcsim run --scenarios`).
  public var conditionalScenarios: ConditionalScenarios? = nil

  public init(
    model: GameModel, market: TotalsMarket, kelly: KellyPolicy, options: SimulationOptions,
    histogram: JointScoreHistogram, exact: ScoreDistribution?, elapsedSeconds: Double,
    scenarios: TotalsScenarios? = nil, sensitivity: TotalsSensitivity? = nil
  ) {
    self.scenarios = scenarios
    self.sensitivity = sensitivity
    let simulated = ScoreDistribution(histogram: histogram)
    let summary = TotalsSimulationSummary(
      model: model, market: market, options: options, distribution: simulated,
      histogram: histogram, elapsedSeconds: elapsedSeconds)
    simulation = summary
    let metrics = TotalsEVMetrics(
      pOver: summary.pOver, pUnder: summary.pUnder, pPush: summary.pPush,
      overOdds: market.overOdds, underOdds: market.underOdds, kelly: kelly)
    evMetrics = metrics
    let projected = model.homeMean + model.awayMean
    let over = projected != market.line ? projected > market.line : summary.pOver >= summary.pUnder
    direction = over ? "over" : "under"
    ourProbability = over ? summary.pOver : summary.pUnder
    ourEV = over ? metrics.evOver : metrics.evUnder
    ourKelly = over ? metrics.kellyOverFractional : metrics.kellyUnderFractional
    verdict = metrics.verdict
    analytic = exact.map { AnalyticSummary(distribution: $0, line: market.line) }
    totalHistogram = HistogramBin.bins(simulated.totals, width: 5)
  }
}
