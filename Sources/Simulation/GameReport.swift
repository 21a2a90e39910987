import OddsMath

/// The result of `mcsim run`: the betting agent's `/api/monte-carlo/simulate` result
/// (CONTRACTS.md section 1) with mcsim's additions. Carries its inputs, seed and model, so it
/// can be reproduced.
public struct GameReport: Sendable, Encodable {
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

  enum CodingKeys: String, CodingKey {
    case simulation, evMetrics = "ev_metrics", direction, ourProbability = "our_probability"
    case ourEV = "our_ev", ourKelly = "our_kelly", verdict, analytic, totalHistogram = "total_histogram"
    case scenarios, sensitivity
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(simulation, forKey: .simulation)
    try c.encode(evMetrics, forKey: .evMetrics)
    try c.encode(direction, forKey: .direction)
    try c.encode(ourProbability, forKey: .ourProbability)
    try c.encode(ourEV, forKey: .ourEV)
    try c.encode(ourKelly, forKey: .ourKelly)
    try c.encode(verdict, forKey: .verdict)
    try c.encode(analytic, forKey: .analytic)  // null when there is no closed form
    try c.encode(totalHistogram, forKey: .totalHistogram)
    try c.encodeIfPresent(scenarios, forKey: .scenarios)
    try c.encodeIfPresent(sensitivity, forKey: .sensitivity)
  }

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

/// The agent's `simulation` object, plus mcsim's additions after `inputs`.
public struct TotalsSimulationSummary: Sendable, Codable {
  public let nSimulations: Int
  public let pOver: Double
  public let pUnder: Double
  public let pPush: Double
  public let seOver: Double
  public let seUnder: Double
  public let ci95Over: [Double]
  public let ci95Under: [Double]
  public let meanTotal: Double
  public let medianTotal: Double
  public let stdTotal: Double
  public let minTotal: Int
  public let maxTotal: Int
  public let percentiles: Percentiles
  public let otGamesSimulated: Int
  /// Share of games that went to overtime, as a fraction (0.06): the only published sample of
  /// the agent's output (its iOS guide) has it so, despite the name.
  public let otGamesPct: Double
  public let correlationUsed: Double
  public let distribution: String
  public let inputs: Inputs
  // mcsim's additions
  public let seed: UInt64
  public let model: ModelDescription
  public let threads: Int
  public let elapsedMs: Double
  public let pHomeWin: Double
  public let pAwayWin: Double
  /// Games level after overtime (only the flat and no-overtime models leave ties).
  public let pTie: Double
  public let ci95HomeWin: [Double]
  public let margin: MarginSummary
  public let meanHomeScore: Double
  public let meanAwayScore: Double

  public struct Inputs: Sendable, Codable {
    public let homeProjection: Double
    public let awayProjection: Double
    public let homeStdDev: Double
    public let awayStdDev: Double
    public let totalLine: Double
    public let overOdds: Double
    public let underOdds: Double
    public let nSims: Int

    enum CodingKeys: String, CodingKey {
      case homeProjection = "home_projection", awayProjection = "away_projection"
      case homeStdDev = "home_std_dev", awayStdDev = "away_std_dev", totalLine = "total_line"
      case overOdds = "over_odds", underOdds = "under_odds", nSims = "n_sims"
    }
  }

  enum CodingKeys: String, CodingKey {
    case nSimulations = "n_simulations", pOver = "p_over", pUnder = "p_under", pPush = "p_push"
    case seOver = "se_over", seUnder = "se_under", ci95Over = "ci_95_over", ci95Under = "ci_95_under"
    case meanTotal = "mean_total", medianTotal = "median_total", stdTotal = "std_total"
    case minTotal = "min_total", maxTotal = "max_total", percentiles
    case otGamesSimulated = "ot_games_simulated", otGamesPct = "ot_games_pct"
    case correlationUsed = "correlation_used", distribution, inputs
    case seed, model, threads, elapsedMs = "elapsed_ms", pHomeWin = "p_home_win", pAwayWin = "p_away_win"
    case pTie = "p_tie", ci95HomeWin = "ci_95_home_win", margin
    case meanHomeScore = "mean_home_score", meanAwayScore = "mean_away_score"
  }

