import Foundation
import Simulation

extension BenchmarkSuite {
  /// One game, the engine end to end (kernel, chunks, threads, histogram merge).
  static let oneGame = BenchmarkSuite(name: "one-game") { context in
    let model = GameModel(homeMean: 115, awayMean: 112)
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let floor = 2 * context.normalNanoseconds()

    let naiveGames = 1_000_000
    let naive = BenchmarkContext.time(repeats: 3, perItem: Double(naiveGames)) {
      precondition(NaiveGameLoop.simulate(model, games: naiveGames, seed: 1).values.reduce(0, +) == UInt64(naiveGames))
    }
    let naiveNs = BenchmarkContext.median(naive)
    context.record(suite: "one-game", name: "naive scalar Swift loop, 10^6 (baseline)", unit: "ns/game", samples: naive)
    let scalar = BenchmarkContext.time(repeats: 3, perItem: Double(naiveGames)) {
      _ = try! GameSimulator.simulateScalar(model, options: SimulationOptions(simulations: naiveGames, seed: 1, threads: 1))
    }
    context.record(
      suite: "one-game", name: "scalar C kernel, 1 thread, 10^6", unit: "ns/game", samples: scalar,
      baseline: ("naive Swift", naiveNs))

    let sizes = context.quick ? [10_000, 1_000_000] : [10_000, 100_000, 1_000_000, 10_000_000]
    for kind in [Overtime.Kind.flat, .tie] {
      var m = model
      m.overtime.kind = kind
      for n in sizes {
        var oneThread: Double?
        for threads in Set([1, cores]).sorted() {
          let repeats = n >= 10_000_000 ? 5 : (n >= 1_000_000 ? 11 : 51)
          let samples = BenchmarkContext.time(repeats: context.quick ? max(3, repeats / 3) : repeats, perItem: Double(n)) {
            let h = try! GameSimulator.simulate(m, options: SimulationOptions(simulations: n, seed: 7, threads: threads))
            precondition(h.games == UInt64(n))
          }
          let median = BenchmarkContext.median(samples)
          var note = String(format: "%.2fx the RNG floor of 2 normals; %.2f ms per run", median / floor, median * Double(n) / 1e6)
          if threads == 1 {
            oneThread = median
          } else if let oneThread {
            note += String(format: "; %.2fx the 1-thread speed", oneThread / median)
          }
          context.record(
            suite: "one-game", name: "\(kind.rawValue) OT, 10^\(Int(log10(Double(n)))), \(threads) thread\(threads == 1 ? "" : "s")",
            unit: "ns/game", samples: samples, baseline: ("naive Swift", naiveNs), note: note)
        }
      }
    }
  }

  /// Peak resident memory of a process that simulates n games: flat in n. Each size runs in a
  /// fresh child process (this binary with --child-memory N), whose peak RSS is its own.
  static let memory = BenchmarkSuite(name: "memory") { context in
    let sizes = context.quick ? [10_000, 10_000_000] : [10_000, 1_000_000, 100_000_000]
    var first: Double?
    for n in sizes {
      guard let kib = PeakMemory.child(simulations: n) else {
        print("  (could not run the child process)")
        return
      }
      let mib = kib / 1024
      first = first ?? mib
      context.record(
        suite: "memory", name: "peak RSS, process simulating 10^\(Int(log10(Double(n)))) games", unit: "MiB",
        samples: [mib], note: String(format: "%+.2f MiB vs 10^4", mib - first!))
    }
  }
}

enum PeakMemory {
  /// The child's side: simulate, then print the peak RSS in KiB: the VmHWM of /proc/self/status,
  /// the high-water mark of this process's own memory. (getrusage's ru_maxrss survives execve on
  /// Linux: a child started by posix_spawn from a large parent reported the parent's 96 MiB.)
  static func runChild(simulations: Int) -> Never {
    let h = try! GameSimulator.simulate(GameModel(homeMean: 115, awayMean: 112), options: SimulationOptions(simulations: simulations, seed: 1))
    precondition(h.games == UInt64(simulations))
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
    print(line?.split(separator: " ").dropFirst().first.map(String.init) ?? "")
    exit(0)
  }

  static func child(simulations: Int) -> Double? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments = ["--child-memory", "\(simulations)"]
    let out = Pipe()
    process.standardOutput = out
    guard (try? process.run()) != nil else { return nil }
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
  }
}
