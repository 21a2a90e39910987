/// A joint distribution of final (home, away) scores on a grid: either simulated counts or
/// exact probabilities. Every market summary is computed from this one type, so the simulated
/// and the exact answers go through the same code.
public struct ScoreDistribution: Sendable {
  public let grid: ScoreGrid
  /// Row-major cell weights (counts, or probabilities).
  public let weights: [Double]
  /// Weights of scores outside the grid, in score order.
  public let overflow: [(score: FinalScore, weight: Double)]
  public let totalWeight: Double
  /// Number of simulated games behind the weights; nil for an exact distribution.
  public let sampleCount: UInt64?
  /// Probability (or share) of games that went to overtime.
  public let overtimeShare: Double

  public init(histogram: JointScoreHistogram) {
    grid = histogram.grid
    weights = histogram.counts.map { Double($0) }
    overflow = histogram.overflow.sorted { $0.key < $1.key }.map { ($0.key, Double($0.value)) }
    totalWeight = Double(histogram.games)
    sampleCount = histogram.games
    overtimeShare = histogram.games == 0 ? 0 : Double(histogram.overtimeGames) / Double(histogram.games)
  }

  public init(
    grid: ScoreGrid, probabilities: [Double], overflow: [FinalScore: Double], overtimeProbability: Double
  ) {
    precondition(probabilities.count == grid.cellCount)
    self.grid = grid
    weights = probabilities
    self.overflow = overflow.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    totalWeight = probabilities.reduce(0, +) + self.overflow.reduce(0) { $0 + $1.weight }
    sampleCount = nil
    overtimeShare = overtimeProbability
  }

  /// Distribution of home + away.
  public var totals: DiscreteDistribution { marginal { $0 + $1 } }

  /// Distribution of home - away.
  public var margins: DiscreteDistribution { marginal { $0 - $1 } }

  /// Distribution of the home team's points.
  public var homeScores: DiscreteDistribution { marginal { h, _ in h } }

  /// Distribution of the away team's points.
  public var awayScores: DiscreteDistribution { marginal { _, a in a } }

  /// The distribution of f(home, away), f linear with integer coefficients (so its values over
  /// the grid span the range of its four corners).
  private func marginal(_ f: (Int, Int) -> Int) -> DiscreteDistribution {
    let corners = [
      f(grid.homeMin, grid.awayMin), f(grid.homeMin, grid.awayMax),
      f(grid.homeMax, grid.awayMin), f(grid.homeMax, grid.awayMax),
    ] + overflow.map { f($0.score.home, $0.score.away) }
    let lo = corners.min()!, hi = corners.max()!
    var w = [Double](repeating: 0, count: hi - lo + 1)
    for r in 0..<grid.homeBins {
      let row = r * grid.awayBins
      for c in 0..<grid.awayBins where weights[row + c] != 0 {
        w[f(grid.homeMin + r, grid.awayMin + c) - lo] += weights[row + c]
      }
    }
    for (score, weight) in overflow { w[f(score.home, score.away) - lo] += weight }
    return DiscreteDistribution(minValue: lo, weights: w, sampleCount: sampleCount)
  }
}
