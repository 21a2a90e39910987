import Foundation
import RandomStreams

/// The joint histograms a run simulates, recorded or replayed: how a run is split into shards
/// and merged exactly (docs/shards.md).
///
/// Recording (`--shard K/N`): every `GameSimulator.simulate` call of the run simulates only
/// shard K's share of each game's chunks (chunk k always draws from stream k, whoever runs it)
/// and the tape keeps the histograms, call by call. Replaying (`mcsim merge`): the same run,
/// from the same inputs, gets the histograms summed over all N shards instead of simulating;
/// counts are integers, so the sum is the single run's histogram exactly, and everything
/// computed from it (the output, byte for byte) is the single run's.
package final class SimulationTape: @unchecked Sendable, Hashable {
  /// One tape per run: equal only to itself.
  package static func == (a: SimulationTape, b: SimulationTape) -> Bool { a === b }
  package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

  /// Shard `index` of `count`: for every game, the contiguous `index`-th of `count` near-equal
  /// ranges of its chunks.
  package struct Shard: Hashable, Sendable, Codable, CustomStringConvertible {
    package let index: Int
    package let count: Int

    package init(index: Int, count: Int) throws(InputError) {
      guard count >= 1, count <= 1_000_000 else {
        throw .invalid(field: "shard", value: "\(index)/\(count)", reason: "the shard count must be in 1...1000000")
      }
      guard (0..<count).contains(index) else {
        throw .invalid(field: "shard", value: "\(index)/\(count)", reason: "the shard index must be in 0...\(count - 1)")
      }
      self.index = index
      self.count = count
    }

    package static let whole = try! Shard(index: 0, count: 1)

    /// This shard's chunks of a game of `chunks` chunks (the split is `StreamLayout`'s).
    package func chunks(of chunks: Int) -> Range<Int> {
      StreamLayout.shardChunks(chunks, shard: index, of: count)
    }

    package var description: String { "\(index)/\(count)" }

    /// Decoded (a partial file) through the same checks as the initializer.
    package init(from decoder: any Decoder) throws {
      enum Keys: String, CodingKey { case index, count }
      let c = try decoder.container(keyedBy: Keys.self)
      try self.init(index: c.decode(Int.self, forKey: .index), count: c.decode(Int.self, forKey: .count))
    }
  }

  package enum Mode: Sendable {
    case record(Shard)
    case replay
  }

  package let mode: Mode

  /// Whether this tape records a shard (whose run prints nothing: merge prints the answer).
  package var isRecording: Bool {
    if case .record = mode { return true }
    return false
  }
  /// What a replay names when the run's inputs no longer give the recorded models (the parts).
  package let source: String
  private let lock = NSLock()
  private var recorded: [[JointScoreHistogram]] = []
  private var recordedDigests: [String] = []
  private var pending: [[JointScoreHistogram]]
  private var pendingDigests: [String]
  private var replayed = 0

  package init(recording shard: Shard) {
    mode = .record(shard)
    source = ""
    pending = []
    pendingDigests = []
  }

  /// Replays `calls`, each checked against its `digests` (`SimulationTape.digest`) so a run
  /// whose inputs changed since the shards ran is refused, naming `source`.
  package init(replaying calls: [[JointScoreHistogram]], digests: [String], source: String) {
    precondition(calls.count == digests.count, "a digest per call")
    mode = .replay
    self.source = source
    pending = calls
    pendingDigests = digests
  }

  /// The histograms of every simulate call so far, in call order.
  package var calls: [[JointScoreHistogram]] {
    lock.withLock { recorded }
  }

  /// The digest of every simulate call so far (its models and options), in call order.
  package var digests: [String] {
    lock.withLock { recordedDigests }
  }

  /// Calls not yet replayed (0 once a replay has consumed the whole tape).
  package var remaining: Int {
    lock.withLock { pending.count }
  }

  var shard: Shard {
    if case .record(let s) = mode { return s }
    return .whole
  }

  func record(_ histograms: [JointScoreHistogram], digest: String) {
    lock.withLock {
      recorded.append(histograms)
      recordedDigests.append(digest)
    }
  }

  /// The next call's histograms, or why they are not this call's: the tape is used up, or the
  /// call's models (`digest`) or grids are not those the shards simulated, so the run being
  /// replayed is not the one that was recorded (an input changed).
  func replay(grids: [ScoreGrid], digest: String) throws(InputError) -> [JointScoreHistogram] {
    lock.lock()
    defer { lock.unlock() }
    do {
      let call = replayed + 1
      guard let next = pending.first, let recordedDigest = pendingDigests.first else {
        throw .invalid(
          field: "partial", value: source,
          reason: "the run makes more simulate calls (\(call)) than the shards recorded: the inputs changed since the shards ran")
      }
      guard recordedDigest == digest else {
        throw .invalid(
          field: "partial", value: source,
          reason: "the inputs changed since the shards ran: simulate call \(call) now has models with digest \(digest), "
            + "the shards simulated \(recordedDigest)")
      }
      guard next.map(\.grid) == grids else {
        throw .invalid(
          field: "partial", value: source,
          reason: "the merged run's models differ from those its shards simulated (did an input change?)")
      }
      pending.removeFirst()
      pendingDigests.removeFirst()
      replayed += 1
      return next
    }
  }

  /// FNV-1a 64 (16 hex digits) over the bit patterns of everything one simulate call draws
  /// from: every parameter of every model, bit-exact, and the options that shape the draws
  /// (simulations, seed, common random numbers). Any change of an input that changes a model
  /// changes it, even one (a correlation, an overtime rate) that keeps the score grid.
  package static func digest(_ models: [GameModel], options: SimulationOptions, commonRandomNumbers: Bool) -> String {
    var hash = FNV1a()
    func mix(_ word: UInt64) { hash.add(word: word) }
    mix(UInt64(options.simulations))
    mix(options.seed)
    mix(commonRandomNumbers ? 1 : 0)
    mix(UInt64(models.count))
    for m in models {
      for x in [m.homeMean, m.awayMean, m.homeSD, m.awaySD, m.correlation, m.skewness] { mix(x.bitPattern) }
      mix(UInt64(Overtime.Kind.allCases.firstIndex(of: m.overtime.kind) ?? 255))
      for x in [m.overtime.rate, m.overtime.points, m.overtime.sd] { mix(x.bitPattern) }
      mix(m.scoreFloor == nil ? 0 : 1)
      mix(UInt64(bitPattern: Int64(m.scoreFloor ?? 0)))
    }
    return hash.hex
  }
}

