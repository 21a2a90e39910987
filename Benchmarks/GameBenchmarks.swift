import Foundation
import Simulation

extension BenchmarkSuite {
  /// One game, the engine end to end (kernel, chunks, threads, histogram merge).
  static let oneGame = BenchmarkSuite(name: "one-game") { context in
    let model = GameModel(homeMean: 115, awayMean: 112)
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let floor = 2 * (context.references["normal_ns"] ?? .nan)

    let naiveGames = 1_000_000
    let naive = BenchmarkContext.time(repeats: 3, perItem: Double(naiveGames)) {
      precondition(NaiveGameLoop.simulate(model, games: naiveGames, seed: 1).values.reduce(0, +) == UInt64(naiveGames))
    }
    let naiveNs = naive.sorted()[naive.count / 2]
    context.record(suite: "one-game", name: "naive scalar Swift loop, 10^6 (baseline)", unit: "ns/game", samples: naive)
    let scalar = BenchmarkContext.time(repeats: 3, perItem: Double(naiveGames)) {
      _ = try! GameSimulator.simulateScalar(model, options: SimulationOptions(simulations: naiveGames, seed: 1, threads: 1))
    }
    context.record(suite: "one-game", name: "scalar C kernel, 1 thread, 10^6", unit: "ns/game", samples: scalar,
                   baseline: ("naive Swift", naiveNs))

    let sizes = context.quick ? [10_000, 1_000_000] : [10_000, 1_000_000, 10_000_000]
    for kind in [Overtime.Kind.flat, .tie] {
      var m = model
      m.overtime.kind = kind
      for n in sizes {
        for threads in Set([1, cores]).sorted() {
          let repeats = n >= 10_000_000 ? 5 : (n >= 1_000_000 ? 11 : 51)
          let samples = BenchmarkContext.time(repeats: context.quick ? max(3, repeats / 3) : repeats, perItem: Double(n)) {
            let h = try! GameSimulator.simulate(m, options: SimulationOptions(simulations: n, seed: 7, threads: threads))
            precondition(h.games == UInt64(n))
          }
          let median = samples.sorted()[samples.count / 2]
          let note = String(format: "%.2fx the RNG floor of 2 normals; %.2f ms per run", median / floor, median * Double(n) / 1e6)
          context.record(suite: "one-game", name: "\(kind.rawValue) OT, 10^\(Int(log10(Double(n)))), \(threads) thread\(threads == 1 ? "" : "s")",
                         unit: "ns/game", samples: samples, baseline: ("naive Swift", naiveNs), note: note)
        }
      }
    }
  }

  /// Peak resident memory while simulating: flat in the number of simulations.
  static let memory = BenchmarkSuite(name: "memory") { context in
    let model = GameModel(homeMean: 115, awayMean: 112)
    let sizes = context.quick ? [10_000, 10_000_000] : [10_000, 1_000_000, 100_000_000]
    var first: Double?
    for n in sizes {
      PeakMemory.reset()
      let before = PeakMemory.currentMiB()
      _ = try! GameSimulator.simulate(model, options: SimulationOptions(simulations: n, seed: 1))
      let growth = PeakMemory.peakMiB() - before
      first = first ?? growth
      context.record(suite: "memory", name: "peak RSS growth, 10^\(Int(log10(Double(n)))) simulations", unit: "MiB",
                     samples: [growth], note: "first size: \(String(format: "%.2f", first!)) MiB")
    }
  }
}

/// Linux: /proc/self/status VmHWM (peak RSS), reset by writing 5 to /proc/self/clear_refs.
enum PeakMemory {
  static func reset() {
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
  }

  static func peakMiB() -> Double { field("VmHWM:") }
  static func currentMiB() -> Double { field("VmRSS:") }

  private static func field(_ name: String) -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return .nan }
    for line in status.split(separator: "\n") where line.hasPrefix(name) {
      let kb = line.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? .nan
      return kb / 1024
    }
    return .nan
  }
}
