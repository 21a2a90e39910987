/// What a picture of one simulated game shows, as probabilities: the total's and the margin's
/// distributions (simulated, and exact where the model has one) and the joint (home, away)
/// distribution, trimmed to the scores that carry mass. Plain numbers for a renderer to draw.
package struct GameDistributions: Sendable {
  /// P(value) for consecutive values from `minValue`.
  package struct Curve: Sendable {
    package let minValue: Int
    package let simulated: [Double]
    /// The exact model's, on the same values; nil without one.
    package let exact: [Double]?
    package var values: ClosedRange<Int> { minValue...(minValue + simulated.count - 1) }
  }

  package let totals: Curve
  package let margins: Curve
  /// Joint probabilities, row-major: `homeScores` rows by `awayScores` columns.
  package let joint: [Double]
  package let homeScores: ClosedRange<Int>
  package let awayScores: ClosedRange<Int>
  package let line: Double
  package let games: UInt64

  /// Values whose probability is below this are trimmed from the ends of each curve (each
  /// tail left out holds less than `trim` of the mass in all).
  package static let trim = 1e-4

  package init(histogram: JointScoreHistogram, exact: ScoreDistribution?, line: Double) {
    let simulated = ScoreDistribution(histogram: histogram)
    self.line = line
    games = histogram.games
    totals = Self.curve(simulated.totals, exact?.totals)
    margins = Self.curve(simulated.margins, exact?.margins)
    // The joint distribution over the rows and columns whose marginal mass lies inside the trim.
    let home = Self.kept(simulated.homeScores), away = Self.kept(simulated.awayScores)
    homeScores = home
    awayScores = away
    var cells = [Double](repeating: 0, count: home.count * away.count)
    let n = simulated.totalWeight
    let grid = simulated.grid
    for h in home {
      for a in away {
        if let i = grid.index(home: h, away: a) { cells[(h - home.lowerBound) * away.count + (a - away.lowerBound)] = simulated.weights[i] / n }
      }
    }
    for (score, w) in simulated.overflow where home.contains(score.home) && away.contains(score.away) {
      cells[(score.home - home.lowerBound) * away.count + (score.away - away.lowerBound)] += w / n
    }
    joint = cells
  }

  /// The values from the first to the last whose tails hold at least `trim` / 2 each.
  static func kept(_ d: DiscreteDistribution) -> ClosedRange<Int> {
    var low = 0.0, lo = 0
    while lo < d.weights.count - 1, low + d.weights[lo] < trim / 2 * d.totalWeight {
      low += d.weights[lo]
      lo += 1
    }
    var high = 0.0, hi = d.weights.count - 1
    while hi > lo, high + d.weights[hi] < trim / 2 * d.totalWeight {
      high += d.weights[hi]
      hi -= 1
    }
    return (d.minValue + lo)...(d.minValue + hi)
  }

  static func curve(_ sim: DiscreteDistribution, _ exact: DiscreteDistribution?) -> Curve {
    let range = kept(sim)
    func probabilities(_ d: DiscreteDistribution) -> [Double] {
      range.map { v in
        let i = v - d.minValue
        return i >= 0 && i < d.weights.count ? d.weights[i] / d.totalWeight : 0
      }
    }
    return Curve(minValue: range.lowerBound, simulated: probabilities(sim), exact: exact.map(probabilities))
  }
}
