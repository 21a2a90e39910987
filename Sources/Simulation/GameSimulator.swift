import CRandom
import Foundation
import RandomStreams

/// Runs the fused C kernel over fixed-size chunks on all requested threads.
///
/// Which stream a chunk draws and which thread runs it are `RandomStreams`' business
/// (`StreamLayout`, `ChunkRunner`): chunk k of game g (games k * chunkSize ..< (k + 1) *
/// chunkSize) always draws the same stream, whichever thread runs it, and partial histograms
/// are summed as integers. So every histogram is bit-identical for any thread count, and game 0
/// of a slate is the same game as a single run with the same seed. Memory: a few histograms per
/// thread (the grid, about 10^4 - 10^5 cells), whatever the number of simulations.
public enum GameSimulator {
  /// Games per chunk (and per RNG stream).
  public static let chunkSize = StreamLayout.gameChunkSize

  /// Simulates `options.simulations` games of `model`. `progress`, if given, is called from
  /// one worker with the fraction done after each of its chunks.
  public static func simulate(
    _ model: GameModel, options: SimulationOptions,
    progress: (@Sendable (Double) -> Void)? = nil
  ) throws(InputError) -> JointScoreHistogram {
    try simulate([model], options: options, progress: progress)[0]
  }

  /// Simulates every model `options.simulations` times, all chunks of all games sharing the
  /// threads (a slate). Throws the first invalid model; validate each first to report them
  /// one by one.
  ///
  /// With `commonRandomNumbers`, every model draws from the same streams (those of game 0):
  /// variants of one game (scenarios, finite differences) then differ only through the model,
  /// not through sampling noise.
  ///
  /// `gameFinished(k, histogram)`, if given, is called as soon as game k's last chunk is
  /// counted (games finish roughly in order, since workers take chunks game by game), from a
  /// worker thread, one call at a time.
  public static func simulate(
    _ models: [GameModel], options: SimulationOptions, commonRandomNumbers: Bool = false,
    progress: (@Sendable (Double) -> Void)? = nil,
    gameFinished: (@Sendable (Int, JointScoreHistogram) -> Void)? = nil
  ) throws(InputError) -> [JointScoreHistogram] {
    for model in models { try model.validate() }
    try options.validate()
    let tape = options.tape
    let digest = tape.map { _ in
      SimulationTape.digest(models, options: options, commonRandomNumbers: commonRandomNumbers)
    }
    if let tape, let digest, case .replay = tape.mode {
      let histograms = try tape.replay(grids: models.map { ScoreGrid(model: $0) }, digest: digest)
      for (k, h) in histograms.enumerated() { gameFinished?(k, h) }
      progress?(1)
      return histograms
    }
    guard
      let histograms = run(
        models, options: options, scalar: false, commonRandomNumbers: commonRandomNumbers, progress: progress,
        gameFinished: gameFinished, shard: tape?.shard ?? .whole)
    else { throw InputError.stopped }
    if let tape, let digest { tape.record(histograms, digest: digest) }
    return histograms
  }

  /// How two models' common-random-number runs differ game by game at `line`: the games under
  /// it for `first` only and for `second` only, over exactly the games `simulate([...],
  /// commonRandomNumbers: true)` counts for them (the same streams, chunk by chunk, each
  /// model's overtime normals its own). These two counts are the only non-zero outcomes of the
  /// paired difference 1[under for second] - 1[under for first], so they give its exact
  /// variance; two histograms alone cannot, since they do not say which games moved.
  ///
  /// nil inside a shard's run (its part records histograms only; the merge, which replays the
  /// whole run, computes the counts).
  package static func pairedUnders(
    _ first: GameModel, _ second: GameModel, line: Double, options: SimulationOptions
  ) throws(InputError) -> (firstOnly: UInt64, secondOnly: UInt64)? {
    try first.validate()
    try second.validate()
    try options.validate()
    if options.tape?.isRecording == true { return nil }
    // Cheap next to the runs around it (a sensitivity asks for one pair a parameter): stopped
    // between pairs, not within one.
    if RunStop.isRequested { throw InputError.stopped }
    let kernels = [first, second].map { KernelModel.make($0, grid: ScoreGrid(model: $0)) }
    let layout = StreamLayout(seed: options.seed, chunkSize: chunkSize, commonRandomNumbers: true)
    let chunks = layout.chunkCount(draws: options.simulations)
    let counts = ChunkRunner.map(tasks: chunks, threads: options.threads) { chunk -> (UInt64, UInt64) in
      var firstOnly: UInt64 = 0, secondOnly: UInt64 = 0
      var a = kernels[0], b = kernels[1]
      mc_paired_unders(
        &a, &b, layout.stream(game: 0, chunk: chunk).state, UInt64(layout.draws(inChunk: chunk, of: options.simulations)),
        line, &firstOnly, &secondOnly)
      return (firstOnly, secondOnly)
    }
    return counts.reduce((0, 0)) { ($0.0 + $1.0, $0.1 + $1.1) }
  }

