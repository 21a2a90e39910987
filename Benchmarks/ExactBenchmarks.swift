import Foundation
import Simulation

extension BenchmarkSuite {
  /// The exact reference distribution (the `analytic` block) against the simulation it sits
  /// beside: a default `mcsim run` simulates 10^4 games, and the exact block should cost less.
  static let exact = BenchmarkSuite(name: "exact") { context in
    let base = GameModel(homeMean: 115, awayMean: 112)
    let sims = 10_000
    let simulation = BenchmarkContext.time(repeats: 51, perItem: 1e6) {
      _ = try! GameSimulator.simulate(base, options: SimulationOptions(simulations: sims, seed: 7, threads: 1))
    }
    let simulationMs = BenchmarkContext.median(simulation)
    context.record(suite: "exact", name: "simulation, 10^4 games, 1 thread (baseline)", unit: "ms", samples: simulation)

    var tie = base
    tie.overtime.kind = .tie
    var wide = base
    (wide.homeSD, wide.awaySD) = (100, 100)
    var wideTie = wide
    wideTie.overtime.kind = .tie
    var wideOvertime = tie
    wideOvertime.overtime = Overtime(kind: .tie, points: 100, sd: 50)
    var nearSingular = base
    nearSingular.correlation = 0.999_999
    let cases: [(String, GameModel, Int)] = [
      ("default model (flat OT)", base, 51), ("tie OT", tie, 51), ("rho 0.999999", nearSingular, 21),
      ("sd 100 each (largest accepted)", wide, 5), ("sd 100 each, tie OT", wideTie, 5),
      ("tie OT of 100 +- 50 points (widest accepted)", wideOvertime, 5),
    ]
    for (name, model, repeats) in cases {
      let samples = BenchmarkContext.time(repeats: context.quick ? max(3, repeats / 5) : repeats, perItem: 1e6) {
        precondition(ExactScoreDistribution.compute(model) != nil)
      }
      context.record(
        suite: "exact", name: "exact distribution, \(name)", unit: "ms", samples: samples,
        baseline: ("10^4 simulation", simulationMs))
    }

    // The skewed model `calibrate` writes for the NBA, and the means that make a market's total
    // and spread fair lines (`--from-market`): normal and skewed, against one exact distribution.
    var calibrated = GameModel(homeMean: 114, awayMean: 111, homeSD: 12.1, awaySD: 12, correlation: 0.05)
    let normalExact = BenchmarkContext.time(repeats: context.quick ? 5 : 21, perItem: 1e6) {
      precondition(ExactScoreDistribution.compute(calibrated) != nil)
    }
    let normalExactMs = BenchmarkContext.median(normalExact)
    context.record(suite: "exact", name: "exact distribution, NBA fit, normal (baseline)", unit: "ms", samples: normalExact)
    let normalSolve = BenchmarkContext.time(repeats: context.quick ? 3 : 11, perItem: 1e6) {
      _ = try! MarketImpliedMeans.solve(total: 224.5, spread: -5.5, model: calibrated)
    }
    context.record(
      suite: "exact", name: "market-implied means, NBA fit, normal", unit: "ms", samples: normalSolve,
      baseline: ("one exact distribution", normalExactMs))
    calibrated.skewness = 0.04
    let skewedExact = BenchmarkContext.time(repeats: context.quick ? 3 : 11, perItem: 1e6) {
      precondition(ExactScoreDistribution.compute(calibrated) != nil)
    }
    context.record(
      suite: "exact", name: "exact distribution, NBA fit, skew 0.04", unit: "ms", samples: skewedExact,
      baseline: ("one normal exact distribution", normalExactMs))
    let skewedSolve = BenchmarkContext.time(repeats: context.quick ? 3 : 7, perItem: 1e6) {
      _ = try! MarketImpliedMeans.solve(total: 224.5, spread: -5.5, model: calibrated)
    }
    context.record(
      suite: "exact", name: "market-implied means, NBA fit, skew 0.04", unit: "ms", samples: skewedSolve,
      baseline: ("one normal exact distribution", normalExactMs))
  }
}
