import Simulation

/// The use cases' tests' quarter model: a within-quarter correlation of 0.3 and a reverting
/// margin (as InPlayGameTests'), positive definite.
enum QuarterModel {
  static let reverting: PeriodModel = {
    var c = [[Double]](repeating: [Double](repeating: 0, count: 8), count: 8)
    for i in 0..<8 {
      for j in 0..<8 { c[i][j] = i % 4 == j % 4 ? ((i < 4) == (j < 4) ? 30 : 9) : ((i < 4) == (j < 4) ? -1.5 : 1.5) }
    }
    return PeriodModel(homeShares: [0.26, 0.25, 0.25, 0.24], awayShares: [0.25, 0.25, 0.25, 0.25], covariance: c)
  }()
}
