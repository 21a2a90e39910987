import Foundation

/// The overtime part of the model, fitted to the games that went to overtime.
///
/// **Flat** (the replaced service's model: overtime at a fixed rate whatever the score, adding
/// round(max(0, Normal(points, sd))) points to the total): the rate is the share of games that went
/// to overtime, points and sd the mean and sd of their overtime points (Sheppard's 1/12 taken off
/// the variance, as the engine rounds). These are the maximum-likelihood estimates of a binomial
/// and a normal, whose observed information is closed: se(rate) = sqrt(rate (1 - rate) / n),
/// se(points) = sd / sqrt(k), se(sd) = sd / sqrt(2k), k the overtime games. The rate's 95%
/// interval is Wilson's, inside [0, 1] however few the games (31 play-in games, one overtime).
///
/// **Tie** (overtime exactly when regulation ends level; each five-minute period each team
/// scores round(max(0, Normal(points / 2, sd / sqrt 2))); periods repeat while level): the data
/// give both teams' overtime points together, not the periods, so the likelihood of a game's
/// overtime points sums over the number of periods:
///
///   P(ot = t) = sum_{k >= 0} (L^{*k} * W)(t),
///
/// L(t) the probability that a period ends level with t points (both teams t/2), W(t) that it
/// has a winner with t points; * is convolution (k <= 8 level periods: the ninth would add less
/// than 1e-9). Maximised over (points, sd) by Nelder-Mead, standard errors from the observed
/// information. The rate is not free under this model: it is the probability that regulation
/// ends level (`RegulationFit.levelProbability`), reported beside the observed rate.
package struct OvertimeFit: Hashable, Sendable {
  package var games: Int
  package var overtimeGames: Int
  package var rate: Estimate
  package var flatPoints: Estimate
  package var flatSD: Estimate
  /// Per period, under the tie model (nil with fewer than 10 overtime games).
  package var tiePoints: Estimate?
  package var tieSD: Estimate?
  /// Mean overtime points per overtime game, and their sd (before any correction).
  package var meanPoints: Double

  package static func fit(_ games: [HistoricalGame]) -> OvertimeFit? {
    guard !games.isEmpty else { return nil }
    let points = games.filter(\.overtime).map { Double($0.overtimePoints) }
    let k = Double(points.count)
    let mean = k > 0 ? points.reduce(0, +) / k : 0
    let variance = k > 0 ? points.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / k : 0
    let sd = max(variance - 1.0 / 12, 0).squareRoot()
    var fit = OvertimeFit(
      games: games.count, overtimeGames: points.count,
      rate: .rate(points.count, of: games.count),
      flatPoints: Estimate(mean, standardError: k > 0 ? variance.squareRoot() / k.squareRoot() : .nan),
      flatSD: Estimate(sd, standardError: k > 0 ? sd / (2 * k).squareRoot() : .nan), tiePoints: nil, tieSD: nil,
      meanPoints: mean)
    if points.count >= 10 {
      var counts: [Int: Int] = [:]
      for p in points { counts[Int(p), default: 0] += 1 }
      let table = counts.sorted { $0.key < $1.key }
      func ll(_ t: [Double]) -> Double {
        guard t[0] >= 1, t[0] <= 100, t[1] >= 0.5, t[1] <= 50 else { return -.infinity }
        let dist = tieOvertimePoints(points: t[0], sd: t[1], upTo: table.last!.key)
        var s = 0.0
        for (value, count) in table { s += Double(count) * log(max(dist[value], 1e-300)) }
        return s
      }
      let best = NelderMead.minimise({ -ll($0) }, from: [mean * 0.93, max(sd, 2)], steps: [1, 1])
      let cov = ObservedInformation.covariance(at: best, ll)
      fit.tiePoints = Estimate(best[0], standardError: cov.map { $0[0][0].squareRoot() } ?? .nan)
      fit.tieSD = Estimate(best[1], standardError: cov.map { $0[1][1].squareRoot() } ?? .nan)
    }
    return fit
  }

  /// The distribution of both teams' overtime points together under the tie model with these
  /// per-period points and sd, for totals 0 ... upTo.
  package static func tieOvertimePoints(points: Double, sd: Double, upTo maxTotal: Int) -> [Double] {
    let mu = points / 2, sigma = sd / 2.0.squareRoot()
    let top = Int((mu + 12 * sigma).rounded(.up)) + 1
    // One team's points in a period: the normal rounded to the nearest whole number, floored at 0.
    var q = [Double](repeating: 0, count: top + 1)
    for s in 0...top {
      let upper = NormalDistribution.cdf((Double(s) + 0.5 - mu) / sigma)
      let lower = s == 0 ? 0 : NormalDistribution.cdf((Double(s) - 0.5 - mu) / sigma)
      q[s] = upper - lower
    }
    let width = maxTotal + 1
    var level = [Double](repeating: 0, count: width)
    var decided = [Double](repeating: 0, count: width)
    for a in 0...top {
      for b in 0...top where a + b < width {
        if a == b { level[a + b] += q[a] * q[b] } else { decided[a + b] += q[a] * q[b] }
      }
    }
    var out = decided
    var term = decided
    for _ in 0..<8 {
      var next = [Double](repeating: 0, count: width)
      for i in 0..<width where term[i] != 0 {
        for j in 0..<(width - i) where level[j] != 0 { next[i + j] += term[i] * level[j] }
      }
      term = next
      for i in 0..<width { out[i] += term[i] }
    }
    return out
  }
}
