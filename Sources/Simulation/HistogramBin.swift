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
}
