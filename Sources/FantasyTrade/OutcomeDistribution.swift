/// Streaming mean and variance of a quantity, accumulated as deviations from a shift (the
/// quantity's zero-noise value): sums of d = x - shift and d^2. Shifting keeps the variance
/// free of cancellation, and a constant stream x = shift gives mean = shift exactly.
struct ShiftedMoments: Hashable, Sendable {
  var shift: Double
  var count = 0
  var sum = 0.0
  var sumOfSquares = 0.0

  init(shift: Double) { self.shift = shift }

  @inline(__always)
  mutating func add(_ x: Double) {
    let d = x - shift
    count += 1
    sum += d
    sumOfSquares += d * d
  }

  /// Folds in `count` values whose deviations from `shift` sum to `sum` and `sumOfSquares`.
  mutating func add(count: Int, sum: Double, sumOfSquares: Double) {
    self.count += count
    self.sum += sum
    self.sumOfSquares += sumOfSquares
  }

  mutating func merge(_ other: ShiftedMoments) {
    precondition(other.shift == shift)
    add(count: other.count, sum: other.sum, sumOfSquares: other.sumOfSquares)
  }

  var mean: Double { shift + sum / Double(count) }

  /// Sample standard deviation (n - 1).
  var sd: Double {
    guard count > 1 else { return 0 }
    let n = Double(count)
    return (Swift.max(0, sumOfSquares - sum * sum / n) / (n - 1)).squareRoot()
  }
}

/// A quantity's simulated distribution: moments, extremes and percentiles.
package struct OutcomeDistribution: Hashable, Sendable {
  package var mean: Double
  package var sd: Double
  /// Standard error of the mean, sd / sqrt(n).
  package var se: Double
  package var min: Double
  package var max: Double
  package var percentiles: Percentiles
  /// Percentiles are within this of the sample percentiles (the histogram's bin width).
  package var percentileResolution: Double

  init(_ moments: ShiftedMoments, _ histogram: FixedHistogram) {
    mean = moments.mean
    sd = moments.sd
    se = moments.sd / Double(moments.count).squareRoot()
    min = histogram.minimum
    max = histogram.maximum
    percentiles = Percentiles { histogram.quantile($0) }
    percentileResolution = histogram.binWidth
  }
}

/// The percentiles the replaced services report.
package struct Percentiles: Hashable, Sendable {
  package var p5, p10, p25, p50, p75, p90, p95: Double

  package init(_ quantile: (Double) -> Double) {
    p5 = quantile(0.05)
    p10 = quantile(0.10)
    p25 = quantile(0.25)
    p50 = quantile(0.50)
    p75 = quantile(0.75)
    p90 = quantile(0.90)
    p95 = quantile(0.95)
  }
}

/// One simulated quantity being accumulated: moments and a histogram.
struct OutcomeAccumulator: Sendable {
  var moments: ShiftedMoments
  var histogram: FixedHistogram

  /// `shift` is the zero-noise value; the histogram spans [lower, upper] in `bins` bins.
  init(shift: Double, lower: Double, upper: Double, bins: Int) {
    moments = ShiftedMoments(shift: shift)
    histogram = FixedHistogram(lower: lower, upper: upper, bins: bins)
  }

  /// Bins over mean +- 10 sd of the quantity's exact distribution: by Chebyshev at most 1% of
  /// the mass lies outside, so p5 ... p95 always fall inside, each within sd / 200 (4000 bins).
  init(shift: Double, exact: LinearMoments) {
    let half = exact.sd > 0 ? 10 * exact.sd : Swift.max(1, abs(exact.mean) * 1e-9)
    self.init(shift: shift, lower: exact.mean - half, upper: exact.mean + half, bins: 4000)
  }

  @inline(__always)
  mutating func add(_ x: Double) {
    moments.add(x)
    histogram.add(x)
  }

  mutating func merge(_ other: OutcomeAccumulator) {
    moments.merge(other.moments)
    histogram.merge(other.histogram)
  }

  var distribution: OutcomeDistribution { OutcomeDistribution(moments, histogram) }
}
