/// An integer-valued distribution (a total, a margin, a team's points) as weights on
/// consecutive values minValue, minValue + 1, ...
public struct DiscreteDistribution: Sendable {
  public let minValue: Int
  public let weights: [Double]
  public let totalWeight: Double
  /// Simulated games behind the weights; nil when the weights are exact probabilities.
  public let sampleCount: UInt64?

  public init(minValue: Int, weights: [Double], sampleCount: UInt64?) {
    self.minValue = minValue
    self.weights = weights
    self.sampleCount = sampleCount
    totalWeight = weights.reduce(0, +)
  }

  /// P(X > line), P(X < line), P(X == line). A half-point line has no push; a whole-number
  /// line pushes when the value lands on it.
  public func probabilities(line: Double) -> (above: Double, below: Double, equal: Double) {
    var above = 0.0, below = 0.0, equal = 0.0
    for (i, w) in weights.enumerated() where w != 0 {
      let v = Double(minValue + i)
      if v > line { above += w } else if v < line { below += w } else { equal += w }
    }
    return (above / totalWeight, below / totalWeight, equal / totalWeight)
  }

  public var mean: Double {
    var s = 0.0
    for (i, w) in weights.enumerated() { s += Double(minValue + i) * w }
    return s / totalWeight
  }

  /// Population standard deviation (numpy's np.std, ddof = 0).
  public var standardDeviation: Double {
    let m = mean
    var s = 0.0
    for (i, w) in weights.enumerated() {
      let d = Double(minValue + i) - m
      s += d * d * w
    }
    return (s / totalWeight).squareRoot()
  }

  /// E[(X - mean)^k].
  public func centralMoment(_ k: Int) -> Double {
    let m = mean
    var s = 0.0
    for (i, w) in weights.enumerated() where w != 0 {
      var d = 1.0
      for _ in 0..<k { d *= Double(minValue + i) - m }
      s += d * w
    }
    return s / totalWeight
  }

  /// The third standardised moment.
  public var skewness: Double {
    centralMoment(3) / (centralMoment(2) * centralMoment(2).squareRoot())
  }

  /// Standard error of the sample standard deviation of n draws from this distribution
  /// (delta method): sqrt((mu4 - sigma^4) / n) / (2 sigma).
  public func standardErrorOfStandardDeviation(n: Double) -> Double {
    let variance = centralMoment(2)
    return ((centralMoment(4) - variance * variance) / n).squareRoot() / (2 * variance.squareRoot())
  }

  public var minimum: Int? { weights.firstIndex { $0 > 0 }.map { minValue + $0 } }
  public var maximum: Int? { weights.lastIndex { $0 > 0 }.map { minValue + $0 } }

  /// The q-th percentile, q in [0, 100]. For simulated counts: numpy's default ('linear')
  /// method on the sorted sample, recovered exactly from the counts (the sorted sample is
  /// determined by them): h = (n - 1) q / 100, x[floor h] + frac(h) (x[floor h + 1] - x[floor h]).
  /// For exact probabilities: the quantile inf { x : P(X <= x) >= q / 100 }.
  public func percentile(_ q: Double) -> Double {
    if let n = sampleCount, n > 0 {
      let h = Double(n - 1) * q / 100
      let lower = h.rounded(.down)
      let (x0, x1) = orderStatistics(UInt64(lower), min(UInt64(lower) + 1, n - 1))
      return Double(x0) + (h - lower) * Double(x1 - x0)
    }
    let target = q / 100 * totalWeight
    var cumulative = 0.0
    for (i, w) in weights.enumerated() {
      cumulative += w
      if cumulative >= target * (1 - 1e-15) && w > 0 { return Double(minValue + i) }
    }
    return Double(maximum ?? minValue)
  }

  /// The j-th and k-th smallest simulated values (0-based, j <= k), in one walk of the counts.
  func orderStatistics(_ j: UInt64, _ k: UInt64) -> (Int, Int) {
    var cumulative: UInt64 = 0
    var first: Int? = nil
    for (i, w) in weights.enumerated() where w != 0 {
      cumulative += UInt64(w)
      if first == nil && cumulative > j { first = minValue + i }
      if cumulative > k { return (first!, minValue + i) }
    }
    let top = maximum ?? minValue
    return (first ?? top, top)
  }
}
