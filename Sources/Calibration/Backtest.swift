import Foundation
import OddsMath
import RandomStreams
import Simulation

/// Replays games in time order and prices each from what was known before its tip-off: its
/// projection (the game's own closing lines, or season-to-date stats of earlier dates, see
/// `Projections`) and a model fixed in advance. The result of a game is read only to score the
/// forecast and settle the bets made on it.
///
/// Each game is simulated once per model (`simulations` games into its joint histogram, which
/// answers the total, the spread and the moneyline: `GamePrices`). Game k draws from its own
/// seed, derived from the run's seed and the game's identity (date, home, away), on one thread;
/// games run in parallel on `threads`. So a game's prices depend on that game, the model and the
/// seed only: never on the thread count, on other games, or on any later row of the file.
/// Memory: one histogram per thread at a time.
package enum Backtest {
  /// The prices of every game under `model` (nil for games without a projection).
  package static func price(
    _ games: [HistoricalGame], projections: [Projection?], model: CalibratedModel, simulations: Int, seed: UInt64,
    threads: Int, progress: (@Sendable (Double) -> Void)? = nil
  ) throws(InputError) -> [GamePrices?] {
    try SimulationOptions(simulations: simulations, seed: seed, threads: threads).validate()
    try model.template.overtime.validate()
    let done = ProgressCounter(total: games.count, progress: progress)
    return ChunkRunner.map(tasks: games.count, threads: threads) { i -> GamePrices? in
      defer { done.step() }
      guard let p = projections[i] else { return nil }
      let g = games[i]
      let options = SimulationOptions(simulations: simulations, seed: gameSeed(seed, g), threads: 1)
      guard let h = try? GameSimulator.simulate(model.gameModel(for: p), options: options) else { return nil }
      return GamePrices(h, total: g.closeTotal, spread: g.closeSpreadHome)
    }
  }

  /// The seed of one game: the run's seed and the game's date and teams.
  package static func gameSeed(_ seed: UInt64, _ g: HistoricalGame) -> UInt64 {
    var h = FNV1a()
    h.add("\(g.date)|\(g.home)|\(g.away)")
    return Seed.derive(seed, h.value)
  }

  /// Scores the prices against the results, market by market, and bets as `policy` advises
  /// (`MarketOutcome` says at which prices). With `pooling`, each market's probability is also
  /// pooled with the market's in log-odds at its weight, scored beside the model's, and the advice
  /// stands on it (`AdvicePolicy.poolWeight`). The advice sees the simulated probabilities only
  /// (the EV interval's gate included), as `mcsim run --no-exact` would.
  package static func evaluate(
    _ games: [HistoricalGame], prices: [GamePrices?], policy: AdvicePolicy, pooling: PoolingWeights?,
    bootstrapSeed: UInt64
  ) -> ModelScore {
    let m = MarketOutcome.extract(games, prices: prices)
    func score(_ outcomes: [MarketOutcome], _ names: (BetSide, BetSide), _ market: BetMarket, _ k: UInt64, push: Bool)
      -> MarketScore
    {
      var policy = policy
      policy.poolWeight = pooling?[market]
      var model: [Forecast] = [], pooled: [Forecast] = [], quoted: [Forecast] = [], seasons: [String] = []
      var bets = BettingRecord(), pushes = PushCheck()
      for o in outcomes {
        if o.outcome != 0, let p = o.modelProbability {
          let happened = o.outcome > 0
          model.append(Forecast(probability: p, happened: happened))
          let w = policy.poolWeight ?? 1
          pooled.append(Forecast(probability: LogOddsPool.pool(model: p, market: o.market, weight: w), happened: happened))
          quoted.append(Forecast(probability: o.market, happened: happened))
          seasons.append(o.season)
        }
        if push && o.wholeLine { pushes.add(predicted: o.model.push, pushed: o.outcome == 0) }
        let advice = MarketAdvice(
          names: names, odds: (o.firstOdds, o.secondOdds), simulated: o.model, simulations: o.simulations, exact: nil,
          market: [
            MarketProbability(probability: o.market, method: .singleBook),
            MarketProbability(probability: 1 - o.market, method: .singleBook),
          ], policy: policy)
        bets.record(advice, firstOutcome: o.outcome)
      }
      let stands = pooling == nil ? model : pooled
      return MarketScore(
        forecasts: ForecastScore(model), pooled: pooling == nil ? nil : ForecastScore(pooled),
        market: ForecastScore(quoted),
        comparison: ForecastComparison(
          forecast: stands.map(\.probability), market: quoted.map(\.probability), happened: quoted.map(\.happened),
          seasons: seasons, seed: Seed.derive(bootstrapSeed, 10 + k)),
        betting: bets, roiCI95: bets.roiInterval(seed: Seed.derive(bootstrapSeed, k)), push: push ? pushes : nil,
        poolWeight: pooling?[market])
    }
    return ModelScore(
      totals: score(m.totals, (.over, .under), .total, 1, push: true),
      spreads: score(m.spreads, (.home, .away), .spread, 2, push: true),
      moneylines: score(m.moneylines, (.home, .away), .moneyline, 3, push: false))
  }
}

/// Pushes on whole lines: how often they happened against the model's mean push probability.
package struct PushCheck: Hashable, Sendable {
  package var games = 0
  package var pushes = 0
  package var predicted = 0.0

  package init() {}

  mutating func add(predicted p: Double, pushed: Bool) {
    games += 1
    predicted += p
    if pushed { pushes += 1 }
  }

  package var observedRate: Double { games > 0 ? Double(pushes) / Double(games) : .nan }
  package var predictedRate: Double { games > 0 ? predicted / Double(games) : .nan }
}

/// One market's forecasts and bets under one model: the model's own forecasts, the pooled ones
/// (with a pooling weight), the market's on the same games, the forecast the advice stands on
/// against the market's (by game and by season), and the advice's bets.
package struct MarketScore: Hashable, Sendable {
  package var forecasts: ForecastScore
  package var pooled: ForecastScore?
  package var market: ForecastScore
  package var comparison: ForecastComparison
  package var betting: BettingRecord
  package var roiCI95: ClosedRange<Double>?
  package var push: PushCheck?
  /// The model's weight in the pool, nil: not pooled.
  package var poolWeight: Double?
}

/// A model's three markets.
package struct ModelScore: Hashable, Sendable {
  package var totals: MarketScore
  package var spreads: MarketScore
  package var moneylines: MarketScore
}

/// Counts finished games and reports the fraction (from any thread).
final class ProgressCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var done = 0
  private let total: Int
  private let progress: (@Sendable (Double) -> Void)?

  init(total: Int, progress: (@Sendable (Double) -> Void)?) {
    self.total = total
    self.progress = progress
  }

  func step() {
    guard let progress else { return }
    lock.lock()
    done += 1
    let d = done
    lock.unlock()
    if d % 256 == 0 || d == total { progress(Double(d) / Double(total)) }
  }
}
