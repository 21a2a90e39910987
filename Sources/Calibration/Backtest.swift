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
public enum Backtest {
  /// The prices of every game under `model` (nil for games without a projection).
  public static func price(
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
  public static func gameSeed(_ seed: UInt64, _ g: HistoricalGame) -> UInt64 {
    var h = FNV1a()
    h.add("\(g.date)|\(g.home)|\(g.away)")
    return Seed.derive(seed, h.value)
  }

  /// Scores the prices against the results, market by market, and plays the betting rules.
  /// Totals and spreads are bet at -110 a side (the data carry no prices for them); moneylines at
  /// the closing prices, and not at all where those are missing.
  public static func evaluate(_ games: [HistoricalGame], prices: [GamePrices?], bootstrapSeed: UInt64) -> ModelScore {
    var totals: [Forecast] = [], spreads: [Forecast] = [], moneylines: [Forecast] = []
    var totalBets = BettingRecord(), spreadBets = BettingRecord(), moneylineBets = BettingRecord()
    var totalPush = PushCheck(), spreadPush = PushCheck()
    let standard = try! Odds(american: -110)
    for (g, price) in zip(games, prices) {
      guard let p = price else { continue }
      if let line = g.closeTotal {
        let t = Double(g.total)
        let outcome = t > line ? 1 : t < line ? -1 : 0
        if outcome != 0, p.pOver + p.pUnder > 0 {
          totals.append(Forecast(probability: p.pOver / (p.pOver + p.pUnder), happened: outcome > 0))
        }
        if line == line.rounded() { totalPush.add(predicted: p.pTotalPush, pushed: outcome == 0) }
        totalBets.consider(
          (standard, SettlementProbabilities(win: p.pOver, lose: p.pUnder, push: p.pTotalPush)),
          (standard, SettlementProbabilities(win: p.pUnder, lose: p.pOver, push: p.pTotalPush)), firstOutcome: outcome)
      }
      if let s = g.closeSpreadHome {
        let m = Double(g.margin) + s
        let outcome = m > 0 ? 1 : m < 0 ? -1 : 0
        if outcome != 0, p.pHomeCover + p.pAwayCover > 0 {
          spreads.append(Forecast(probability: p.pHomeCover / (p.pHomeCover + p.pAwayCover), happened: outcome > 0))
        }
        if s == s.rounded() { spreadPush.add(predicted: p.pSpreadPush, pushed: outcome == 0) }
        spreadBets.consider(
          (standard, SettlementProbabilities(win: p.pHomeCover, lose: p.pAwayCover, push: p.pSpreadPush)),
          (standard, SettlementProbabilities(win: p.pAwayCover, lose: p.pHomeCover, push: p.pSpreadPush)),
          firstOutcome: outcome)
      }
      // Moneylines are scored on the games with closing moneylines, where the market's own
      // forecast stands beside the model's.
      if let hm = g.homeMoneyline, let am = g.awayMoneyline, let ho = try? Odds(american: hm),
        let ao = try? Odds(american: am)
      {
        moneylines.append(Forecast(probability: p.pHomeWin, happened: g.homeScore > g.awayScore))
        moneylineBets.consider(
          (ho, SettlementProbabilities(win: p.pHomeWin, lose: 1 - p.pHomeWin)),
          (ao, SettlementProbabilities(win: 1 - p.pHomeWin, lose: p.pHomeWin)),
          firstOutcome: g.homeScore > g.awayScore ? 1 : -1)
      }
    }
    func market(_ f: [Forecast], _ b: BettingRecord, _ push: PushCheck?, _ k: UInt64) -> MarketScore {
      MarketScore(
        forecasts: ForecastScore(f), betting: b, roiCI95: b.roiInterval(seed: Seed.derive(bootstrapSeed, k)), push: push)
    }
    return ModelScore(
      totals: market(totals, totalBets, totalPush, 1), spreads: market(spreads, spreadBets, spreadPush, 2),
      moneylines: market(moneylines, moneylineBets, nil, 3))
  }

  /// The market's own forecasts on the games a model priced (`prices` not nil), as a yardstick:
  /// totals and spreads at -110 a side say 0.5; the moneyline's two closing prices devigged
  /// (multiplicative), where they exist.
  public static func marketScore(_ games: [HistoricalGame], priced prices: [GamePrices?])
    -> (totals: ForecastScore, spreads: ForecastScore, moneylines: ForecastScore)
  {
    var t: [Forecast] = [], s: [Forecast] = [], m: [Forecast] = []
    for (g, price) in zip(games, prices) where price != nil {
      if let line = g.closeTotal, Double(g.total) != line { t.append(Forecast(probability: 0.5, happened: Double(g.total) > line)) }
      if let sp = g.closeSpreadHome, Double(g.margin) + sp != 0 {
        s.append(Forecast(probability: 0.5, happened: Double(g.margin) + sp > 0))
      }
      if let hm = g.homeMoneyline, let am = g.awayMoneyline, let ho = try? Odds(american: hm), let ao = try? Odds(american: am) {
        let ph = ho.impliedProbability / (ho.impliedProbability + ao.impliedProbability)
        m.append(Forecast(probability: ph, happened: g.homeScore > g.awayScore))
      }
    }
    return (ForecastScore(t), ForecastScore(s), ForecastScore(m))
  }
}

/// Pushes on whole lines: how often they happened against the model's mean push probability.
public struct PushCheck: Hashable, Sendable {
  public var games = 0
  public var pushes = 0
  public var predicted = 0.0

  public init() {}

  mutating func add(predicted p: Double, pushed: Bool) {
    games += 1
    predicted += p
    if pushed { pushes += 1 }
  }

  public var observedRate: Double { games > 0 ? Double(pushes) / Double(games) : .nan }
  public var predictedRate: Double { games > 0 ? predicted / Double(games) : .nan }
}

/// One market's forecasts and bets under one model.
public struct MarketScore: Hashable, Sendable {
  public var forecasts: ForecastScore
  public var betting: BettingRecord
  public var roiCI95: ClosedRange<Double>?
  public var push: PushCheck?
}

/// A model's three markets.
public struct ModelScore: Hashable, Sendable {
  public var totals: MarketScore
  public var spreads: MarketScore
  public var moneylines: MarketScore
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