  /// The same model one game at a time with scalar code: the naive baseline the benchmarks
  /// compare the kernel against. Same histogram as `simulate` for the same seed.
  public static func simulateScalar(_ model: GameModel, options: SimulationOptions) throws(InputError)
    -> JointScoreHistogram
  {
    try model.validate()
    try options.validate()
    guard
      let histograms = run(
        [model], options: options, scalar: true, commonRandomNumbers: false, progress: nil, gameFinished: nil,
        shard: .whole)
    else { throw InputError.stopped }
    return histograms[0]
  }

  private struct Task {
    let game: Int
    let chunk: Int
    let games: Int
  }

  private static func run(
    _ models: [GameModel], options: SimulationOptions, scalar: Bool, commonRandomNumbers: Bool,
    progress: (@Sendable (Double) -> Void)?, gameFinished: (@Sendable (Int, JointScoreHistogram) -> Void)?,
    shard: SimulationTape.Shard
  ) -> [JointScoreHistogram]? {
    if commonRandomNumbers && !scalar && models.count > 1 {
      return runCommon(models, options: options, progress: progress, gameFinished: gameFinished, shard: shard)
    }
    let grids = models.map { ScoreGrid(model: $0) }
    let kernels = zip(models, grids).map { KernelModel.make($0, grid: $1) }
    let layout = StreamLayout(seed: options.seed, chunkSize: chunkSize, commonRandomNumbers: commonRandomNumbers)
    let total = options.simulations
    // A shard runs its share of each game's chunks; the whole run is shard 0 of 1.
    let chunks = shard.chunks(of: layout.chunkCount(draws: total))
    var tasks: [Task] = []
    tasks.reserveCapacity(models.count * chunks.count)
    for game in models.indices {
      for chunk in chunks {
        tasks.append(Task(game: game, chunk: chunk, games: layout.draws(inChunk: chunk, of: total)))
      }
    }
    let gamesEach = chunks.reduce(0) { $0 + layout.draws(inChunk: $1, of: total) }
    let results = SlateResults(grids: grids, gamesEach: UInt64(gamesEach), gameFinished: gameFinished)
    let taskList = tasks

    let completed = ChunkRunner.run(tasks: taskList.count, threads: options.threads, stoppable: true) { worker, assigned in
      // The worker's counts of its current game since the last flush, added to the game's
      // histogram when the worker moves to another game (or before a count could overflow).
      // Its tasks come in increasing order: it meets each game once, and flushes it when done.
      var current = -1
      var narrow: [UInt32] = []
      var narrowTotals: [UInt32] = []
      var overflowCounts: [FinalScore: UInt64] = [:]
      var sinceFlush = 0
      var tally = mc_game_tally()
      // Room for every game of a chunk; pages are touched only when used.
      let overflowScores = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * chunkSize)
      defer { overflowScores.deallocate() }
      func flush() {
        guard current >= 0 else { return }
        narrow.withUnsafeBufferPointer { cells in
          narrowTotals.withUnsafeBufferPointer { totals in
            results.add(cells, overtimeTotals: totals, overflowCounts, tally, game: current)
          }
        }
        overflowCounts.removeAll(keepingCapacity: true)
        tally = mc_game_tally()
        sinceFlush = 0
      }
      for t in assigned {
        let task = taskList[t]
        if task.game != current {
          flush()
          current = task.game
          narrow = [UInt32](repeating: 0, count: grids[current].cellCount)
          narrowTotals = [UInt32](repeating: 0, count: grids[current].totalBins)
        } else if sinceFlush + task.games > Int(UInt32.max) {
          // The same game goes on: its counts start again from zero. (After the last flush the
          // counts are dropped, not cleared: a 10^4 run's grid is 72 KB to clear for nothing.)
          flush()
          narrow.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
          narrowTotals.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        }
        let stream = layout.stream(game: task.game, chunk: task.chunk).state
        var overflow = mc_overflow(scores: overflowScores, capacity: UInt64(chunkSize), count: 0)
        var kernel = kernels[task.game]
        narrow.withUnsafeMutableBufferPointer { hist in
          narrowTotals.withUnsafeMutableBufferPointer { totals in
            if scalar {
              mc_simulate_games_scalar(
                &kernel, stream, UInt64(task.games), hist.baseAddress, totals.baseAddress, &overflow, &tally)
            } else {
              mc_simulate_games(&kernel, stream, UInt64(task.games), hist.baseAddress, totals.baseAddress, &overflow, &tally)
            }
          }
        }
        for k in 0..<Int(overflow.count) {
          overflowCounts[FinalScore(home: Int(overflowScores[2 * k]), away: Int(overflowScores[2 * k + 1])), default: 0] += 1
        }
        sinceFlush += task.games
        if worker == 0, let progress { progress(Double(min(t + 1, taskList.count)) / Double(taskList.count)) }
      }
      flush()
    }
    guard completed else { return nil }
    // A shard with no chunks of these games has nothing to add: its (empty) games are done.
    if gamesEach == 0, let gameFinished {
      for (k, h) in results.histograms.enumerated() { gameFinished(k, h) }
    }
    return results.histograms
  }
}

