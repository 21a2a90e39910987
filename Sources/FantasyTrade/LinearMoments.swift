/// Exact mean and variance of a linear functional of one player's simulated rounds,
///
///     f = a * (sum of scores of played rounds) + b * (number of played rounds),
///
/// under the miss model: given K = k leading rounds missed, f is normal with mean
/// a * sum_{r >= k} proj[r] + b * (5 - k) and variance a^2 (5 - k) sd^2; the mixture's moments
/// follow. Points are (a, b) = (1, 0); cash is (97.5, -97.5 * breakeven); the overall score is
/// (w_s + w_c * 97.5 / 10000, -w_c * 97.5 * breakeven / 10000). The histograms take their
/// ranges from these.
package struct LinearMoments: Hashable, Sendable {
  package var mean: Double
  package var variance: Double
  package var sd: Double { variance.squareRoot() }

  package init(mean: Double, variance: Double) {
    self.mean = mean
    self.variance = variance
  }

  package init(_ player: ProjectedPlayer, a: Double, b: Double) {
    let rounds = ProjectedPlayer.rounds
    let pk = MissModel(probability: player.missProbability).leadingMissProbabilities()
    var first = 0.0
    var second = 0.0
    for k in 0...rounds {
      let played = Double(rounds - k)
      let m = a * player.projectedScores[k...].reduce(0, +) + b * played
      let v = a * a * played * player.scoreSD * player.scoreSD
      first += pk[k] * m
      second += pk[k] * (v + m * m)
    }
    self.init(mean: first, variance: Swift.max(0, second - first * first))
  }

  /// The difference of two independent quantities.
  package static func - (x: LinearMoments, y: LinearMoments) -> LinearMoments {
    LinearMoments(mean: x.mean - y.mean, variance: x.variance + y.variance)
  }

  /// Points, cash and overall score of `player` under `weights`.
  static func points(_ p: ProjectedPlayer) -> LinearMoments { LinearMoments(p, a: 1, b: 0) }

  static func cash(_ p: ProjectedPlayer) -> LinearMoments {
    let rate = TradeFormula.pricePerPoint
    return LinearMoments(p, a: rate, b: -rate * p.breakeven)
  }

  static func overall(_ p: ProjectedPlayer, _ w: RoundWeights) -> LinearMoments {
    let rate = TradeFormula.pricePerPoint / 10000 * w.cash
    return LinearMoments(p, a: w.scoring + rate, b: -rate * p.breakeven)
  }
}
