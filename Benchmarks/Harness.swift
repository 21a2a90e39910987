import Foundation

/// One measured figure: the median of repeated runs after warm-up, its spread, and its ratio
/// to a baseline measured in the same run (these machines are noisy; ratios travel).
struct Measurement: Codable {
  let suite: String
  let name: String
  /// e.g. "ns/game", "ns/normal", "MiB".
  let unit: String
  let median: Double
  let min: Double
  let max: Double
  let repeats: Int
  /// What `ratio` compares against, and the ratio baseline / figure (> 1: faster than it).
  let baseline: String?
  let speedup: Double?
  let note: String?
}

/// A group of benchmarks that registers itself in `BenchmarkSuite.all`.
struct BenchmarkSuite: Sendable {
  let name: String
  let run: @Sendable (inout BenchmarkContext) -> Void
}

struct BenchmarkContext {
  let quick: Bool
  private(set) var results: [Measurement] = []
  /// Figures other suites may compare against (e.g. the RNG floor), by key.
  var references: [String: Double] = [:]

  init(quick: Bool) { self.quick = quick }

  /// Times `body` `repeats` times after `warmup` runs; returns per-item figures in `scale`
  /// units (e.g. 1e9 / items for ns per item).
  static func time(repeats: Int, warmup: Int = 1, perItem items: Double, _ body: () -> Void) -> [Double] {
    for _ in 0..<warmup { body() }
    var samples: [Double] = []
    for _ in 0..<repeats {
      let start = DispatchTime.now().uptimeNanoseconds
      body()
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
      samples.append(elapsed / items)
    }
    return samples
  }

  static func median(_ samples: [Double]) -> Double { samples.sorted()[samples.count / 2] }

  mutating func record(
    suite: String, name: String, unit: String, samples: [Double], baseline: (String, Double)? = nil,
    note: String? = nil
  ) {
    let sorted = samples.sorted()
    let median = Self.median(samples)
    let m = Measurement(
      suite: suite, name: name, unit: unit, median: median, min: sorted.first!, max: sorted.last!,
      repeats: samples.count, baseline: baseline?.0, speedup: baseline.map { $0.1 / median }, note: note)
    results.append(m)
    print(Self.line(m))
  }

  static func line(_ m: Measurement) -> String {
    let figure = String(format: "%10.3f %-10@ [%.3f … %.3f] ×%d", m.median, m.unit as NSString, m.min, m.max, m.repeats)
    var s = "  \(m.name.padding(toLength: 44, withPad: " ", startingAt: 0)) \(figure)"
    if let b = m.baseline, let r = m.speedup { s += String(format: "   %.2fx vs %@", r, b as NSString) }
    if let n = m.note { s += "   (\(n))" }
    return s
  }
}
