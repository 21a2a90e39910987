import Foundation
import RandomStreams

/// A forecast set against the market's on the same games: the mean difference in log loss and in
/// Brier score (forecast minus market; below 0, the forecast beat the market), each with a 95%
/// percentile-bootstrap interval by game (`resamples` resamples of the games with replacement,
/// drawn from the seed's stream, so the same seed gives the same interval), and the same scores
/// season by season.
package struct ForecastComparison: Hashable, Sendable {
  package struct Season: Hashable, Sendable {
    package var season: String
    package var count: Int
    package var logLoss: Double
    package var marketLogLoss: Double
    package var brier: Double
    package var marketBrier: Double
  }

  package var count: Int
  package var logLossDifference: Double
  package var logLossDifferenceCI95: ClosedRange<Double>?
  package var brierDifference: Double
  package var brierDifferenceCI95: ClosedRange<Double>?
  package var seasons: [Season]

  /// `forecast` and `market`: probabilities of the same events (`happened`), game by game, with
  /// each game's season.
  package init(
    forecast: [Double], market: [Double], happened: [Bool], seasons: [String], seed: UInt64, resamples: Int = 1000
  ) {
    precondition(resamples >= 40, "a 95% percentile interval needs at least 40 resamples")
    precondition(market.count == forecast.count && happened.count == forecast.count && seasons.count == forecast.count)
    let n = forecast.count
    func ll(_ p: Double, _ y: Bool) -> Double {
      let q = min(max(p, 1e-6), 1 - 1e-6)
      return y ? -log(q) : -log(1 - q)
    }
    func br(_ p: Double, _ y: Bool) -> Double { (p - (y ? 1 : 0)) * (p - (y ? 1 : 0)) }
    var dl = [Double](repeating: 0, count: n), db = dl
    for i in 0..<n {
      dl[i] = ll(forecast[i], happened[i]) - ll(market[i], happened[i])
      db[i] = br(forecast[i], happened[i]) - br(market[i], happened[i])
    }
    count = n
    logLossDifference = n > 0 ? dl.reduce(0, +) / Double(n) : .nan
    brierDifference = n > 0 ? db.reduce(0, +) / Double(n) : .nan
    if n >= 2 {
      var stream = RandomStream(seed: seed, id: 0)
      var ml: [Double] = [], mb: [Double] = []
      ml.reserveCapacity(resamples)
      mb.reserveCapacity(resamples)
      for _ in 0..<resamples {
        var sl = 0.0, sb = 0.0
        for u in stream.uniforms(n) {
          let k = min(Int(u * Double(n)), n - 1)
          sl += dl[k]
          sb += db[k]
        }
        ml.append(sl / Double(n))
        mb.append(sb / Double(n))
      }
      ml.sort()
      mb.sort()
      let lo = Int(0.025 * Double(resamples)), hi = Int(0.975 * Double(resamples)) - 1
      logLossDifferenceCI95 = ml[lo]...ml[hi]
      brierDifferenceCI95 = mb[lo]...mb[hi]
    } else {
      logLossDifferenceCI95 = nil
      brierDifferenceCI95 = nil
    }
    var order: [String] = []
    var groups: [String: [Int]] = [:]
    for (i, s) in seasons.enumerated() {
      if groups[s] == nil { order.append(s) }
      groups[s, default: []].append(i)
    }
    self.seasons = order.map { s in
      let idx = groups[s]!, k = Double(idx.count)
      return Season(
        season: s, count: idx.count, logLoss: idx.reduce(0) { $0 + ll(forecast[$1], happened[$1]) } / k,
        marketLogLoss: idx.reduce(0) { $0 + ll(market[$1], happened[$1]) } / k,
        brier: idx.reduce(0) { $0 + br(forecast[$1], happened[$1]) } / k,
        marketBrier: idx.reduce(0) { $0 + br(market[$1], happened[$1]) } / k)
    }
  }
}