  init(
    model: GameModel, market: TotalsMarket, options: SimulationOptions, distribution: ScoreDistribution,
    histogram: JointScoreHistogram, elapsedSeconds: Double
  ) {
    let n = Double(histogram.games)
    let totals = distribution.totals
    let line = totals.probabilities(line: market.line)
    nSimulations = Int(histogram.games)
    pOver = line.above
    pUnder = line.below
    pPush = line.equal
    seOver = ProportionInterval.standardError(pOver, n: n)
    seUnder = ProportionInterval.standardError(pUnder, n: n)
    let co = ProportionInterval.wilson(pOver, n: n), cu = ProportionInterval.wilson(pUnder, n: n)
    ci95Over = [co.lower, co.upper]
    ci95Under = [cu.lower, cu.upper]
    meanTotal = totals.mean
    medianTotal = totals.percentile(50)
    stdTotal = totals.standardDeviation
    minTotal = totals.minimum ?? 0
    maxTotal = totals.maximum ?? 0
    percentiles = Percentiles(totals)
    otGamesSimulated = Int(histogram.overtimeGames)
    otGamesPct = distribution.overtimeShare
    correlationUsed = model.correlation
    self.distribution = model.distributionName
    inputs = Inputs(
      homeProjection: model.homeMean, awayProjection: model.awayMean, homeStdDev: model.homeSD,
      awayStdDev: model.awaySD, totalLine: market.line, overOdds: market.overOdds.decimal,
      underOdds: market.underOdds.decimal, nSims: options.simulations)
    seed = options.seed
    self.model = ModelDescription(model)
    threads = options.threads
    elapsedMs = elapsedSeconds * 1000
    let margins = distribution.margins
    let win = margins.probabilities(line: 0)
    pHomeWin = win.above
    pAwayWin = win.below
    pTie = win.equal
    let ch = ProportionInterval.wilson(pHomeWin, n: n)
    ci95HomeWin = [ch.lower, ch.upper]
    margin = MarginSummary(margins)
    meanHomeScore = distribution.homeScores.mean
    meanAwayScore = distribution.awayScores.mean
  }
}

/// Home minus away.
public struct MarginSummary: Sendable, Codable {
  public let mean: Double
  public let std: Double
  public let percentiles: Percentiles

  init(_ margins: DiscreteDistribution) {
    mean = margins.mean
    std = margins.standardDeviation
    percentiles = Percentiles(margins)
  }
}

/// The model as run: its name and every parameter.
public struct ModelDescription: Sendable, Codable {
  public let name: String
  public let distribution: String
  public let homeMean: Double
  public let awayMean: Double
  public let homeStdDev: Double
  public let awayStdDev: Double
  public let correlation: Double
  public let skewness: Double
  public let scoreFloor: Int?
  public let otModel: String
  public let otRate: Double
  public let otPoints: Double
  public let otSd: Double

  enum CodingKeys: String, CodingKey {
    case name, distribution, homeMean = "home_mean", awayMean = "away_mean"
    case homeStdDev = "home_std_dev", awayStdDev = "away_std_dev", correlation, skewness
    case scoreFloor = "score_floor", otModel = "ot_model", otRate = "ot_rate", otPoints = "ot_points", otSd = "ot_sd"
  }

  public init(_ m: GameModel) {
    name = "bivariate_\(m.distributionName)_ot_\(m.overtime.kind.rawValue)"
    distribution = m.distributionName
    homeMean = m.homeMean
    awayMean = m.awayMean
    homeStdDev = m.homeSD
    awayStdDev = m.awaySD
    correlation = m.correlation
    skewness = m.skewness
    scoreFloor = m.scoreFloor
    otModel = m.overtime.kind.rawValue
    otRate = m.overtime.rate
    otPoints = m.overtime.points
    otSd = m.overtime.sd
  }
}

/// Exact answers of the same model (ExactScoreDistribution).
public struct AnalyticSummary: Sendable, Codable {
  public let pOver: Double
  public let pUnder: Double
  public let pPush: Double
  public let meanTotal: Double
  public let stdTotal: Double
  public let medianTotal: Double
  public let pHomeWin: Double
  public let otProbability: Double

  enum CodingKeys: String, CodingKey {
    case pOver = "p_over", pUnder = "p_under", pPush = "p_push", meanTotal = "mean_total"
    case stdTotal = "std_total", medianTotal = "median_total", pHomeWin = "p_home_win", otProbability = "ot_probability"
  }

  public init(distribution: ScoreDistribution, line: Double) {
    let totals = distribution.totals
    let p = totals.probabilities(line: line)
    pOver = p.above
    pUnder = p.below
    pPush = p.equal
    meanTotal = totals.mean
    stdTotal = totals.standardDeviation
    medianTotal = totals.percentile(50)
    pHomeWin = distribution.margins.probabilities(line: 0).above
    otProbability = distribution.overtimeShare
  }
}

/// Probability of a value in [from, to].
public struct HistogramBin: Sendable, Codable, Hashable {
  public let from: Int
  public let to: Int
  public let p: Double

  /// Bins of `width` aligned to multiples of it, from the first to the last with mass.
  static func bins(_ d: DiscreteDistribution, width: Int) -> [HistogramBin] {
    guard let lo = d.minimum, let hi = d.maximum else { return [] }
    var bins: [HistogramBin] = []
    var start = Int((Double(lo) / Double(width)).rounded(.down)) * width
    while start <= hi {
      var mass = 0.0
      for v in start..<(start + width) where v >= d.minValue && v - d.minValue < d.weights.count {
        mass += d.weights[v - d.minValue]
      }
      bins.append(HistogramBin(from: start, to: start + width - 1, p: mass / d.totalWeight))
      start += width
    }
    return bins
  }
}

/// The agent's response envelope: `{"success": true, "result": ...}`.
public struct SuccessEnvelope<Result: Encodable & Sendable>: Encodable, Sendable {
  public let success = true
  public let result: Result

  public init(_ result: Result) { self.result = result }
}
