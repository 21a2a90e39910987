import CRandom
import Dispatch
import RandomStreams
import Synchronization

/// Runs the fused C kernel over fixed-size chunks on all requested threads.
///
/// Chunk k (games k * chunkSize ..< (k + 1) * chunkSize) always draws from stream k of the
/// seed, whichever thread runs it; per-thread histograms are summed as integers. So the
/// histogram is bit-identical for any thread count. Memory: one histogram per thread (the
/// grid, about 10^4 - 10^5 cells), whatever the number of simulations.
public enum GameSimulator {
  /// Games per chunk (and per RNG stream).
  public static let chunkSize = 1 << 16

  /// Simulates `options.simulations` games of `model`. `progress`, if given, is called from
  /// one worker with the fraction done after each of its chunks.
  public static func simulate(
    _ model: GameModel, options: SimulationOptions,
    progress: (@Sendable (Double) -> Void)? = nil
  ) throws(InputError) -> JointScoreHistogram {
    try model.validate()
    try options.validate()
    return run(model, options: options, scalar: false, progress: progress)
  }

  /// The same model one game at a time with scalar code: the naive baseline the benchmarks
  /// compare the kernel against. Same histogram as `simulate` for the same seed.
  public static func simulateScalar(_ model: GameModel, options: SimulationOptions) throws(InputError)
    -> JointScoreHistogram
  {
    try model.validate()
    try options.validate()
    return run(model, options: options, scalar: true, progress: nil)
  }

  private static func run(
    _ model: GameModel, options: SimulationOptions, scalar: Bool,
    progress: (@Sendable (Double) -> Void)?
  ) -> JointScoreHistogram {
    let grid = ScoreGrid(model: model)
    let kernel = KernelModel.make(model, grid: grid)
    let total = options.simulations
    let chunks = (total + chunkSize - 1) / chunkSize
    let workers = min(options.threads, chunks)
    let results = WorkerResults(count: workers)
    let chunksDone = Atomic<Int>(0)

    let work: @Sendable (Int) -> Void = { worker in
      var wide = JointScoreHistogram(grid: grid)
      var narrow = [UInt32](repeating: 0, count: grid.cellCount)
      var sinceFlush = 0
      var tally = mc_game_tally()
      var kernel = kernel
      // Room for every game of a chunk; pages are touched only when used.
      let overflowScores = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * chunkSize)
      defer { overflowScores.deallocate() }
      func flush() {
        wide.counts.withUnsafeMutableBufferPointer { w in
          for i in w.indices { w[i] &+= UInt64(narrow[i]) }
        }
        for i in narrow.indices { narrow[i] = 0 }
        sinceFlush = 0
      }
      var chunk = worker
      while chunk < chunks {
        let n = min(chunkSize, total - chunk * chunkSize)
        if sinceFlush + n > Int(UInt32.max) { flush() }
        let stream = mc_stream_make(options.seed, UInt64(chunk))
        var overflow = mc_overflow(scores: overflowScores, capacity: UInt64(chunkSize), count: 0)
        narrow.withUnsafeMutableBufferPointer { hist in
          withUnsafePointer(to: &kernel) { m in
            if scalar {
              mc_simulate_games_scalar(m, stream, UInt64(n), hist.baseAddress, &overflow, &tally)
            } else {
              mc_simulate_games(m, stream, UInt64(n), hist.baseAddress, &overflow, &tally)
            }
          }
        }
        for k in 0..<Int(overflow.count) {
          wide.count(FinalScore(home: Int(overflowScores[2 * k]), away: Int(overflowScores[2 * k + 1])))
        }
        sinceFlush += n
        let done = chunksDone.add(1, ordering: .relaxed).newValue
        if worker == 0, let progress { progress(Double(done) / Double(chunks)) }
        chunk += workers
      }
      flush()
      wide.games = tally.games
      wide.overtimeGames = tally.overtime_games
      wide.extraPeriods = tally.extra_periods
      results.store(wide, at: worker)
    }
    // A run of one chunk does not wake other threads.
    if workers == 1 {
      work(0)
    } else {
      DispatchQueue.concurrentPerform(iterations: workers, execute: work)
    }
    return results.merged()
  }
}

/// One slot per worker; each worker writes only its own.
private final class WorkerResults: @unchecked Sendable {
  private var slots: [JointScoreHistogram?]

  init(count: Int) {
    slots = [JointScoreHistogram?](repeating: nil, count: count)
  }

  func store(_ histogram: JointScoreHistogram, at index: Int) {
    slots.withUnsafeMutableBufferPointer { $0[index] = histogram }
  }

  func merged() -> JointScoreHistogram {
    var result = slots[0]!
    for other in slots.dropFirst() { result.merge(other!) }
    return result
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
      m.rho = skew.latentCorrelation(for: model.correlation)
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
