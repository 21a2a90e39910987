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
  /// Then the live slate after a score change, as `serve` reprices it: the exact distributions of
  /// the last pricing kept (`KeptExactDistributions`), one game's score moved, so that game's
  /// alone is computed again.
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
    func price(_ games: [SlateGame], _ exacts: KeptExactDistributions? = nil) {
      var pricing = SlatePricing(options: options, policy: Defaults.advice, exact: true, exacts: exacts)
      let priced = try! pricing.price(SlatePricingRequest(games: games, periodModel: quarters))
      precondition(priced.evaluation.failedCount == 0)
    }
    func run(_ games: [SlateGame]) -> [Double] {
      BenchmarkContext.time(repeats: context.quick ? 5 : 15, perItem: 1e6) { price(games) }
    }
    /// Each sample: one game's home score one point up, the slate priced again on the kept
    /// distributions (the first, which computes them all, is not timed).
    func afterScoreChanges() -> (samples: [Double], computed: Int) {
      let exacts = KeptExactDistributions()
      var slate = live
      price(slate, exacts)
      let primed = exacts.computedCount
      var samples: [Double] = []
      for k in 0..<(context.quick ? 5 : 15) {
        slate[k % slate.count].state!.homeScore += 1
        let start = DispatchTime.now().uptimeNanoseconds
        price(slate, exacts)
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
      }
      return (samples, exacts.computedCount - primed)
    }
    let before = run(pre)
    context.record(
      suite: "in-play", name: "15 games before tip-off, 10^4 simulations, \(cores) threads (baseline)", unit: "ms/slate", samples: before)
    let samples = run(live)
    context.record(
      suite: "in-play", name: "15 games in play (Q3 6:00), 10^4 simulations, \(cores) threads", unit: "ms/slate", samples: samples,
      baseline: ("before tip-off", BenchmarkContext.median(before)), note: "target < 5 ms on 2 cores")
    let changed = afterScoreChanges()
    context.record(
      suite: "in-play", name: "after a score change, exact distributions kept, \(cores) threads", unit: "ms/slate",
      samples: changed.samples, baseline: ("in play afresh", BenchmarkContext.median(samples)),
      note: "\(changed.computed) exact distributions computed in \(changed.samples.count) repricings; target < 5 ms on 2 cores")
  }
}
