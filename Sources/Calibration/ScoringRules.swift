import Foundation

/// One probability forecast of a yes/no event and what happened.
package struct Forecast: Hashable, Sendable {
  package var probability: Double
  package var happened: Bool

  package init(probability: Double, happened: Bool) {
    self.probability = probability
    self.happened = happened
  }
}

/// How good a set of forecasts is: the Brier score mean (p - y)^2, the log loss
/// -mean [y log p + (1 - y) log(1 - p)] (p kept within [1e-6, 1 - 1e-6]: a simulated 0 is an
/// estimate, not a certainty), and the reliability table.
package struct ForecastScore: Hashable, Sendable {
  package var count: Int
  package var brier: Double
  package var logLoss: Double
  package var reliability: [ReliabilityBin]

  package init(_ forecasts: [Forecast], bins: Int = 10) {
    count = forecasts.count
    var b = 0.0, l = 0.0
    for f in forecasts {
      let y = f.happened ? 1.0 : 0.0
      b += (f.probability - y) * (f.probability - y)
      let p = min(max(f.probability, 1e-6), 1 - 1e-6)
      l -= f.happened ? log(p) : log(1 - p)
    }
    brier = count > 0 ? b / Double(count) : .nan
    logLoss = count > 0 ? l / Double(count) : .nan
    reliability = ReliabilityBin.table(forecasts, bins: bins)
  }
}

/// One row of a reliability table: the forecasts whose probability fell in [lower, upper), their
/// mean (`predicted`), the share of them that happened (`observed`) and its binomial standard
/// error sqrt(predicted (1 - predicted) / count), the spread a calibrated forecaster would show.
package struct ReliabilityBin: Hashable, Sendable {
  package var lower: Double
  package var upper: Double
  package var predicted: Double
  package var observed: Double
  package var count: Int

  package var standardError: Double { count > 0 ? (predicted * (1 - predicted) / Double(count)).squareRoot() : .nan }

  /// Equal-width bins over [0, 1] (the last includes 1); empty bins are left out.
  package static func table(_ forecasts: [Forecast], bins: Int) -> [ReliabilityBin] {
    var sumP = [Double](repeating: 0, count: bins), hits = [Int](repeating: 0, count: bins)
    var n = [Int](repeating: 0, count: bins)
    for f in forecasts {
      let k = min(max(Int(f.probability * Double(bins)), 0), bins - 1)
      sumP[k] += f.probability
      n[k] += 1
      if f.happened { hits[k] += 1 }
    }
    return (0..<bins).compactMap { k in
      guard n[k] > 0 else { return nil }
      return ReliabilityBin(
        lower: Double(k) / Double(bins), upper: Double(k + 1) / Double(bins), predicted: sumP[k] / Double(n[k]),
        observed: Double(hits[k]) / Double(n[k]), count: n[k])
    }
  }
}