extension GameSimulator {
  /// Variants of one game on common random numbers: each chunk's random words and normals are
  /// drawn once for every model (`mc_simulate_games_common`), so scenarios and sensitivities
  /// cost little more than their arithmetic. The counts are exactly those of running each model
  /// on the shared streams alone.
  fileprivate static func runCommon(
    _ models: [GameModel], options: SimulationOptions, progress: (@Sendable (Double) -> Void)?,
    gameFinished: (@Sendable (Int, JointScoreHistogram) -> Void)?, shard: SimulationTape.Shard
  ) -> [JointScoreHistogram]? {
    let grids = models.map { ScoreGrid(model: $0) }
    let kernels = zip(models, grids).map { KernelModel.make($0, grid: $1) }
    let layout = StreamLayout(seed: options.seed, chunkSize: chunkSize, commonRandomNumbers: true)
    let total = options.simulations
    // The shard's chunks as a list: task t runs the t-th of them (a shard's range of chunks
    // does not start at 0).
    let chunks = Array(shard.chunks(of: layout.chunkCount(draws: total)))
    let gamesEach = chunks.reduce(0) { $0 + layout.draws(inChunk: $1, of: total) }
    let results = SlateResults(grids: grids, gamesEach: UInt64(gamesEach), gameFinished: gameFinished)
    let group = Int(MC_COMMON_MODELS)

    let completed = ChunkRunner.run(tasks: chunks.count, threads: options.threads, stoppable: true) { worker, assigned in
      // Each model's counts since the last flush (see `run`), and room for a chunk's overflow.
      let cells = grids.map { UnsafeMutablePointer<UInt32>.allocate(capacity: $0.cellCount) }
      let totals = grids.map { UnsafeMutablePointer<UInt32>.allocate(capacity: $0.totalBins) }
      let spill = grids.map { _ in UnsafeMutablePointer<Int32>.allocate(capacity: 2 * chunkSize) }
      defer { for p in cells { p.deallocate() }; for p in totals { p.deallocate() }; for p in spill { p.deallocate() } }
      func clear() {
        for (k, grid) in grids.enumerated() {
          cells[k].initialize(repeating: 0, count: grid.cellCount)
          totals[k].initialize(repeating: 0, count: grid.totalBins)
        }
      }
      clear()
      var overflowCounts = [[FinalScore: UInt64]](repeating: [:], count: models.count)
      var tallies = [mc_game_tally](repeating: mc_game_tally(), count: models.count)
      var sinceFlush = 0
      var ran = false
      func flush() {
        for (k, grid) in grids.enumerated() {
          results.add(
            UnsafeBufferPointer(start: cells[k], count: grid.cellCount),
            overtimeTotals: UnsafeBufferPointer(start: totals[k], count: grid.totalBins), overflowCounts[k], tallies[k],
            game: k)
          overflowCounts[k].removeAll(keepingCapacity: true)
        }
        tallies = [mc_game_tally](repeating: mc_game_tally(), count: models.count)
        sinceFlush = 0
      }
      for t in assigned {
        let chunk = chunks[t]
        let games = layout.draws(inChunk: chunk, of: total)
        if sinceFlush + games > Int(UInt32.max) {
          flush()
          clear()
        }
        let stream = layout.stream(game: 0, chunk: chunk).state
        var overflows = spill.map { mc_overflow(scores: $0, capacity: UInt64(chunkSize), count: 0) }
        var hists = cells.map { Optional($0) }
        var totalsList = totals.map { Optional($0) }
        for start in stride(from: 0, to: models.count, by: group) {
          let count = min(group, models.count - start)
          kernels.withUnsafeBufferPointer { k in
            hists.withUnsafeMutableBufferPointer { h in
              totalsList.withUnsafeMutableBufferPointer { o in
                overflows.withUnsafeMutableBufferPointer { f in
                  tallies.withUnsafeMutableBufferPointer { y in
                    mc_simulate_games_common(
                      k.baseAddress! + start, UInt32(count), stream, UInt64(games), h.baseAddress! + start,
                      o.baseAddress! + start, f.baseAddress! + start, y.baseAddress! + start)
                  }
                }
              }
            }
          }
        }
        for k in models.indices {
          for e in 0..<Int(overflows[k].count) {
            overflowCounts[k][FinalScore(home: Int(spill[k][2 * e]), away: Int(spill[k][2 * e + 1])), default: 0] += 1
          }
        }
        sinceFlush += games
        ran = true
        if worker == 0, let progress { progress(Double(min(t + 1, chunks.count)) / Double(chunks.count)) }
      }
      if ran { flush() }
    }
    guard completed else { return nil }
    if gamesEach == 0, let gameFinished {
      for (k, h) in results.histograms.enumerated() { gameFinished(k, h) }
    }
    return results.histograms
  }
}

