import OddsMath

/// The agent's `simulation` object, plus mcsim's additions after `inputs`.
public struct TotalsSimulationSummary: Sendable {
  public let nSimulations: Int
  public let pOver: Double
  public let pUnder: Double
  public let pPush: Double
  public let seOver: Double
  public let seUnder: Double
  /// The 95% (Wilson) intervals of P(over) and P(under).
  public let overInterval: ClosedRange<Double>
  public let underInterval: ClosedRange<Double>
  public let meanTotal: Double
  public let medianTotal: Double
  public let stdTotal: Double
  public let minTotal: Int
  public let maxTotal: Int
  public let percentiles: Percentiles
  public let otGamesSimulated: Int
  /// Share of games that went to overtime, a fraction (0.06).
  public let overtimeShare: Double
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
  /// The 95% (Wilson) interval of P(home win).
  public let homeWinInterval: ClosedRange<Double>
  public let margin: MarginSummary
  public let meanHomeScore: Double
  public let meanAwayScore: Double

  public struct Inputs: Sendable {
    public let homeProjection: Double
    public let awayProjection: Double
    public let homeStdDev: Double
    public let awayStdDev: Double
    public let totalLine: Double
    public let overOdds: Double
    public let underOdds: Double
    public let nSims: Int

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
    overInterval = co.lower...co.upper
    underInterval = cu.lower...cu.upper
    meanTotal = totals.mean
    medianTotal = totals.percentile(50)
    stdTotal = totals.standardDeviation
    minTotal = totals.minimum ?? 0
    maxTotal = totals.maximum ?? 0
    percentiles = Percentiles(totals)
    otGamesSimulated = Int(histogram.overtimeGames)
    overtimeShare = distribution.overtimeShare
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
    homeWinInterval = ch.lower...ch.upper
    margin = MarginSummary(margins)
    meanHomeScore = distribution.homeScores.mean
    meanAwayScore = distribution.awayScores.mean
  }
}
