import Foundation
import LineFeeds
import OddsMath
import Simulation
import UseCases

extension BenchmarkSuite {
  /// A live slate repriced after a score change: the peers' 15 games, each in the third quarter
  /// (6:00 left, the score on its projection's pace), through the slate's one pipeline
  /// (`SlatePricing`: the in-play model from the shipped model's quarter model, 10^4
  /// simulations a game, the exact final-score distribution graded on), a fresh pricer each time
  /// so nothing is reused; beside it the same slate before tip-off, in the same run (baseline).
  /// Target (issue 45): under 5 ms on 2 cores.
  static let inPlay = BenchmarkSuite(name: "in-play") { context in
    let resolved = ModelFile.shipped.modelSet(.shipped).resolve(for: nil)
    guard let quarters = resolved.periods, let template = resolved.template else {
      fatalError("the shipped model has no quarter model")
    }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let options = SimulationOptions(simulations: 10_000, seed: 7, threads: cores)
    var pre: [SlateGame] = [], live: [SlateGame] = []
    for (i, g) in SlateBenchmarkGames.projections.enumerated() {
      var model = template
      model.homeMean = g.0
      model.awayMean = g.1
      let game = SlateGame(id: "g\(i + 1)", model: model, markets: GameMarkets(total: TotalsMarket(line: g.2)))
      pre.append(game)
      var started = game
      // 30 of 48 minutes played, on pace, the home side 3 points up on it.
      started.state = GameState(
        period: 3, secondsLeft: 360, homeScore: Int((g.0 * 30 / 48).rounded()) + 3, awayScore: Int((g.1 * 30 / 48).rounded()))
      live.append(started)
    }
    func run(_ games: [SlateGame]) -> [Double] {
      BenchmarkContext.time(repeats: context.quick ? 5 : 15, perItem: 1e6) {
        var pricing = SlatePricing(options: options, policy: Defaults.advice, exact: true)
        let priced = try! pricing.price(SlatePricingRequest(games: games, periodModel: quarters))
        precondition(priced.evaluation.failedCount == 0)
      }
    }
    let before = run(pre)
    context.record(
      suite: "in-play", name: "15 games before tip-off, 10^4 simulations, \(cores) threads (baseline)", unit: "ms/slate", samples: before)
    let samples = run(live)
    context.record(
      suite: "in-play", name: "15 games in play (Q3 6:00), 10^4 simulations, \(cores) threads", unit: "ms/slate", samples: samples,
      baseline: ("before tip-off", BenchmarkContext.median(before)), note: "target < 5 ms on 2 cores")
  }
}
