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
    let overflow = histogram.overflow.sorted { $0.key < $1.key }.map { ($0.key, Double($0.value)) }
    self.overflow = overflow
    totalWeight = Double(histogram.games)
    sampleCount = histogram.games
    overtimeShare = histogram.games == 0 ? 0 : Double(histogram.overtimeGames) / Double(histogram.games)
    (totals, margins, homeScores, awayScores) = histogram.counts.withUnsafeBufferPointer {
      Self.marginals(counts: $0, grid, overflow, histogram.games, box: box)
    }
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
    self.init(
      grid: grid, probabilities: probabilities, sortedOverflow: overflow.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
      overtimeProbability: overtimeProbability)
  }

  /// The same from the scores outside the grid already in score order (`FinalScore`'s `<`),
  /// each once.
  init(grid: ScoreGrid, probabilities: [Double], sortedOverflow: [(score: FinalScore, weight: Double)], overtimeProbability: Double) {
    precondition(probabilities.count == grid.cellCount)
    self.grid = grid
    weights = probabilities
    self.overflow = sortedOverflow
    totalWeight = probabilities.reduce(0, +) + self.overflow.reduce(0) { $0 + $1.weight }
    sampleCount = nil
    overtimeShare = overtimeProbability
    (totals, margins, homeScores, awayScores) = Self.marginals(
      grid, weights, self.overflow, nil, box: (0..<grid.homeBins, 0..<grid.awayBins))
  }

  /// The four marginals (home + away, home - away, home, away) of exact probabilities in one
  /// pass over the grid: each bin adds its cells in row-major order, as four separate passes
  /// would. Computed once, in init: every summary reads them, most several times. Only `box` is
  /// visited: every weight outside it is zero.
  private static func marginals(
    _ grid: ScoreGrid, _ weights: [Double], _ overflow: [(score: FinalScore, weight: Double)], _ sampleCount: UInt64?,
    box: (rows: Range<Int>, columns: Range<Int>)
  ) -> (DiscreteDistribution, DiscreteDistribution, DiscreteDistribution, DiscreteDistribution) {
    let span = MarginalSpan(grid, overflow)
    var total = [Double](repeating: 0, count: span.totals.count)
    var margin = [Double](repeating: 0, count: span.margins.count)
    var home = [Double](repeating: 0, count: span.home.count)
    var away = [Double](repeating: 0, count: span.away.count)
    for r in box.rows {
      let row = r * grid.awayBins, h = grid.homeMin + r
      for c in box.columns {
        let x = weights[row + c]
        if x == 0 { continue }
        let a = grid.awayMin + c
        total[h + a - span.totals.lowerBound] += x
        margin[h - a - span.margins.lowerBound] += x
        home[h - span.home.lowerBound] += x
        away[a - span.away.lowerBound] += x
      }
    }
    return span.distributions(total, margin, home, away, adding: overflow, sampleCount: sampleCount)
  }

  /// The same four marginals of simulated counts, summed as integers: exact in any order, so a
  /// row's cells are added whole, without a test per cell (a row's cells go to consecutive
  /// totals, to consecutive margins backwards, to consecutive away scores). The same values as
  /// a pass over the counts as doubles (sums of whole numbers below 2^53 are exact too); under
  /// load the per-cell test of that pass, taken about half the time, cost more than the adds.
  private static func marginals(
    counts: UnsafeBufferPointer<UInt64>, _ grid: ScoreGrid, _ overflow: [(score: FinalScore, weight: Double)],
    _ sampleCount: UInt64, box: (rows: Range<Int>, columns: Range<Int>)
  ) -> (DiscreteDistribution, DiscreteDistribution, DiscreteDistribution, DiscreteDistribution) {
    let span = MarginalSpan(grid, overflow)
    var total = [UInt64](repeating: 0, count: span.totals.count)
    var margin = [UInt64](repeating: 0, count: span.margins.count)
    var home = [UInt64](repeating: 0, count: span.home.count)
    var away = [UInt64](repeating: 0, count: span.away.count)
    if let cells = counts.baseAddress, !box.rows.isEmpty {
      total.withUnsafeMutableBufferPointer { total in
        margin.withUnsafeMutableBufferPointer { margin in
          away.withUnsafeMutableBufferPointer { away in
            // Column c of row r is total[h + a], margin[h - a], away[a], for h and a its scores.
            let lo = box.columns.lowerBound, n = box.columns.count
            let a = grid.awayMin + lo
            let toAway = away.baseAddress! + (a - span.away.lowerBound)
            for r in box.rows {
              let h = grid.homeMin + r
              let row = cells + r * grid.awayBins + lo
              let toTotal = total.baseAddress! + (h + a - span.totals.lowerBound)
              let toMargin = margin.baseAddress! + (h - a - span.margins.lowerBound)
              var sum: UInt64 = 0
              for c in 0..<n {
                let x = row[c]
                sum &+= x
                toAway[c] &+= x
                toTotal[c] &+= x
                toMargin[-c] &+= x
              }
              home[h - span.home.lowerBound] = sum
            }
          }
        }
      }
    }
    func widened(_ sums: [UInt64]) -> [Double] { sums.map { Double($0) } }
    return span.distributions(
      widened(total), widened(margin), widened(home), widened(away), adding: overflow, sampleCount: sampleCount)
  }

  /// The values each marginal runs over: the grid's, widened to the scores outside it.
  private struct MarginalSpan {
    let totals: ClosedRange<Int>, margins: ClosedRange<Int>, home: ClosedRange<Int>, away: ClosedRange<Int>

    init(_ grid: ScoreGrid, _ overflow: [(score: FinalScore, weight: Double)]) {
      let hs = overflow.map(\.score.home), as_ = overflow.map(\.score.away)
      home = min(grid.homeMin, hs.min() ?? grid.homeMin)...max(grid.homeMax, hs.max() ?? grid.homeMax)
      away = min(grid.awayMin, as_.min() ?? grid.awayMin)...max(grid.awayMax, as_.max() ?? grid.awayMax)
      let sums = overflow.map { $0.score.home + $0.score.away }, diffs = overflow.map { $0.score.home - $0.score.away }
      totals =
        min(grid.homeMin + grid.awayMin, sums.min() ?? Int.max)...max(grid.homeMax + grid.awayMax, sums.max() ?? Int.min)
      margins =
        min(grid.homeMin - grid.awayMax, diffs.min() ?? Int.max)...max(grid.homeMax - grid.awayMin, diffs.max() ?? Int.min)
    }

    /// The four distributions, the scores outside the grid added after its cells, in score order.
    func distributions(
      _ total: [Double], _ margin: [Double], _ home: [Double], _ away: [Double],
      adding overflow: [(score: FinalScore, weight: Double)], sampleCount: UInt64?
    ) -> (DiscreteDistribution, DiscreteDistribution, DiscreteDistribution, DiscreteDistribution) {
      var total = total, margin = margin, home = home, away = away
      for (score, x) in overflow {
        total[score.home + score.away - totals.lowerBound] += x
        margin[score.home - score.away - margins.lowerBound] += x
        home[score.home - self.home.lowerBound] += x
        away[score.away - self.away.lowerBound] += x
      }
      return (
        DiscreteDistribution(minValue: totals.lowerBound, weights: total, sampleCount: sampleCount),
        DiscreteDistribution(minValue: margins.lowerBound, weights: margin, sampleCount: sampleCount),
        DiscreteDistribution(minValue: self.home.lowerBound, weights: home, sampleCount: sampleCount),
        DiscreteDistribution(minValue: self.away.lowerBound, weights: away, sampleCount: sampleCount)
      )
    }
  }
}
