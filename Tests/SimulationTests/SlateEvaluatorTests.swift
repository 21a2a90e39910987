import Foundation
import OddsMath
import Simulation
import XCTest

/// The slate engine: games evaluated one by one around bad ones, the same answer for any thread
/// count, totals, spreads and moneylines against the exact distribution of the same model.
/// Tolerances are 4 standard errors at the test's sample size.
final class SlateEvaluatorTests: XCTestCase {
  func game(
    _ id: String, _ model: GameModel?, total: Double? = nil, spread: Double? = nil,
    moneyline: (Double, Double)? = nil, problem: String? = nil
  ) throws -> SlateGame {
    var markets = GameMarkets(total: total.map { TotalsMarket(line: $0) })
    markets.spread = spread.map { SpreadMarket(homeLine: $0) }
    if let (h, a) = moneyline { markets.moneyline = MoneylineMarket(homeOdds: try Odds(decimal: h), awayOdds: try Odds(decimal: a)) }
    return SlateGame(id: id, homeAbbr: "H", awayAbbr: "A", model: model, markets: markets, problem: problem)
  }

  /// A missing line, a corrupt game and an invalid model each get their own error; the others
  /// are evaluated exactly as they would be without them around (same models, same order).
  func testBadGamesDoNotStopTheSlate() throws {
    let good = GameModel(homeMean: 115, awayMean: 112)
    let games = [
      try game("a", good, total: 225.5),
      try game("no line", good),
      try game("corrupt", nil, total: 220, problem: "field 'games[2].home_ppg' must be a number"),
      try game("bad sd", GameModel(homeMean: 110, awayMean: 108, homeSD: -1), total: 218),
      try game("bad line", good, total: -5),
      try game("b", GameModel(homeMean: 108, awayMean: 104), total: 211.5),
    ]
    var evaluator = SlateEvaluator(options: SimulationOptions(simulations: 50_000, seed: 3, threads: 2))
    let ready = ReadyLog()
    let r = try evaluator.evaluate(games, ready: { ready.append($0.gameID) })
    XCTAssertEqual(r.games.map(\.gameID), games.map(\.id))
    // Refused games at once, in input order; the others as their simulations finish (the two
    // run side by side on two threads, so either may be first).
    let order = ready.ids
    XCTAssertEqual(Array(order.prefix(4)), ["no line", "corrupt", "bad sd", "bad line"])
    XCTAssertEqual(Set(order.dropFirst(4)), ["a", "b"])
    XCTAssertEqual(order.count, 6)
    XCTAssertEqual(r.failedCount, 4)
    XCTAssertEqual(r.simulatedModels, 2)
    XCTAssertEqual(r.games[1].error, "No betting line available")
    XCTAssertEqual(r.games[1].verdict, .noLine)
    XCTAssertNil(r.games[1].monteCarlo)
    XCTAssertEqual(r.games[2].error, "field 'games[2].home_ppg' must be a number")
    XCTAssertEqual(r.games[2].verdict, .error)
    XCTAssertEqual(r.games[3].error, "home_std_dev = -1.0: must be in [0.5, 100]")
    XCTAssertEqual(r.games[4].error, "total_line = -5.0: must be in (0, 1000)")
    for i in [0, 5] {
      XCTAssertNil(r.games[i].error)
      XCTAssertNotNil(r.games[i].monteCarlo)
      XCTAssertNotEqual(r.games[i].verdict, .noLine)
    }
    // The same two games alone give the same numbers: the bad games took no streams.
    var alone = SlateEvaluator(options: SimulationOptions(simulations: 50_000, seed: 3, threads: 1))
    let clean = try alone.evaluate([games[0], games[5]])
    XCTAssertEqual(clean.games[0].monteCarlo?.pOver, r.games[0].monteCarlo?.pOver)
    XCTAssertEqual(clean.games[1].monteCarlo?.meanTotal, r.games[5].monteCarlo?.meanTotal)
    // Game 0 of a slate is the game a single run simulates with the same seed.
    let single = ScoreDistribution(histogram: try GameSimulator.simulate(good, options: SimulationOptions(simulations: 50_000, seed: 3)))
    XCTAssertEqual(single.totals.probabilities(line: 225.5).above, r.games[0].monteCarlo?.pOver)
  }

