/// A joint distribution of final (home, away) scores on a grid: either simulated counts or
/// exact probabilities. Every market summary is computed from this one type, so the simulated
/// and the exact answers go through the same code.
public struct ScoreDistribution: Sendable {
  public let grid: ScoreGrid
  /// Row-major cell weights (counts, or probabilities).
  public let weights: [Double]
  public let totalWeight: Double
  /// Number of simulated games behind the weights; nil for an exact distribution.
  public let sampleCount: UInt64?
  /// Probability (or share) of games that went to overtime.
  public let overtimeShare: Double

  public init(histogram: JointScoreHistogram) {
    grid = histogram.grid
    weights = histogram.counts.map { Double($0) }
    totalWeight = Double(histogram.games)
    sampleCount = histogram.games
    overtimeShare = histogram.games == 0 ? 0 : Double(histogram.overtimeGames) / Double(histogram.games)
  }

  public init(grid: ScoreGrid, probabilities: [Double], overtimeProbability: Double) {
    precondition(probabilities.count == grid.cellCount)
    self.grid = grid
    weights = probabilities
    totalWeight = probabilities.reduce(0, +)
    sampleCount = nil
    overtimeShare = overtimeProbability
  }

  /// Distribution of home + away.
  public var totals: DiscreteDistribution {
    var w = [Double](repeating: 0, count: grid.homeBins + grid.awayBins - 1)
    for r in 0..<grid.homeBins {
      let row = r * grid.awayBins
      for c in 0..<grid.awayBins { w[r + c] += weights[row + c] }
    }
    return DiscreteDistribution(minValue: grid.homeMin + grid.awayMin, weights: w, sampleCount: sampleCount)
  }

  /// Distribution of home - away.
  public var margins: DiscreteDistribution {
    var w = [Double](repeating: 0, count: grid.homeBins + grid.awayBins - 1)
    let offset = grid.awayBins - 1
    for r in 0..<grid.homeBins {
      let row = r * grid.awayBins
      for c in 0..<grid.awayBins { w[r - c + offset] += weights[row + c] }
    }
    return DiscreteDistribution(
      minValue: grid.homeMin - grid.awayMax, weights: w, sampleCount: sampleCount)
  }

  /// Distribution of the home team's points.
  public var homeScores: DiscreteDistribution {
    var w = [Double](repeating: 0, count: grid.homeBins)
    for r in 0..<grid.homeBins {
      let row = r * grid.awayBins
      for c in 0..<grid.awayBins { w[r] += weights[row + c] }
    }
    return DiscreteDistribution(minValue: grid.homeMin, weights: w, sampleCount: sampleCount)
  }

  /// Distribution of the away team's points.
  public var awayScores: DiscreteDistribution {
    var w = [Double](repeating: 0, count: grid.awayBins)
    for r in 0..<grid.homeBins {
      let row = r * grid.awayBins
      for c in 0..<grid.awayBins { w[c] += weights[row + c] }
    }
    return DiscreteDistribution(minValue: grid.awayMin, weights: w, sampleCount: sampleCount)
  }
}
