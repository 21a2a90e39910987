/// Probability of a value in [from, to].
public struct HistogramBin: Sendable, Hashable {
  public let from: Int
  public let to: Int
  public let p: Double

  /// Bins of `width` aligned to multiples of it, from the first to the last with mass.
  static func bins(_ d: DiscreteDistribution, width: Int) -> [HistogramBin] {
    guard let lo = d.minimum, let hi = d.maximum else { return [] }
    var bins: [HistogramBin] = []
    var start = Int((Double(lo) / Double(width)).rounded(.down)) * width
    while start <= hi {
      var mass = 0.0
      for v in start..<(start + width) where v >= d.minValue && v - d.minValue < d.weights.count {
        mass += d.weights[v - d.minValue]
      }
      bins.append(HistogramBin(from: start, to: start + width - 1, p: mass / d.totalWeight))
      start += width
    }
    return bins
  }

  /// Adjacent bins merged, `bins`' width times 1, 2, 4, 5, 10, 20, 40, 50, ..., the least
  /// that leaves at most `maxCount` bins with at least `visible` probability between the first
  /// and the last such bin: so a terminal shows about 20 lines for any sd.
  public static func merged(_ bins: [HistogramBin], maxCount: Int, visible: Double) -> [HistogramBin] {
    guard let first = bins.first else { return [] }
    let width = first.to - first.from + 1
    for factor in [1, 2, 4, 5, 10, 20, 40, 50, 100, 200, 400, 500, 1000] {
      let w = width * factor
      var merged: [HistogramBin] = []
      for bin in bins {
        let start = Int((Double(bin.from) / Double(w)).rounded(.down)) * w
        if let last = merged.last, last.from == start {
          merged[merged.count - 1] = HistogramBin(from: start, to: start + w - 1, p: last.p + bin.p)
        } else {
          merged.append(HistogramBin(from: start, to: start + w - 1, p: bin.p))
        }
      }
      let shown = merged.indices.filter { merged[$0].p >= visible }
      if let lo = shown.first, let hi = shown.last, hi - lo + 1 <= maxCount { return merged }
      if shown.isEmpty { return merged }
    }
    return bins
  }
}
