import Foundation
import Simulation

/// One game's points by quarter, overtime aside.
package struct QuarterScores: Hashable, Sendable {
  package var home: [Int]
  package var away: [Int]
  /// The market's second-half lines posted at half time, where the file has them: the total and
  /// the home team's spread (-2.5: home gives 2.5 in the second half).
  package var halfTimeTotal: Double?
  package var halfTimeSpread: Double?

  package init(home: [Int], away: [Int], halfTimeTotal: Double? = nil, halfTimeSpread: Double? = nil) {
    self.home = home
    self.away = away
    self.halfTimeTotal = halfTimeTotal
    self.halfTimeSpread = halfTimeSpread
  }

  /// Home q1..q4 then away q1..q4.
  var eight: [Double] { (home + away).map(Double.init) }
}

/// The quarter model (`PeriodModel`) fitted to games' quarter scores around their regulation
/// means (the calibrated model's, from each game's projection):
///
/// - each team's shares: the ratio of its points in each quarter to its regulation points over
///   all the games (so they sum to 1 exactly), with the ratio estimator's standard error;
/// - the covariance: given those means, the maximum-likelihood estimate of the eight scores'
///   normal covariance, (1/n) sum r r^T of the residuals r, each entry with its normal-theory
///   standard error sqrt((s_ii s_jj + s_ij^2) / n).
///
/// The implied regulation spread of each team is the sum of its 4 x 4 block, which the fit of
/// the full game measures on the same residuals summed.
package struct PeriodFit: Sendable {
  package var model: PeriodModel
  package var games: Int
  package var homeShareErrors: [Double]
  package var awayShareErrors: [Double]
  package var covarianceErrors: [[Double]]
  /// The variance exponent's standard error (profile likelihood).
  package var varianceExponentError: Double
  /// The share of periods that ended level, first half and first quarter: observed, and as the
  /// fitted model predicts it on average over the same games.
  package var observedTies: [GamePeriod: Double]
  package var predictedTies: [GamePeriod: Double]

  /// The fit; nil with fewer than 20 games (an 8 x 8 covariance needs many more than 8).
  package static func fit(_ scores: [QuarterScores], means: [(home: Double, away: Double)]) -> PeriodFit? {
    precondition(scores.count == means.count)
    let n = scores.count
    guard n >= 20 else { return nil }
    var sums = [Double](repeating: 0, count: 8)
    var regulation = (home: 0.0, away: 0.0)
    for s in scores {
      let x = s.eight
      for i in 0..<8 { sums[i] += x[i] }
      regulation.home += x[0..<4].reduce(0, +)
      regulation.away += x[4..<8].reduce(0, +)
    }
    let homeShares = (0..<4).map { sums[$0] / regulation.home }, awayShares = (4..<8).map { sums[$0] / regulation.away }
    let shares = homeShares + awayShares
    // Residuals around the shares' means, and each game's expected regulation total.
    var residuals: [[Double]] = [], totals: [Double] = []
    var ratioResidual = [Double](repeating: 0, count: 8)
    var ties: [GamePeriod: Int] = [.h1: 0, .q1: 0]
    for (s, m) in zip(scores, means) {
      let x = s.eight
      residuals.append((0..<8).map { x[$0] - shares[$0] * ($0 < 4 ? m.home : m.away) })
      totals.append(m.home + m.away)
      for i in 0..<8 {
        // The ratio estimator's residual: the quarter's points less its share of the team's regulation.
        let team = i < 4 ? x[0..<4].reduce(0, +) : x[4..<8].reduce(0, +)
        let e = x[i] - shares[i] * team
        ratioResidual[i] += e * e
      }
      if s.home[0] == s.away[0] { ties[.q1]! += 1 }
      if s.home[0] + s.home[1] == s.away[0] + s.away[1] { ties[.h1]! += 1 }
    }
    let reference = totals.reduce(0, +) / Double(n)
    let logScale = totals.map { log(max($0, 1) / reference) }
    // Given the exponent k, the covariance's maximum-likelihood estimate is the residuals' scaled
    // second moment; k is chosen on [0, 4] by the profile log-likelihood
    // -n/2 log det S_k - 4 k sum log(T / T_ref), to 0.001 by golden-section search.
    func covariance(_ k: Double) -> [[Double]] {
      var c = [[Double]](repeating: [Double](repeating: 0, count: 8), count: 8)
      for (r, l) in zip(residuals, logScale) {
        let w = exp(-k * l)
        for i in 0..<8 { for j in 0...i { c[i][j] += w * r[i] * r[j] } }
      }
      for i in 0..<8 {
        for j in 0...i {
          c[i][j] /= Double(n)
          c[j][i] = c[i][j]
        }
      }
      return c
    }
    let sumLog = logScale.reduce(0, +)
    func profile(_ k: Double) -> Double {
      guard let logDet = Self.logDeterminant(covariance(k)) else { return -.infinity }
      return -Double(n) / 2 * logDet - 4 * k * sumLog
    }
    let r = (5.0.squareRoot() - 1) / 2
    var lo = 0.0, hi = 4.0
    var c1 = hi - r * (hi - lo), c2 = lo + r * (hi - lo)
    var f1 = profile(c1), f2 = profile(c2)
    while hi - lo > 1e-3 {
      if f1 > f2 {
        hi = c2; c2 = c1; f2 = f1; c1 = hi - r * (hi - lo); f1 = profile(c1)
      } else {
        lo = c1; c1 = c2; f1 = f2; c2 = lo + r * (hi - lo); f2 = profile(c2)
      }
    }
    let exponent = [0, (lo + hi) / 2].max { profile($0) < profile($1) }!
    let covariance = covariance(exponent)
    // The exponent's standard error from the profile likelihood's curvature at its maximum.
    let h = 0.01, at = max(exponent, h)
    let curvature = -(profile(at + h) - 2 * profile(at) + profile(at - h)) / (h * h)
    let exponentError = curvature > 0 ? 1 / curvature.squareRoot() : .infinity
    let errors = (0..<8).map { i in
      (0..<8).map { j in ((covariance[i][i] * covariance[j][j] + covariance[i][j] * covariance[i][j]) / Double(n)).squareRoot() }
    }
    let meanRegulation = (home: regulation.home / Double(n), away: regulation.away / Double(n))
    let shareErrors = (0..<8).map { i in
      (ratioResidual[i] / Double(n - 1)).squareRoot() / ((i < 4 ? meanRegulation.home : meanRegulation.away) * Double(n).squareRoot())
    }
    let model = PeriodModel(
      homeShares: homeShares, awayShares: awayShares, covariance: covariance, referenceTotal: reference,
      varianceExponent: exponent)
    var predicted: [GamePeriod: Double] = [.h1: 0, .q1: 0]
    for m in means {
      for p in [GamePeriod.h1, .q1] {
        predicted[p]! += model.period(p, homeRegulation: m.home, awayRegulation: m.away).moneyline.tie / Double(n)
      }
    }
    return PeriodFit(
      model: model, games: n,
      homeShareErrors: Array(shareErrors[0..<4]), awayShareErrors: Array(shareErrors[4..<8]), covarianceErrors: errors,
      varianceExponentError: exponentError, observedTies: ties.mapValues { Double($0) / Double(n) }, predictedTies: predicted)
  }

  /// log det of a symmetric positive-definite matrix by Cholesky; nil when it is not one.
  static func logDeterminant(_ a: [[Double]]) -> Double? {
    let n = a.count
    var l = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
    var logDet = 0.0
    for j in 0..<n {
      var d = a[j][j]
      for k in 0..<j { d -= l[j][k] * l[j][k] }
      guard d > 0 else { return nil }
      l[j][j] = d.squareRoot()
      logDet += log(d)
      for i in (j + 1)..<n {
        var s = a[i][j]
        for k in 0..<j { s -= l[i][k] * l[j][k] }
        l[i][j] = s / l[j][j]
      }
    }
    return logDet
  }
}
