/// The distribution of a weighted sum of the quantities, w . x, in bins of fixed width: a
/// histogram of sums (a team's points plus a player's, a parlay's total exposure), counted draw
/// by draw and never stored. Bin k holds origin + k * width <= w . x < origin + (k + 1) * width;
/// sums below or above the bins are counted apart. Integer counts: the fold is exact.
package struct SumHistogram: DrawAccumulator {
  package let weights: [Double]
  package let origin: Double
  package let width: Double
  package private(set) var counts: [UInt64]
  package private(set) var below: UInt64 = 0
  package private(set) var above: UInt64 = 0
  package private(set) var draws: UInt64 = 0

  package init(weights: [Double], origin: Double, width: Double, bins: Int) {
    precondition(width > 0 && bins >= 1, "a histogram needs bins of positive width")
    self.weights = weights
    self.origin = origin
    self.width = width
    counts = [UInt64](repeating: 0, count: bins)
  }

  package mutating func add(_ x: UnsafeBufferPointer<Double>, rows: Int, dimension d: Int) {
    precondition(d == weights.count, "weights of another dimension")
    let inverse = 1 / width
    for i in 0..<rows {
      var s = 0.0
      for j in 0..<d { s += weights[j] * x[i * d + j] }
      let k = ((s - origin) * inverse).rounded(.down)
      if k < 0 {
        below += 1
      } else if k >= Double(counts.count) {
        above += 1
      } else {
        counts[Int(k)] += 1
      }
    }
    draws += UInt64(rows)
  }

  package mutating func merge(_ next: SumHistogram) {
    for k in counts.indices { counts[k] += next.counts[k] }
    below += next.below
    above += next.above
    draws += next.draws
  }
}
