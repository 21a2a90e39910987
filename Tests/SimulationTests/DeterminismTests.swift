import Simulation
import XCTest

/// Same model, seed and count: the same histogram, bit for bit, whatever the thread count or
/// code path. Different seeds: different histograms.
final class DeterminismTests: XCTestCase {
  static let models: [GameModel] = [
    GameModel(homeMean: 115, awayMean: 112),
    GameModel(homeMean: 110, awayMean: 110, homeSD: 12, awaySD: 9, correlation: -0.2, overtime: Overtime(kind: .tie)),
    GameModel(homeMean: 101, awayMean: 97, correlation: 0.3, scoreFloor: 90, skewness: 0.19),
  ]

  func testThreadCountDoesNotChangeAnyCount() throws {
    // 5 chunks and a partial one, so threads interleave chunks differently.
    let n = 5 * GameSimulator.chunkSize + 12_345
    for model in Self.models {
      let one = try GameSimulator.simulate(model, options: SimulationOptions(simulations: n, seed: 77, threads: 1))
      for threads in [2, 3, 8] {
        let many = try GameSimulator.simulate(model, options: SimulationOptions(simulations: n, seed: 77, threads: threads))
        XCTAssertEqual(one, many, "threads \(threads)")
      }
      XCTAssertEqual(one.games, UInt64(n))
    }
  }

  /// The naive scalar baseline and the vectorised kernel count the same games.
  func testScalarBaselineMatchesKernel() throws {
    for model in Self.models {
      let options = SimulationOptions(simulations: 100_000, seed: 3, threads: 2)
      XCTAssertEqual(try GameSimulator.simulate(model, options: options), try GameSimulator.simulateScalar(model, options: options))
    }
  }

  func testDifferentSeedsDiffer() throws {
    let model = GameModel(homeMean: 115, awayMean: 112)
    let a = try GameSimulator.simulate(model, options: SimulationOptions(simulations: 10_000, seed: 1))
    let b = try GameSimulator.simulate(model, options: SimulationOptions(simulations: 10_000, seed: 2))
    XCTAssertNotEqual(a.counts, b.counts)
  }

  /// Pinned counts for one seed: a change in the generator, the transforms or the chunking
  /// shows up here before it silently changes every published number.
  func testValueStability() throws {
    let h = try GameSimulator.simulate(
      GameModel(homeMean: 115, awayMean: 112), options: SimulationOptions(simulations: 100_000, seed: 2024, threads: 1))
    let totals = ScoreDistribution(histogram: h).totals
    let p = totals.probabilities(line: 225.5)
    XCTAssertEqual(Int((p.above * 100_000).rounded()), StabilityPin.overCount)
    XCTAssertEqual(Int(h.overtimeGames), StabilityPin.overtimeGames)
  }
}

enum StabilityPin {
  static let overCount = 55041
  static let overtimeGames = 5929
}

/// Slates: all games' chunks share the threads; each game keeps its own streams.
final class SlateDeterminismTests: XCTestCase {
  func testSlateIsThreadInvariantAndGamesAreIndependent() throws {
    let models = DeterminismTests.models + [DeterminismTests.models[0]]
    let options = SimulationOptions(simulations: 3 * GameSimulator.chunkSize + 7, seed: 12, threads: 1)
    let one = try GameSimulator.simulate(models, options: options)
    for threads in [2, 5] {
      var o = options
      o.threads = threads
      XCTAssertEqual(try GameSimulator.simulate(models, options: o), one)
    }
    // Game 0 of a slate is the single run with the same seed.
    XCTAssertEqual(one[0], try GameSimulator.simulate(models[0], options: options))
    // The same model twice in a slate: two independent games, not copies.
    XCTAssertNotEqual(one[0].counts, one[3].counts)
    XCTAssertEqual(one.map(\.games), [UInt64](repeating: UInt64(options.simulations), count: models.count))
  }
}

/// Each game is handed over as soon as its last chunk is counted, with its final histogram.
final class GameFinishedTests: XCTestCase {
  final class Log: @unchecked Sendable {
    let lock = NSLock()
    var finished: [(Int, JointScoreHistogram)] = []
  }

  func testEveryGameIsReportedOnceWithItsFinalHistogram() throws {
    let models = DeterminismTests.models
    for threads in [1, 2] {
      let log = Log()
      let options = SimulationOptions(simulations: 2 * GameSimulator.chunkSize + 5, seed: 8, threads: threads)
      let histograms = try GameSimulator.simulate(
        models, options: options,
        gameFinished: { k, h in
          log.lock.lock()
          log.finished.append((k, h))
          log.lock.unlock()
        })
      XCTAssertEqual(log.finished.map(\.0).sorted(), Array(models.indices))
      for (k, h) in log.finished { XCTAssertEqual(h, histograms[k]) }
      // One thread takes the chunks game by game, so games finish in order.
      if threads == 1 { XCTAssertEqual(log.finished.map(\.0), Array(models.indices)) }
    }
  }
}

/// Variants of one game on common random numbers draw each chunk's numbers once for all of them
/// (`mc_simulate_games_common`): every variant's counts are exactly those of running it alone on
/// the same streams, for normal, skewed, floored, tie-overtime and no-overtime models, over
/// several chunks, more models than one kernel call takes (32), and any thread count.
final class CommonRandomNumbersTests: XCTestCase {
  func testSharedDrawsGiveEachModelItsOwnRunsCounts() throws {
    var models: [GameModel] = []
    for k in 0..<40 {
      var m = DeterminismTests.models[k % 3]
      m.homeMean += Double(k % 7) - 3
      m.homeSD *= 1 + Double(k % 5) / 10
      if k % 11 == 0 { m.overtime = Overtime(kind: .none) }
      models.append(m)
    }
    let n = 3 * GameSimulator.chunkSize + 517
    for threads in [1, 2] {
      let options = SimulationOptions(simulations: n, seed: 77, threads: threads)
      let together = try GameSimulator.simulate(models, options: options, commonRandomNumbers: true)
      for (k, model) in models.enumerated() {
        let alone = try GameSimulator.simulate([model], options: options, commonRandomNumbers: true)[0]
        XCTAssertEqual(together[k], alone, "model \(k), \(threads) threads")
        XCTAssertEqual(together[k].games, UInt64(n))
      }
    }
  }
}
