/// Home minus away.
public struct MarginSummary: Sendable {
  public let mean: Double
  public let std: Double
  public let percentiles: Percentiles

  init(_ margins: DiscreteDistribution) {
    mean = margins.mean
    std = margins.standardDeviation
    percentiles = Percentiles(margins)
  }
}
