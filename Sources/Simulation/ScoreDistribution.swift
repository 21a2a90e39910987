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

  /// Distribution of home + away.
  public let totals: DiscreteDistribution
  /// Distribution of home - away.
  public let margins: DiscreteDistribution
  /// Distribution of the home team's points.
  public let homeScores: DiscreteDistribution
  /// Distribution of the away team's points.
  public let awayScores: DiscreteDistribution

  public init(histogram: JointScoreHistogram) {
    let grid = histogram.grid
    self.grid = grid
    // A run of 10^4 games fills a few thousand of the grid's ~36,000 cells: the cells outside
    // the rectangle of the counted ones are left at zero and never visited again.
    let box = Self.occupied(histogram.counts, grid)
    var weights = [Double](repeating: 0, count: grid.cellCount)
    histogram.counts.withUnsafeBufferPointer { counts in
      weights.withUnsafeMutableBufferPointer { w in
        for r in box.rows {
          for c in box.columns { w[r * grid.awayBins + c] = Double(counts[r * grid.awayBins + c]) }
        }
      }
    }
    self.weights = weights
    overflow = histogram.overflow.sorted { $0.key < $1.key }.map { ($0.key, Double($0.value)) }
    totalWeight = Double(histogram.games)
    sampleCount = histogram.games
    overtimeShare = histogram.games == 0 ? 0 : Double(histogram.overtimeGames) / Double(histogram.games)
    (totals, margins, homeScores, awayScores) = Self.marginals(grid, weights, overflow, sampleCount, box: box)
  }

  /// The smallest rectangle of rows and columns holding every non-zero count (empty ranges for
  /// an empty histogram).
  /// Each row is first tested whole (an OR of its counts, which vectorises: most rows of a small
  /// run are empty), then searched only beyond the columns already known to be occupied.
  static func occupied(_ counts: [UInt64], _ grid: ScoreGrid) -> (rows: Range<Int>, columns: Range<Int>) {
    var rowLo = grid.homeBins, rowHi = -1, colLo = grid.awayBins, colHi = -1
    let width = grid.awayBins
    counts.withUnsafeBufferPointer { p in
      for r in 0..<grid.homeBins {
        let row = UnsafeBufferPointer(rebasing: p[(r * width)..<((r + 1) * width)])
        var any: UInt64 = 0
        for x in row { any |= x }
        if any == 0 { continue }
        var first = 0
        while first < colLo && row[first] == 0 { first += 1 }
        var last = width - 1
        while last > colHi && row[last] == 0 { last -= 1 }
        rowLo = min(rowLo, r)
        rowHi = r
        colLo = min(colLo, first)
        colHi = max(colHi, last)
      }
    }
    return rowHi < 0 ? (0..<0, 0..<0) : (rowLo..<(rowHi + 1), colLo..<(colHi + 1))
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
    (totals, margins, homeScores, awayScores) = Self.marginals(
      grid, weights, self.overflow, nil, box: (0..<grid.homeBins, 0..<grid.awayBins))
  }

  /// The four marginals (home + away, home - away, home, away) in one pass over the grid: each
  /// bin adds its cells in row-major order, as four separate passes would, so the sums are
  /// bit-identical to them. Computed once, in init: every summary reads them, most several times.
  /// Only `box` is visited: every weight outside it is zero.
  private static func marginals(
    _ grid: ScoreGrid, _ weights: [Double], _ overflow: [(score: FinalScore, weight: Double)], _ sampleCount: UInt64?,
    box: (rows: Range<Int>, columns: Range<Int>)
  ) -> (DiscreteDistribution, DiscreteDistribution, DiscreteDistribution, DiscreteDistribution) {
    let hs = overflow.map(\.score.home), as_ = overflow.map(\.score.away)
    let homeLo = min(grid.homeMin, hs.min() ?? grid.homeMin), homeHi = max(grid.homeMax, hs.max() ?? grid.homeMax)
    let awayLo = min(grid.awayMin, as_.min() ?? grid.awayMin), awayHi = max(grid.awayMax, as_.max() ?? grid.awayMax)
    let sums = overflow.map { $0.score.home + $0.score.away }, diffs = overflow.map { $0.score.home - $0.score.away }
    let totalLo = min(grid.homeMin + grid.awayMin, sums.min() ?? Int.max)
    let totalHi = max(grid.homeMax + grid.awayMax, sums.max() ?? Int.min)
    let marginLo = min(grid.homeMin - grid.awayMax, diffs.min() ?? Int.max)
    let marginHi = max(grid.homeMax - grid.awayMin, diffs.max() ?? Int.min)
    var total = [Double](repeating: 0, count: totalHi - totalLo + 1)
    var margin = [Double](repeating: 0, count: marginHi - marginLo + 1)
    var home = [Double](repeating: 0, count: homeHi - homeLo + 1)
    var away = [Double](repeating: 0, count: awayHi - awayLo + 1)
    for r in box.rows {
      let row = r * grid.awayBins, h = grid.homeMin + r
      for c in box.columns {
        let x = weights[row + c]
        if x == 0 { continue }
        let a = grid.awayMin + c
        total[h + a - totalLo] += x
        margin[h - a - marginLo] += x
        home[h - homeLo] += x
        away[a - awayLo] += x
      }
    }
    for (score, x) in overflow {
      total[score.home + score.away - totalLo] += x
      margin[score.home - score.away - marginLo] += x
      home[score.home - homeLo] += x
      away[score.away - awayLo] += x
    }
    return (
      DiscreteDistribution(minValue: totalLo, weights: total, sampleCount: sampleCount),
      DiscreteDistribution(minValue: marginLo, weights: margin, sampleCount: sampleCount),
      DiscreteDistribution(minValue: homeLo, weights: home, sampleCount: sampleCount),
      DiscreteDistribution(minValue: awayLo, weights: away, sampleCount: sampleCount)
    )
  }
}
