/// Exact answers of the same model (ExactScoreDistribution).
public struct AnalyticSummary: Sendable {
  public let pOver: Double
  public let pUnder: Double
  public let pPush: Double
  public let meanTotal: Double
  public let stdTotal: Double
  public let medianTotal: Double
  public let pHomeWin: Double
  public let otProbability: Double

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
