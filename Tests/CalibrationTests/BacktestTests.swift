import Calibration
import Foundation
import OddsMath
import RandomStreams
import Simulation
import XCTest

/// The backtest prices each game from what was known before it, the same for any thread count,
/// and a model that is the truth is calibrated.
final class BacktestTests: XCTestCase {
  /// Changing every result after a date (and adding games) leaves the prices of the games up to
  /// that date bit-identical: nothing later is read.
  func testNoGameIsPricedWithALaterResult() throws {
    let games = SyntheticLeague().games(1200, seed: 9)
    let cut = 600  // games 0 ..< 600 (60 dates), then alter everything from date 60 on
    var altered = Array(games[..<cut])
    var rng = RandomStream(seed: 4, id: 0)
    for g in games[cut...] {
      var x = g
      let u = rng.uniforms(2)
      x.homeScore = 60 + Int(u[0] * 100)
      x.awayScore = x.homeScore + 1 + Int(u[1] * 20)
      x.overtime = false
      x.overtimePoints = 0
      altered.append(x)
    }
    altered.append(
      contentsOf: SyntheticLeague().games(100, seed: 99).map {
        var g = $0; g.date = "2099-01-01"; return g
      })
    let model = CalibratedModel.seedDefaults
    for source in ProjectionSource.allCases {
      let a = try Backtest.price(
        games, projections: try Projections.compute(games, source: source), model: model, simulations: 2000, seed: 5, threads: 2)
      let b = try Backtest.price(
        altered, projections: try Projections.compute(altered, source: source), model: model, simulations: 2000, seed: 5, threads: 2)
      XCTAssertEqual(Array(a[..<cut]), Array(b[..<cut]), "\(source)")
      XCTAssertGreaterThan(a[..<cut].compactMap { $0 }.count, source == .market ? cut - 1 : 300)
      // The stats projections do move once the altered results are counted.
      if source == .stats { XCTAssertNotEqual(Array(a[cut...]), Array(b[cut..<games.count])) }
    }
  }

  func testPricesDoNotDependOnTheThreadCount() throws {
    let games = SyntheticLeague().games(200, seed: 1)
    let p = try Projections.compute(games, source: .market)
    let one = try Backtest.price(games, projections: p, model: .seedDefaults, simulations: 3000, seed: 8, threads: 1)
    let two = try Backtest.price(games, projections: p, model: .seedDefaults, simulations: 3000, seed: 8, threads: 2)
    XCTAssertEqual(one, two)
  }

  /// Results drawn from the model itself: each reliability bin's observed frequency lies within
  /// 4 standard errors of its predicted probability (the binomial se of the bin, widened by the
  /// simulation error of the mean prediction, 1/sqrt(4 sims n) at most).
  func testTheTruthIsCalibrated() throws {
    var template = GameModel(homeMean: 0, awayMean: 0, homeSD: 12, awaySD: 11, correlation: 0.3)
    template.overtime = Overtime(kind: .tie, rate: 0, points: 21, sd: 6)
    let model = CalibratedModel(template: template, homeAdvantage: 1, totalShift: -1)
    var games = SyntheticLeague().games(3000, seed: 21)
    let projections = try Projections.compute(games, source: .market)
    // Replace each result by one game drawn from the model (1 simulation, its own seed).
    for i in games.indices {
      let h = try GameSimulator.simulate(
        model.gameModel(for: projections[i]!), options: SimulationOptions(simulations: 1, seed: 1000 + UInt64(i), threads: 1))
      var home = 0, away = 0
      if let (score, _) = h.overflow.first {
        home = score.home
        away = score.away
      } else {
        let k = h.counts.firstIndex(of: 1)!
        home = h.grid.homeMin + k / h.grid.awayBins
        away = h.grid.awayMin + k % h.grid.awayBins
      }
      games[i].homeScore = home
      games[i].awayScore = away
    }
    let sims = 4000
    let prices = try Backtest.price(games, projections: projections, model: model, simulations: sims, seed: 3, threads: 2)
    let score = Backtest.evaluate(games, prices: prices, policy: AdvicePolicy(), pooling: nil, bootstrapSeed: 1)
    for (name, market) in [("totals", score.totals), ("spreads", score.spreads), ("moneylines", score.moneylines)] {
      XCTAssertGreaterThan(market.forecasts.reliability.count, name == "moneylines" ? 5 : 1)
      for bin in market.forecasts.reliability where bin.count >= 20 {
        let se = (bin.standardError * bin.standardError + 1 / (4 * Double(sims) * Double(bin.count))).squareRoot()
        XCTAssertLessThan(abs(bin.observed - bin.predicted), 4 * se, "\(name) bin \(bin.lower): \(bin)")
      }
    }
  }

