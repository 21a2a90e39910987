import Foundation
import OddsMath
import Simulation

extension BenchmarkSuite {
  /// Sweeps: a 200-point line sweep costs one simulation plus the reading of 200 lines (target:
  /// under 1 ms more); a 50 x 10 grid over line and rho at 10^6 simulations per rho value
  /// against 10 single runs of the same models (target: within 1.2x).
  static let sweep = BenchmarkSuite(name: "sweep") { context in
    let model = GameModel(homeMean: 115, awayMean: 112)
    let market = TotalsMarket(line: 226.5)
    let n = 1_000_000
    let options = SimulationOptions(simulations: n, seed: 3)
    let repeats = context.quick ? 5 : 11

    // One single run, and a 200-point line sweep of the same model (exact distribution left out:
    // it is the model's, not the sweep's, cost).
    let single = BenchmarkContext.time(repeats: repeats, perItem: 1e6) {
      precondition(try! GameSimulator.simulate(model, options: options).games == UInt64(n))
    }
    context.record(suite: "sweep", name: "one run, 10^6 (baseline)", unit: "ms", samples: single)
    let lines = (0..<200).map { 200 + Double($0) * 0.25 }
    var reading: [Double] = []
    let sweep = BenchmarkContext.time(repeats: repeats, perItem: 1e6) {
      let s = try! ParameterSweep(model: model, market: market, axes: [SweepAxis(.line, lines)], options: options, exact: false)
      precondition(s.points.count == 200)
      reading.append(s.evaluationSeconds * 1e3)
    }
    let singleMs = BenchmarkContext.median(single), sweepMs = BenchmarkContext.median(sweep)
    context.record(
      suite: "sweep", name: "200-point line sweep, 10^6", unit: "ms", samples: sweep,
      note: String(
        format: "%.2fx one run; %.3f ms more than it; reading the 200 lines %.3f ms (target < 1 ms)",
        sweepMs / singleMs, sweepMs - singleMs, BenchmarkContext.median(reading)))
    context.record(suite: "sweep", name: "reading 200 lines off the histogram", unit: "ms", samples: reading)

    // 10 rho values x 50 lines on common random numbers, against 10 single runs of those models.
    let rhos = (0..<10).map { Double($0) / 10 }
    let grid = (0..<50).map { 215 + Double($0) * 0.5 }
    let tenRuns = BenchmarkContext.time(repeats: context.quick ? 3 : 5, perItem: 1e6) {
      for r in rhos {
        var m = model
        m.correlation = r
        precondition(try! GameSimulator.simulate(m, options: options).games == UInt64(n))
      }
    }
    context.record(suite: "sweep", name: "10 single runs (rho 0 ... 0.9), 10^6 each", unit: "ms", samples: tenRuns)
    let gridRuns = BenchmarkContext.time(repeats: context.quick ? 3 : 5, perItem: 1e6) {
      let s = try! ParameterSweep(
        model: model, market: market, axes: [SweepAxis(.line, grid), SweepAxis(.rho, rhos)], options: options, exact: false)
      precondition(s.points.count == 500)
    }
    let ratio = BenchmarkContext.median(gridRuns) / BenchmarkContext.median(tenRuns)
    context.record(
      suite: "sweep", name: "50 x 10 grid, line x rho, 10^6 per rho", unit: "ms", samples: gridRuns,
      note: String(format: "%.3fx the 10 single runs (target <= 1.2x)", ratio))
  }
}