/// Each game's histogram, to which workers add their partial counts (integer sums, so the
/// order in which they arrive never matters). A game's histogram is made from the first counts
/// that arrive (a one-thread run of one game has only those), not cleared and then added to.
private final class SlateResults: @unchecked Sendable {
  private let lock = NSLock()
  private let finishLock = NSLock()
  private let grids: [ScoreGrid]
  private var slots: [JointScoreHistogram?]
  private let gamesEach: UInt64
  private let gameFinished: (@Sendable (Int, JointScoreHistogram) -> Void)?

  init(grids: [ScoreGrid], gamesEach: UInt64, gameFinished: (@Sendable (Int, JointScoreHistogram) -> Void)?) {
    self.grids = grids
    slots = Array(repeating: nil, count: grids.count)
    self.gamesEach = gamesEach
    self.gameFinished = gameFinished
  }

  func add(
    _ counts: UnsafeBufferPointer<UInt32>, overtimeTotals: UnsafeBufferPointer<UInt32>, _ overflow: [FinalScore: UInt64],
    _ tally: mc_game_tally, game: Int
  ) {
    lock.lock()
    if slots[game] == nil {
      slots[game] = JointScoreHistogram(grid: grids[game], counts: counts, overtimeTotals: overtimeTotals)
    } else {
      slots[game]!.add(counts, overtimeTotals: overtimeTotals)
    }
    slots[game]!.add(
      overflow: overflow, games: tally.games, overtimeGames: tally.overtime_games,
      extraPeriods: tally.extra_periods)
    let finished = slots[game]!.games == gamesEach ? slots[game] : nil
    lock.unlock()
    if let finished, let gameFinished {
      finishLock.lock()
      gameFinished(game, finished)
      finishLock.unlock()
    }
  }

  /// Every game's histogram; empty for a game no worker ran (a shard without its chunks).
  var histograms: [JointScoreHistogram] {
    lock.lock()
    defer { lock.unlock() }
    return zip(slots, grids).map { $0 ?? JointScoreHistogram(grid: $1) }
  }
}

/// The C view of a model on its grid.
enum KernelModel {
  static func make(_ model: GameModel, grid: ScoreGrid) -> mc_game_model {
    var m = mc_game_model()
    m.home_mean = model.homeMean
    m.away_mean = model.awayMean
    m.home_sd = model.homeSD
    m.away_sd = model.awaySD
    if model.skewness != 0 {
      let skew = SkewNormal(skewness: model.skewness)
      m.rho = min(max(skew.latentCorrelation(for: model.correlation), -1), 1)
      m.skew_delta = skew.delta
      m.skew_shift = skew.shift
      m.skew_scale = skew.scale
    } else {
      m.rho = model.correlation
      m.skew_delta = 0
      m.skew_shift = 0
      m.skew_scale = 1
    }
    switch model.overtime.kind {
    case .none: m.ot_model = Int32(MC_OT_NONE.rawValue)
    case .flat: m.ot_model = Int32(MC_OT_FLAT.rawValue)
    case .tie: m.ot_model = Int32(MC_OT_TIE.rawValue)
    }
    m.ot_rate = model.overtime.rate
    m.ot_mean = model.overtime.points
    m.ot_sd = model.overtime.sd
    m.has_floor = model.scoreFloor == nil ? 0 : 1
    m.score_floor = Int32(model.scoreFloor ?? 0)
    m.home_min = Int32(grid.homeMin)
    m.away_min = Int32(grid.awayMin)
    m.home_bins = Int32(grid.homeBins)
    m.away_bins = Int32(grid.awayBins)
    return m
  }
}