  /// The record bets what the advice recommends and settles it: p 0.6 at evens (exact) is EV
  /// 0.2, full Kelly 0.2, a quarter of it 0.05 (the cap); at p 0.5 EV is 0 and nothing is bet.
  func testBettingRecordSettlesAndMeasures() throws {
    var r = BettingRecord()
    let even = try Odds(decimal: 2)
    func advice(_ p: Double) -> MarketAdvice {
      MarketAdvice(
        names: (.home, .away), odds: (even, even), simulated: .init(win: p, lose: 1 - p), simulations: 1_000_000,
        exact: .init(win: p, lose: 1 - p), market: nil, policy: AdvicePolicy())
    }
    r.record(advice(0.6), firstOutcome: 1)
    r.record(advice(0.6), firstOutcome: -1)
    r.record(advice(0.4), firstOutcome: 1)  // the away side is the bet: it lost
    r.record(advice(0.5), firstOutcome: 1)  // EV 0: no bet
    XCTAssertEqual(r.bets.count, 3)
    XCTAssertEqual(r.staked, 0.15, accuracy: 1e-12)
    XCTAssertEqual(r.profit, -0.05, accuracy: 1e-12)
    XCTAssertEqual(r.roi, -1.0 / 3, accuracy: 1e-12)
    XCTAssertEqual(r.maxDrawdown, 0.1, accuracy: 1e-12)
    XCTAssertEqual(r.roiInterval(seed: 1), r.roiInterval(seed: 1))
  }

  func testScoringRules() {
    let f = [Forecast(probability: 0.8, happened: true), Forecast(probability: 0.3, happened: false)]
    let s = ForecastScore(f)
    XCTAssertEqual(s.brier, (0.04 + 0.09) / 2, accuracy: 1e-15)
    XCTAssertEqual(s.logLoss, -(log(0.8) + log(0.7)) / 2, accuracy: 1e-15)
    XCTAssertEqual(s.reliability.map(\.count), [1, 1])
  }
}

/// A verdict on a market needs enough bets: fewer than 30 read `too_few_bets`, whatever the
/// interval of a handful says.
final class BacktestReadingTests: XCTestCase {
  func testFewBetsGiveNoVerdict() throws {
    let games = SyntheticLeague().games(400, seed: 3)
    // The stats formula's projections against the closing prices, under a policy without the
    // market gap's and the EV interval's gates: it bets often.
    let policy = AdvicePolicy(maxEVHalfWidth: 1, trustModel: true)
    let prices = try Backtest.price(
      games, projections: try Projections.compute(games, source: .stats), model: .seedDefaults, simulations: 2000, seed: 5,
      threads: 2)
    let full = Backtest.evaluate(games, prices: prices, policy: policy, pooling: nil, bootstrapSeed: 1).totals
    XCTAssertGreaterThanOrEqual(full.betting.bets.count, BacktestReading.minimumBets)
    XCTAssertNotEqual(BacktestReading(full).key, "too_few_bets")
    // The same games with prices for the first few only.
    var few = prices
    var kept = 0
    for i in few.indices where few[i] != nil {
      kept += 1
      if kept > 12 { few[i] = nil }
    }
    let small = Backtest.evaluate(games, prices: few, policy: policy, pooling: nil, bootstrapSeed: 1).totals
    XCTAssertGreaterThan(small.betting.bets.count, 0)
    XCTAssertLessThan(small.betting.bets.count, BacktestReading.minimumBets)
    XCTAssertEqual(BacktestReading(small), .tooFewBets(count: small.betting.bets.count))
    XCTAssertTrue(BacktestReading(small).description.hasPrefix("too few bets"))
  }
}
