/// Counts of values in equal bins over [lower, upper], plus counts below and above, and the
/// exact smallest and largest value seen. Memory is fixed: it does not grow with the number of
/// values.
///
/// A quantile is read by walking the cumulative counts to the bin holding rank p * n and
/// interpolating linearly inside it; the sample quantile lies in that bin, so the answer is
/// within one bin width of it, and it is clamped to [min, max], so a constant stream gives its
/// value exactly.
package struct FixedHistogram: Hashable, Sendable {
  package let lower: Double
  package let upper: Double
  package private(set) var counts: [Int]
  package private(set) var below = 0
  package private(set) var above = 0
  package private(set) var minimum = Double.infinity
  package private(set) var maximum = -Double.infinity

  package init(lower: Double, upper: Double, bins: Int) {
    precondition(upper > lower && bins > 0)
    self.lower = lower
    self.upper = upper
    counts = Array(repeating: 0, count: bins)
  }

  package var binWidth: Double { (upper - lower) / Double(counts.count) }
  package var count: Int { counts.reduce(below + above, +) }

  @inline(__always)
  package mutating func add(_ x: Double) {
    minimum = Swift.min(minimum, x)
    maximum = Swift.max(maximum, x)
    if x < lower {
      below += 1
    } else if x > upper {
      above += 1
    } else {
      let bin = Int((x - lower) / (upper - lower) * Double(counts.count))
      counts[Swift.min(bin, counts.count - 1)] += 1
    }
  }

  /// Adds another histogram of the same bins.
  package mutating func merge(_ other: FixedHistogram) {
    precondition(other.lower == lower && other.upper == upper && other.counts.count == counts.count)
    for i in counts.indices { counts[i] += other.counts[i] }
    below += other.below
    above += other.above
    minimum = Swift.min(minimum, other.minimum)
    maximum = Swift.max(maximum, other.maximum)
  }

  /// The p-quantile (0 < p < 1), within one bin width of the sample quantile when that lies
  /// inside [lower, upper]; a rank that falls below or above returns the exact min or max.
  package func quantile(_ p: Double) -> Double {
    let n = count
    guard n > 0 else { return .nan }
    let rank = p * Double(n)
    var cumulative = Double(below)
    if rank <= cumulative { return minimum }
    let width = binWidth
    for (i, c) in counts.enumerated() where c > 0 {
      let next = cumulative + Double(c)
      if rank <= next {
        let x = lower + (Double(i) + (rank - cumulative) / Double(c)) * width
        return Swift.min(maximum, Swift.max(minimum, x))
      }
      cumulative = next
    }
    return maximum
  }
}
