import Foundation
import OddsMath
import Simulation

extension BenchmarkSuite {
  /// A night's slate through the engine: 15 games at 10^6 simulations each, simulated together
  /// and priced (totals summary, EV, verdict), wall time. The games are the peers' slate
  /// (Benchmarks/peers/README.md), so the figure compares with their `--games 15` runs.
  static let slate = BenchmarkSuite(name: "slate") { context in
    let games = SlateBenchmarkGames.all
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let n = 1_000_000
    let models = games.map { $0.model! }
    for threads in Set([1, cores]).sorted() {
      let options = SimulationOptions(simulations: n, seed: 7, threads: threads)
      let engine = BenchmarkContext.time(repeats: context.quick ? 3 : 7, perItem: 1e9) {
        precondition(try! GameSimulator.simulate(models, options: options).allSatisfy { $0.games == UInt64(n) })
      }
      let engineMedian = BenchmarkContext.median(engine)
      context.record(
        suite: "slate", name: "simulation alone, \(threads) thread\(threads == 1 ? "" : "s") (baseline)", unit: "s/slate",
        samples: engine)
      let samples = BenchmarkContext.time(repeats: context.quick ? 3 : 7, perItem: 1e9) {
        // A fresh evaluator each time: nothing is kept from the previous repetition.
        var evaluator = SlateEvaluator(options: options)
        let result = try! evaluator.evaluate(games)
        precondition(result.failedCount == 0 && result.games.allSatisfy { $0.monteCarlo?.nSimulations == n })
      }
      let median = BenchmarkContext.median(samples)
      context.record(
        suite: "slate", name: "15 games x 10^6, \(threads) thread\(threads == 1 ? "" : "s")", unit: "s/slate",
        samples: samples, baseline: ("simulation alone", engineMedian),
        note: String(format: "%.1f ns per simulated game; target < 0.25 s on 2 cores", median * 1e9 / Double(15 * n)))
    }
  }
}

/// The 15 (home, away, line) projections of the peers' built-in slate, with the agent's model.
enum SlateBenchmarkGames {
  static let projections: [(Double, Double, Double)] = [
    (115, 112, 225.5), (118.5, 112, 229.5), (110, 108, 216.5), (121, 117, 236.5),
    (113, 115, 226.5), (107, 111, 217.5), (116, 109, 223.5), (119, 120, 238.5), (112, 104, 214.5),
    (114, 113, 225.5), (109, 116, 223.5), (122, 114, 234.5), (105, 108, 211.5), (117, 111, 226.5),
    (111, 119, 228.5),
  ]

  static var all: [SlateGame] {
    projections.enumerated().map { i, g in
      SlateGame(
        id: "g\(i + 1)", model: GameModel(homeMean: g.0, awayMean: g.1),
        markets: GameMarkets(total: TotalsMarket(line: g.2)))
    }
  }
}
