/// A validated player: what the original formula reads (price, breakeven, five projected round
/// scores, red dot) and what the simulation adds (score spread, miss probability).
package struct ProjectedPlayer: Hashable, Sendable {
  /// The original projects five rounds.
  package static let rounds = 5
  /// Default per-round miss probability of a red-dot player (see `MissModel`).
  package static let defaultRedDotMissProbability = 0.5
  /// Default score spread: a quarter of the mean projection, at least 10 points. AFL fantasy
  /// scores of regular players vary by roughly 20 to 30 points round to round.
  package static func defaultSD(meanProjection: Double) -> Double {
    max(10, 0.25 * meanProjection)
  }

  /// Sample standard deviation (n - 1) of recent scores.
  package static func sampleSD(_ xs: [Double]) -> Double {
    let mean = xs.reduce(0, +) / Double(xs.count)
    let ss = xs.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
    return (ss / Double(xs.count - 1)).squareRoot()
  }

  package var price: Double
  package var breakeven: Double
  /// Exactly `rounds` values.
  package var projectedScores: [Double]
  package var isRedDot: Bool
  package var scoreSD: Double
  /// Per-round miss probability while out (0 for a fit player).
  package var missProbability: Double
  /// Season average, when known (the fixture factor compares projections with it).
  package var averageScore: Double?
  /// Ownership percentage, when known.
  package var ownership: Double?

  package init(
    price: Double, breakeven: Double, projectedScores: [Double], isRedDot: Bool = false,
    scoreSD: Double = 0, missProbability: Double = 0, averageScore: Double? = nil,
    ownership: Double? = nil
  ) {
    precondition(projectedScores.count == Self.rounds, "a projection has \(Self.rounds) rounds")
    self.price = price
    self.breakeven = breakeven
    self.projectedScores = projectedScores
    self.isRedDot = isRedDot
    self.scoreSD = scoreSD
    self.missProbability = missProbability
    self.averageScore = averageScore
    self.ownership = ownership
  }

  /// The simulation's zero-noise limit of this player: no spread, never misses.
  package var withoutNoise: ProjectedPlayer {
    var copy = self
    copy.scoreSD = 0
    copy.missProbability = 0
    return copy
  }

  /// Mean projected score, as the original computes it.
  package var averageProjection: Double {
    PythonNumerics.sum(projectedScores) / Double(projectedScores.count)
  }

  /// The original's price class.
  package var priceClass: PriceClass { PriceClass(price: price) }

  /// The original's "peaked": the mean projection is below the breakeven.
  package var isPeaked: Bool { averageProjection < breakeven }
}

/// The original's classification of a player by price.
package enum PriceClass: String, Codable, Hashable, Sendable, CaseIterable {
  /// under $450,000
  case rookie
  /// $450,000 to $799,999
  case midpricer
  /// $800,000 to $999,999
  case underpricedPremium = "underpriced_premium"
  /// $1,000,000 and over
  case premium

  package init(price: Double) {
    switch price {
    case ..<450_000: self = .rookie
    case ..<800_000: self = .midpricer
    case ..<1_000_000: self = .underpricedPremium
    default: self = .premium
    }
  }
}