  /// Bit-identical results for 1, 2 and 3 threads.
  func testThreadInvariance() throws {
    var games: [SlateGame] = []
    for i in 0..<6 {
      let x = Double(i)
      let model = GameModel(homeMean: 105 + x, awayMean: 110 - x, overtime: Overtime(kind: i % 2 == 0 ? .flat : .tie))
      games.append(try game("g\(i)", model, total: 214.5 + x, spread: -x - 0.5, moneyline: (1.9, 1.95)))
    }
    func run(_ threads: Int) throws -> [[Double]] {
      var e = SlateEvaluator(options: SimulationOptions(simulations: 150_000, seed: 11, threads: threads))
      return try e.evaluate(games).games.map { (g: SlateGameResult) -> [Double] in
        let mc = g.monteCarlo!, s = g.spread!
        return [mc.pOver, mc.stdTotal, s.pHome, s.pPush, g.moneyline!.pHome, g.evMetrics!.evOver]
      }
    }
    let one = try run(1)
    XCTAssertEqual(one, try run(2))
    XCTAssertEqual(one, try run(3))
  }

  /// Totals against the exact distribution of the game's own model; spreads and moneylines
  /// against the exact distribution of the same model with tie overtime.
  func testMarketsAgreeWithTheExactDistribution() throws {
    let n = 400_000
    let models = [
      GameModel(homeMean: 116, awayMean: 109, homeSD: 11, awaySD: 10, correlation: 0.2),
      GameModel(homeMean: 108, awayMean: 110, homeSD: 12, awaySD: 12, correlation: 0.4, overtime: Overtime(kind: .tie, points: 22, sd: 6)),
      GameModel(homeMean: 112, awayMean: 112, correlation: 0.5, overtime: Overtime(kind: .none)),
    ]
    let spreads = [-7.0, 2.5, -1.0]
    let games = try models.enumerated().map { i, m in
      try game("g\(i)", m, total: 222, spread: spreads[i], moneyline: (1.8, 2.05))
    }
    var evaluator = SlateEvaluator(options: SimulationOptions(simulations: n, seed: 77, threads: 2))
    let evaluation = try evaluator.evaluate(games)
    let results = evaluation.games
    func close(_ simulated: Double, _ truth: Double, _ what: String) {
      let se = (truth * (1 - truth) / Double(n)).squareRoot()
      XCTAssertLessThanOrEqual(abs(simulated - truth), max(4 * se, 1e-12), "\(what): \(simulated) vs \(truth)")
    }
    for (i, r) in results.enumerated() {
      let exact = try XCTUnwrap(ExactScoreDistribution.compute(models[i]))
      let t = exact.totals.probabilities(line: 222)
      close(r.monteCarlo!.pOver, t.above, "g\(i) p_over")
      close(r.monteCarlo!.pPush, t.equal, "g\(i) p_push")
      var tie = models[i]
      tie.overtime.kind = .tie
      let margin = try XCTUnwrap(ExactScoreDistribution.compute(tie)).margins
      let cover = margin.probabilities(line: -spreads[i])
      close(r.spread!.pHome, cover.above, "g\(i) home cover")
      close(r.spread!.pPush, cover.equal, "g\(i) spread push")
      let win = margin.probabilities(line: 0)
      XCTAssertEqual(win.equal, 0, accuracy: 1e-12)
      close(r.moneyline!.pHome, win.above, "g\(i) home win")
      XCTAssertEqual(r.moneyline!.pPush, 0)
      XCTAssertEqual(r.spread!.otModel, "tie")
      XCTAssertEqual(r.spread!.pHome + r.spread!.pAway + r.spread!.pPush, 1, accuracy: 1e-12)
      // EV, edge and Kelly (fractions; the contracts print them in percent) from the
      // settlement probabilities.
      let s = r.spread!
      let b = BetEvaluation(odds: TotalsMarket.defaultOdds, probabilities: .init(win: s.pAway, lose: s.pHome, push: s.pPush))
      XCTAssertEqual(s.evAway, b.expectedValue, accuracy: 1e-14)
      XCTAssertEqual(s.edgeAway, b.edge, accuracy: 1e-14)
      XCTAssertEqual(s.kellyAwayFull, b.fullKelly, accuracy: 1e-14)
      let e = r.evMetrics!, mc = r.monteCarlo!
      XCTAssertEqual(e.evOver, mc.pOver * 0.91 - mc.pUnder, accuracy: 1e-11)
      XCTAssertEqual(e.edgeUnder, mc.pUnder - 1 / 1.91, accuracy: 1e-11)
    }
    // Flat and none models needed a tie companion; the tie model served both markets itself.
    XCTAssertEqual(evaluation.simulatedModels, 5)
  }

