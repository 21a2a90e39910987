import Calibration
import Foundation
import LineFeeds
import Simulation
import UseCases

extension BenchmarkSuite {
  /// Team ratings on the shipped NBA data (data/nba_games_lines.csv, 23,117 games):
  /// - `mcsim ratings` over the whole file (the walk through every date, one solve at the end),
  ///   against reading the file; target < 2 s with the reading;
  /// - the walk-forward projections of every game (one dposv a date, about 3,400), the same
  ///   baseline;
  /// - `backtest --projection ratings` on 2018-19 to 2021-22 (10^4 simulations a game, two
  ///   models) against `--projection market` on the same games; target within 2x.
  static let ratings = BenchmarkSuite(name: "ratings") { context in
    let path = "data/nba_games_lines.csv"
    guard let csv = FileManager.default.contents(atPath: path) else {
      print("ratings: skipped, \(path) not found (run from the package root)")
      return
    }
    let repeats = context.quick ? 3 : 7
    var games: [HistoricalGame] = []
    let read = BenchmarkContext.time(repeats: repeats, perItem: 1e9) {
      games = try! GameResultsFile.decode(csv, source: path).games
    }
    let readMedian = BenchmarkContext.median(read)
    context.record(suite: "ratings", name: "read \(games.count) games of CSV (baseline)", unit: "s", samples: read)
    let asOf = BenchmarkContext.time(repeats: repeats, perItem: 1e9) {
      precondition(try! RatingsReplay.ratings(games, asOf: nil, settings: .defaults).teams.count == 30)
    }
    context.record(
      suite: "ratings", name: "ratings of \(games.count) games, as of the end", unit: "s", samples: asOf,
      baseline: ("reading them", readMedian), note: "target < 2 s with the reading")
    let walk = BenchmarkContext.time(repeats: repeats, perItem: 1e9) {
      precondition(try! RatingsReplay.projections(games, settings: .defaults).count == games.count)
    }
    context.record(
      suite: "ratings", name: "walk-forward projections of \(games.count) games", unit: "s", samples: walk,
      baseline: ("reading them", readMedian))

    let chosen = games.indices.filter { ("2018-19"..."2021-22").contains(games[$0].season) && games[$0].stage == "regular" }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    func backtest(_ source: ProjectionSource) -> [Double] {
      BenchmarkContext.time(repeats: context.quick ? 1 : 3, perItem: 1e9) {
        let request = BacktestRequest(
          games: games, chosen: chosen, projection: source, model: .seedDefaults, fittedOn: source,
          options: SimulationOptions(simulations: 10_000, seed: 1, threads: cores))
        precondition(try! Backtesting.run(request).games.count == chosen.count)
      }
    }
    let market = backtest(.market)
    context.record(suite: "ratings", name: "backtest 4 seasons, market projections (baseline)", unit: "s", samples: market)
    context.record(
      suite: "ratings", name: "backtest 4 seasons, ratings projections", unit: "s", samples: backtest(.ratings),
      baseline: ("market projections", BenchmarkContext.median(market)), note: "target within 2x")
  }
}
