import Foundation
import LineFeeds
import Simulation

extension BenchmarkSuite {
  /// Sharded runs: the size of a partial file and the time to merge 1,000 of them for a
  /// 15-game slate at 10^10 simulations per game (10^7 per game per shard), read from memory
  /// (the `mcsim merge` of 1,000 files on disk adds reading them; docs/shards.md).
  static let shards = BenchmarkSuite(name: "shards") { context in
    let models = Peers.slate.map { GameModel(homeMean: $0.0, awayMean: $0.1) }
    let shard = try! SimulationTape.Shard(index: 0, count: 1000)
    let tape = SimulationTape(recording: shard)
    let perShard = context.quick ? 1_000_000 : 10_000_000
    var options = SimulationOptions(simulations: perShard * 1000, seed: 1, threads: ProcessInfo.processInfo.activeProcessorCount)
    options.tape = tape
    _ = try! GameSimulator.simulate(models, options: options)
    let one = PartialFile(
      command: ["slate", "x"], seed: 1, shard: shard, mcsim: "bench", calls: tape.calls, digests: tape.digests)
    let parts = (0..<1000).map { k in
      var p = one
      p.shard = try! SimulationTape.Shard(index: k, count: 1000)
      return try! p.encoded()
    }
    context.record(
      suite: "shards", name: "partial file, 15 games x \(perShard) sims", unit: "KB",
      samples: [Double(parts[0].count) / 1000], note: String(format: "%.1f KB per game", Double(parts[0].count) / 15_000))
    // Baseline: reading every byte of the parts once (a sum of their 64-bit words).
    let reading = BenchmarkContext.time(repeats: context.quick ? 1 : 3, perItem: 1) {
      var total: UInt64 = 0
      for data in parts {
        data.withUnsafeBytes { raw in
          for i in 0..<(raw.count / 8) { total &+= raw.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self) }
        }
      }
      precondition(total != 1)
    }
    let readingSeconds = BenchmarkContext.median(reading) / 1e9
    context.record(
      suite: "shards", name: "read the 1,000 partials' bytes once (baseline)", unit: "s", samples: reading.map { $0 / 1e9 })
    let samples = BenchmarkContext.time(repeats: context.quick ? 1 : 3, perItem: 1) {
      var merge = PartialMerge()
      for (k, data) in parts.enumerated() { try! merge.add("p\(k)", data: data) }
      _ = try! merge.result()
    }
    context.record(
      suite: "shards", name: "merge 1,000 partials of a 15-game slate", unit: "s", samples: samples.map { $0 / 1e9 },
      baseline: ("reading them", readingSeconds), note: "target: under 1 s")
  }
}
