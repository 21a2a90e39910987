import OddsMath

extension BenchmarkSuite {
  /// Devig throughput per method, 2-way and 3-way markets, against normalisation (the replaced
  /// service's method, the cheapest possible) measured in the same run.
  static let devig = BenchmarkSuite(name: "devig") { context in
    // A spread of realistic markets: vig from 2% to 8%, favourites to longshots.
    func markets(outcomes: Int) -> [Market] {
      (0..<256).map { i in
        let margin = 1.02 + 0.06 * Double(i % 16) / 15
        let fair: [Double] =
          outcomes == 2
          ? {
            let p = 0.2 + 0.6 * Double(i) / 255; return [p, 1 - p]
          }()
          : {
            let a = 0.15 + 0.5 * Double(i) / 255, d = 0.25; return [a, d, 1 - a - d]
          }()
        return try! Market(prices: fair.map { try! Odds(decimal: 1 / ($0 * margin)) })
      }
    }
    let count = context.quick ? 20_000 : 200_000
    for outcomes in [2, 3] {
      let set = markets(outcomes: outcomes)
      var baseline: Double?
      for method in DevigMethod.allCases {
        var checksum = 0.0
        let samples = BenchmarkContext.time(repeats: context.quick ? 3 : 7, perItem: Double(count)) {
          for i in 0..<count { checksum += set[i & 255].devig(method).probabilities[0] }
        }
        precondition(checksum.isFinite)
        let median = BenchmarkContext.median(samples)
        if method == .multiplicative { baseline = median }
        context.record(
          suite: "devig", name: "\(method.rawValue), \(outcomes)-way", unit: "ns/market", samples: samples,
          baseline: method == .multiplicative ? nil : ("multiplicative", baseline!),
          note: String(format: "%.2fM markets/s", 1e3 / median))
      }
    }
  }
}
