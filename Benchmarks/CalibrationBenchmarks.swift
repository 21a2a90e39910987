import Calibration
import Foundation
import LineFeeds
import RandomStreams
import Simulation

extension BenchmarkSuite {
  /// `mcsim calibrate` and `mcsim backtest` on synthetic seasons the size of the shared data:
  /// - the fit of 23,000 games (closing-line and season-to-date projections), against reading
  ///   the same games' CSV (the parse it follows);
  /// - the backtest's pricing of 2,000 games at 10^5 simulations each (one simulation per game,
  ///   games in parallel, each on its own seed), against the same 2,000 models simulated as one
  ///   slate (the engine's chunked path): the per-game scheduling and the reading of three markets
  ///   should cost little. The note extrapolates to the full replay (21,574 games, two models).
  static let calibration = BenchmarkSuite(name: "calibration") { context in
    let games = CalibrationBenchmarkGames.make(23_000)
    let csv = Data(CalibrationBenchmarkGames.csv(games).utf8)
    let parse = BenchmarkContext.time(repeats: context.quick ? 3 : 7, perItem: 1e9) {
      precondition(try! GameResultsFile.decode(csv, source: "bench").games.count == games.count)
    }
    let parseMedian = BenchmarkContext.median(parse)
    context.record(suite: "calibration", name: "read 23,000 games of CSV (baseline)", unit: "s", samples: parse)
    for source in ProjectionSource.allCases {
      let fit = BenchmarkContext.time(repeats: context.quick ? 3 : 7, perItem: 1e9) {
        precondition(ModelFit.fit(games, projection: source) != nil)
      }
      context.record(
        suite: "calibration", name: "fit 23,000 games, \(source.rawValue) projections", unit: "s", samples: fit,
        baseline: ("reading them", parseMedian), note: "target < 2 s with the reading")
    }

    let cores = ProcessInfo.processInfo.activeProcessorCount
    let sample = Array(games.prefix(2000))
    let projections = try! Projections.compute(sample, source: .market)
    let model = CalibratedModel.seedDefaults
    let n = 100_000
    let options = SimulationOptions(simulations: n, seed: 3, threads: cores)
    let models = projections.map { model.gameModel(for: $0!) }
    let slate = BenchmarkContext.time(repeats: context.quick ? 1 : 3, perItem: 1e9) {
      for start in stride(from: 0, to: models.count, by: 250) {
        let part = Array(models[start..<min(start + 250, models.count)])
        precondition(try! GameSimulator.simulate(part, options: options).allSatisfy { $0.games == UInt64(n) })
      }
    }
    let slateMedian = BenchmarkContext.median(slate)
    context.record(suite: "calibration", name: "2,000 games x 10^5 as slates (baseline)", unit: "s", samples: slate)
    let backtest = BenchmarkContext.time(repeats: context.quick ? 1 : 3, perItem: 1e9) {
      let prices = try! Backtest.price(sample, projections: projections, model: model, simulations: n, seed: 3, threads: cores)
      precondition(prices.allSatisfy { $0?.simulations == UInt64(n) })
    }
    let median = BenchmarkContext.median(backtest)
    context.record(
      suite: "calibration", name: "backtest 2,000 games x 10^5, \(cores) threads", unit: "s", samples: backtest,
      baseline: ("the same as slates", slateMedian),
      note: String(
        format: "%.1f ns per simulated game; full replay (21,574 games, 2 models) about %.0f s; target < 60 s on 2 cores",
        median * 1e9 / Double(2000 * n), median * 21_574 * 2 / 2000))
  }
}

/// Synthetic games in date order with closing lines and plausible scores.
enum CalibrationBenchmarkGames {
  static func make(_ count: Int) -> [HistoricalGame] {
    var stream = RandomStream(seed: 1, id: 0)
    return (0..<count).map { i in
      let u = stream.uniforms(2), z = stream.normals(2)
      let total = 200 + (30 * u[0] * 2).rounded() / 2, spread = -12 + (24 * u[1] * 2).rounded() / 2
      let h = Int(((total - spread) / 2 + 11 * z[0]).rounded())
      var a = Int(((total + spread) / 2 + 11 * (0.3 * z[0] + 0.95 * z[1])).rounded())
      if a == h { a += 1 }
      // Twelve months of 28 days a year: every date exists (the reader refuses 2010-02-29).
      let day = i / 10
      let date = String(format: "20%02d-%02d-%02d", 10 + day / 336, 1 + (day % 336) / 28, 1 + day % 28)
      return HistoricalGame(
        line: i + 2, season: "20\(10 + day / 336)", date: date, home: "T\(i % 30)",
        away: "T\((i * 7 + 1) % 30 == i % 30 ? (i + 1) % 30 : (i * 7 + 1) % 30)",
        homeScore: h, awayScore: a, overtime: false, overtimePoints: 0, closeTotal: total, closeSpreadHome: spread,
        homeMoneyline: spread < 0 ? -150 : 130, awayMoneyline: spread < 0 ? 130 : -150, stage: "regular")
    }
  }

  static func csv(_ games: [HistoricalGame]) -> String {
    var s = "season,date,home,away,home_score,away_score,ot,close_total,close_spread_home,home_ml,away_ml,stage,ot_pts\n"
    for g in games {
      s += "\(g.season),\(g.date),\(g.home),\(g.away),\(g.homeScore),\(g.awayScore),0,\(g.closeTotal!),\(g.closeSpreadHome!),"
      s += "\(Int(g.homeMoneyline!)),\(Int(g.awayMoneyline!)),regular,0\n"
    }
    return s
  }
}
