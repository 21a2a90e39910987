/// Standard errors of maximum-likelihood estimates from the observed information: the negative
/// Hessian of the log-likelihood at the maximum, by central differences, inverted.
///
///   H_ij ~ [l(t + h_i e_i + h_j e_j) - l(t + h_i e_i - h_j e_j) - l(t - h_i e_i + h_j e_j)
///           + l(t - h_i e_i - h_j e_j)] / (4 h_i h_j),   h_i = step * max(1, |t_i|)
///   Cov(t) ~ (-H)^-1,   se_i = sqrt(Cov_ii)
///
/// The log-likelihoods here are sums over games computed from sufficient statistics or a small
/// table, so each evaluation is cheap and the step (1e-4 relative) keeps the rounding error of
/// the difference near 1e-5 of the curvature.
package enum ObservedInformation {
  /// The covariance of the estimates `theta` of `logLikelihood`, or nil when the negative
  /// Hessian is not positive definite (not a maximum).
  package static func covariance(at theta: [Double], step: Double = 1e-4, _ logLikelihood: ([Double]) -> Double)
    -> [[Double]]?
  {
    let k = theta.count
    let h = theta.map { step * max(1, abs($0)) }
    var info = [[Double]](repeating: [Double](repeating: 0, count: k), count: k)
    func l(_ moves: [(Int, Double)]) -> Double {
      var t = theta
      for (i, d) in moves { t[i] += d }
      return logLikelihood(t)
    }
    let centre = logLikelihood(theta)
    for i in 0..<k {
      let second = (l([(i, h[i])]) - 2 * centre + l([(i, -h[i])])) / (h[i] * h[i])
      info[i][i] = -second
      for j in 0..<i {
        let d =
          (l([(i, h[i]), (j, h[j])]) - l([(i, h[i]), (j, -h[j])]) - l([(i, -h[i]), (j, h[j])])
            + l([(i, -h[i]), (j, -h[j])])) / (4 * h[i] * h[j])
        info[i][j] = -d
        info[j][i] = -d
      }
    }
    return inverse(info)
  }

  /// The inverse of a symmetric positive-definite matrix by Cholesky, nil when it is not.
  package static func inverse(_ a: [[Double]]) -> [[Double]]? {
    let n = a.count
    var l = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
    for i in 0..<n {
      for j in 0...i {
        var s = a[i][j]
        for k in 0..<j { s -= l[i][k] * l[j][k] }
        if i == j {
          guard s > 0, s.isFinite else { return nil }
          l[i][i] = s.squareRoot()
        } else {
          l[i][j] = s / l[j][j]
        }
      }
    }
    // inv(L), lower triangular, then inv(A) = inv(L)^T inv(L).
    var li = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
    for i in 0..<n {
      li[i][i] = 1 / l[i][i]
      for j in 0..<i {
        var s = 0.0
        for k in j..<i { s -= l[i][k] * li[k][j] }
        li[i][j] = s / l[i][i]
      }
    }
    var out = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
    for i in 0..<n {
      for j in 0...i {
        var s = 0.0
        for k in i..<n { s += li[k][i] * li[k][j] }
        out[i][j] = s
        out[j][i] = s
      }
    }
    return out
  }
}
