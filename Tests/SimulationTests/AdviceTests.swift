import Foundation
import OddsMath
import Simulation
import XCTest

/// Advice from simulated games: the example (exact EV +4.9%) graded the same on every
/// seed when the exact block is on, never staked at 200 simulations when it is off; a slate's
/// two bets on one game staked by joint Kelly, checked against a brute-force maximisation of
/// expected log wealth over the joint histogram.
final class AdviceTests: XCTestCase {
  let model = GameModel(homeMean: 115, awayMean: 112)
  let market = TotalsMarket(line: 225.5)

  func report(seed: UInt64, simulations: Int, exact: ScoreDistribution?) throws -> GameReport {
    let options = SimulationOptions(simulations: simulations, seed: seed, threads: 1)
    let histogram = try GameSimulator.simulate(model, options: options)
    return GameReport(
      model: model, market: market, policy: AdvicePolicy(), options: options, histogram: histogram, exact: exact,
      elapsedSeconds: 0)
  }

  /// Exact EV of the over is +4.9% (p = 0.5490): BET_OVER with the same stake on each of 100
  /// seeds at the default 10^4 simulations, while the simulated EV beside it moves with the seed.
  func testRecommendationIsStableAcrossSeeds() throws {
    let exact = try XCTUnwrap(ExactScoreDistribution.compute(model))
    let pOver = exact.totals.probabilities(line: 225.5).above
    let evExact = pOver * 1.91 - 1
    XCTAssertEqual(evExact, 0.049, accuracy: 0.0005)
    var simulatedEVs = Set<Double>()
    for seed in 1...100 {
      let r = try report(seed: UInt64(seed), simulations: 10_000, exact: exact)
      XCTAssertEqual(r.advice.source, .exact)
      XCTAssertEqual(r.evMetrics.recommendedBet, .betOver, "seed \(seed)")
      XCTAssertEqual(r.verdict, .leanOver, "seed \(seed)")
      XCTAssertEqual(r.evMetrics.evOver, evExact, accuracy: 1e-15)
      XCTAssertEqual(
        r.ourKelly, BetEvaluation(odds: market.overOdds, probabilities: .init(win: pOver, lose: 1 - pOver)).kellyStake(fraction: 0.25, cap: 0.05),
        accuracy: 1e-15)
      simulatedEVs.insert(r.advice.sides[0].simulatedEV)
    }
    XCTAssertGreaterThan(simulatedEVs.count, 50, "the simulated EV beside it varies with the seed")
  }

  /// Exact block off, 200 simulations: the 95% interval of EV is about +/-13 points, so no seed
  /// of 100 gets a stake; each says why and how many simulations would do (about 8,700 for an
  /// EV near 5%).
  func testTwoHundredSimulationsNeverStake() throws {
    for seed in 1...100 {
      let r = try report(seed: UInt64(seed), simulations: 200, exact: nil)
      XCTAssertEqual(r.advice.source, .simulation)
      XCTAssertEqual(r.evMetrics.recommendedBet, .noBet, "seed \(seed)")
      XCTAssertEqual(r.verdict, .neutral, "seed \(seed)")
      XCTAssertEqual(r.evMetrics.kellyOverFractional, 0)
      XCTAssertEqual(r.evMetrics.kellyUnderFractional, 0)
      XCTAssertEqual(r.ourKelly, 0)
      for side in r.advice.sides where side.ev > 0 {
        XCTAssertTrue(side.withheld.contains(.tooFewSimulations), "seed \(seed): \(side.withheld)")
        XCTAssertGreaterThan(try XCTUnwrap(side.simulationsNeeded), 2_000)
      }
    }
  }

  /// Over 225.5 and home -2.5 on one game (tie overtime, so one histogram prices both; unequal
  /// sds make the total and the margin correlated): the slate stakes them by joint Kelly, which
  /// matches a brute-force maximisation of E[log wealth] over every cell of the joint histogram
  /// within 1e-6, and differs from the two single-bet stakes.
  func testJointKellyMatchesBruteForceOverTheHistogram() throws {
    let tie = GameModel(
      homeMean: 116, awayMean: 113, homeSD: 14, awaySD: 8, correlation: 0.3, overtime: Overtime(kind: .tie, points: 12, sd: 3))
    var markets = GameMarkets(total: TotalsMarket(line: 226.5))
    markets.spread = SpreadMarket(homeLine: -1.5)
    let game = SlateGame(id: "g", homeAbbr: "H", awayAbbr: "A", model: tie, markets: markets)
    var policy = AdvicePolicy(kelly: KellyPolicy(fraction: 1, cap: 1), maxExposure: 1)
    policy.maxEVHalfWidth = 0.05
    let options = SimulationOptions(simulations: 200_000, seed: 21, threads: 2)
    var evaluator = SlateEvaluator(options: options, policy: policy)
    let result = try XCTUnwrap(evaluator.evaluate([game]).games.first)
    XCTAssertEqual(result.stakes.map { "\($0.bet.market) \($0.bet.side)" }, ["total over", "spread home"])
    XCTAssertTrue(result.stakes.allSatisfy(\.joint))

    // The same histogram (the slate's one model draws from the seed's first block of streams).
    let histogram = try GameSimulator.simulate([tie], options: options)[0]
    let grid = histogram.grid
    var cells: [(p: Double, over: Double, home: Double)] = []
    func add(_ h: Int, _ a: Int, _ count: Double) {
      guard count > 0 else { return }
      let total = Double(h + a) - 226.5, margin = Double(h - a) - 1.5
      cells.append((count / Double(histogram.games), total > 0 ? 0.91 : -1, margin > 0 ? 0.91 : -1))
    }
    for r in 0..<grid.homeBins {
      for c in 0..<grid.awayBins { add(grid.homeMin + r, grid.awayMin + c, Double(histogram.counts[r * grid.awayBins + c])) }
    }
    for (score, count) in histogram.overflow { add(score.home, score.away, Double(count)) }
    func g(_ f1: Double, _ f2: Double) -> Double {
      cells.reduce(0) { $0 + $1.p * log(1 + f1 * $1.over + f2 * $1.home) }
    }
    // Golden-section search in f2 inside golden-section search in f1 (G is concave).
    func maximise(_ lo: Double, _ hi: Double, _ f: (Double) -> Double) -> Double {
      let r = (5.0.squareRoot() - 1) / 2
      var a = lo, b = hi
      var c = b - r * (b - a), d = a + r * (b - a)
      var fc = f(c), fd = f(d)
      while b - a > 1e-9 {
        if fc > fd { b = d; d = c; fd = fc; c = b - r * (b - a); fc = f(c) } else { a = c; c = d; fc = fd; d = a + r * (b - a); fd = f(d) }
      }
      return (a + b) / 2
    }
    let best1 = maximise(0, 0.45) { f1 in g(f1, maximise(0, 0.45) { g(f1, $0) }) }
    let best2 = maximise(0, 0.45) { g(best1, $0) }
    let over = result.stakes[0], home = result.stakes[1]
    let shrinkOver = result.totalsAdvice!.sides[0].jointShrink, shrinkHome = result.spread!.advice.sides[0].jointShrink
    XCTAssertEqual(over.fraction / shrinkOver, best1, accuracy: 1e-6)
    XCTAssertEqual(home.fraction / shrinkHome, best2, accuracy: 1e-6)
    // Alone, each bet would take its own Kelly stake: the joint stakes differ.
    XCTAssertGreaterThan(abs(over.fraction - over.singleFraction), 1e-3)
    XCTAssertGreaterThan(abs(home.fraction - home.singleFraction), 1e-3)
  }
}