extension JointScoreHistogram {
  /// A histogram from its parts (a shard's partial file).
  package init(
    grid: ScoreGrid, counts: [UInt64], overtimeTotals: [UInt64], games: UInt64, overtimeGames: UInt64,
    extraPeriods: UInt64, overflow: [FinalScore: UInt64]
  ) {
    precondition(counts.count == grid.cellCount, "counts of a different grid")
    precondition(overtimeTotals.count == grid.totalBins, "overtime totals of a different grid")
    self.init(grid: grid)
    self.counts = counts
    self.overtimeTotals = overtimeTotals
    self.games = games
    self.overtimeGames = overtimeGames
    self.extraPeriods = extraPeriods
    self.overflow = overflow
  }

  /// Adds another shard's share of the same game given as its parts: `addCounts` adds the
  /// shard's dense counts into these, and `addOvertimeTotals` its overtime totals into
  /// `overtimeTotals` (a merge decodes them in place, without a copy); each says whether they
  /// fitted the grid. Returns false when either did not (the histogram is then not any run's).
  package mutating func add(
    games: UInt64, overtimeGames: UInt64, extraPeriods: UInt64, overflow: [FinalScore: UInt64],
    counts addCounts: (UnsafeMutableBufferPointer<UInt64>) -> Bool,
    overtimeTotals addOvertimeTotals: (UnsafeMutableBufferPointer<UInt64>) -> Bool
  ) -> Bool {
    // Tallies that would wrap are refused before anything is added to them.
    var tallies = (self.games, self.overtimeGames, self.extraPeriods)
    for (sum, part) in [(\.0, games), (\.1, overtimeGames), (\.2, extraPeriods)] as [(WritableKeyPath<(UInt64, UInt64, UInt64), UInt64>, UInt64)] {
      let (s, wrapped) = tallies[keyPath: sum].addingReportingOverflow(part)
      if wrapped { return false }
      tallies[keyPath: sum] = s
    }
    var merged = self.overflow
    for (score, n) in overflow {
      let (s, wrapped) = merged[score, default: 0].addingReportingOverflow(n)
      if wrapped { return false }
      merged[score] = s
    }
    guard counts.withUnsafeMutableBufferPointer({ addCounts($0) }) else { return false }
    guard overtimeTotals.withUnsafeMutableBufferPointer({ addOvertimeTotals($0) }) else { return false }
    self.overflow = merged
    (self.games, self.overtimeGames, self.extraPeriods) = tallies
    return true
  }

  /// Adds another histogram of the same grid (another shard's share of the same game).
  package mutating func add(_ other: JointScoreHistogram) {
    precondition(other.grid == grid, "histograms of different grids")
    counts.withUnsafeMutableBufferPointer { mine in
      other.counts.withUnsafeBufferPointer { theirs in
        for i in mine.indices { mine[i] &+= theirs[i] }
      }
    }
    for i in overtimeTotals.indices { overtimeTotals[i] &+= other.overtimeTotals[i] }
    overflow.merge(other.overflow, uniquingKeysWith: +)
    games += other.games
    overtimeGames += other.overtimeGames
    extraPeriods += other.extraPeriods
  }
}
