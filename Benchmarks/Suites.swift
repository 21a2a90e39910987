/// Every suite, in the order they run. A new capability adds its suite here.
extension BenchmarkSuite {
  static let all: [BenchmarkSuite] = [
    .rng, .oneGame, .levels, .exact, .request, .slate, .inPlay, .peers, .memory, .devig, .tradeBatch, .serve, .shards, .sweep, .multivariate,
    .calibration, .ratings, .startup, .previousBuild,
  ]
}