  /// Re-evaluating re-prices the kept histograms: nothing is simulated again, and a moved line
  /// is priced from the same draws.
  func testHistogramsAreKeptAcrossEvaluations() throws {
    let model = GameModel(homeMean: 115, awayMean: 110)
    var evaluator = SlateEvaluator(options: SimulationOptions(simulations: 30_000, seed: 8, threads: 2))
    let first = try evaluator.evaluate([try game("a", model, total: 224.5, moneyline: (1.5, 2.7))])
    XCTAssertEqual(first.simulatedModels, 2)  // the flat model for the total, its tie companion for the moneyline
    let again = try evaluator.evaluate([try game("a", model, total: 226.5, moneyline: (1.45, 2.9))])
    XCTAssertEqual(again.simulatedModels, 0)
    XCTAssertEqual(first.games[0].moneyline?.pHome, again.games[0].moneyline?.pHome)
    XCTAssertEqual(first.games[0].monteCarlo?.meanTotal, again.games[0].monteCarlo?.meanTotal)
    XCTAssertGreaterThan(first.games[0].monteCarlo!.pOver, again.games[0].monteCarlo!.pOver)
  }

  /// A model whose overtime cannot be played to a winner (ot_sd 0) still prices its total; a game
  /// with only a moneyline then has nothing to price and says why.
  func testMarginNeedsAPlayableTieModel() throws {
    let model = GameModel(homeMean: 112, awayMean: 110, overtime: Overtime(kind: .flat, rate: 0.06, points: 12, sd: 0))
    var evaluator = SlateEvaluator(options: SimulationOptions(simulations: 10_000, seed: 1, threads: 1))
    let r = try evaluator.evaluate([
      try game("both", model, total: 222.5, moneyline: (1.8, 2.0)),
      try game("ml only", model, moneyline: (1.8, 2.0)),
    ]).games
    XCTAssertNil(r[0].error)
    XCTAssertNil(r[0].moneyline)
    XCTAssertTrue(r[0].warnings.contains { $0.contains("ot_sd") }, "\(r[0].warnings)")
    XCTAssertTrue(r[1].error?.contains("ot_sd = 0.0") == true, r[1].error ?? "")
  }

  func testInvalidOptionsThrow() throws {
    var evaluator = SlateEvaluator(options: SimulationOptions(simulations: 0, seed: 1, threads: 1))
    XCTAssertThrowsError(try evaluator.evaluate([])) { XCTAssertEqual(($0 as? InputError)?.field, "n_sims") }
  }
}

/// Game ids in the order `ready` was called (from simulation threads).
final class ReadyLog: @unchecked Sendable {
  private let lock = NSLock()
  private var log: [String] = []

  func append(_ id: String) {
    lock.lock()
    log.append(id)
    lock.unlock()
  }

  var ids: [String] {
    lock.lock()
    defer { lock.unlock() }
    return log
  }
}
