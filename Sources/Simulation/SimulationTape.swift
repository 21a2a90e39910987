import Foundation
import RandomStreams

/// The joint histograms a run simulates, recorded or replayed: how a run is split into shards
/// and merged exactly (README "Shards").
///
/// Recording (`--shard K/N`): every `GameSimulator.simulate` call of the run simulates only
/// shard K's share of each game's chunks (chunk k always draws from stream k, whoever runs it)
/// and the tape keeps the histograms, call by call. Replaying (`mcsim merge`): the same run,
/// from the same inputs, gets the histograms summed over all N shards instead of simulating;
/// counts are integers, so the sum is the single run's histogram exactly, and everything
/// computed from it (the output, byte for byte) is the single run's.
public final class SimulationTape: @unchecked Sendable {
  /// Shard `index` of `count`: for every game, the contiguous `index`-th of `count` near-equal
  /// ranges of its chunks.
  public struct Shard: Hashable, Sendable, Codable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    public init(index: Int, count: Int) throws(InputError) {
      guard count >= 1, count <= 1_000_000 else {
        throw .invalid(field: "shard", value: "\(index)/\(count)", reason: "the shard count must be in 1...1000000")
      }
      guard (0..<count).contains(index) else {
        throw .invalid(field: "shard", value: "\(index)/\(count)", reason: "the shard index must be in 0...\(count - 1)")
      }
      self.index = index
      self.count = count
    }

    public static let whole = try! Shard(index: 0, count: 1)

    /// This shard's chunks of a game of `chunks` chunks (the split is `StreamLayout`'s).
    public func chunks(of chunks: Int) -> Range<Int> {
      StreamLayout.shardChunks(chunks, shard: index, of: count)
    }

    public var description: String { "\(index)/\(count)" }
  }

  public enum Mode: Sendable {
    case record(Shard)
    case replay
  }

  /// The tape of the run on this thread, if it is being recorded or replayed.
  @TaskLocal public static var current: SimulationTape?

  public let mode: Mode
  private let lock = NSLock()
  private var recorded: [[JointScoreHistogram]] = []
  private var pending: [[JointScoreHistogram]]

  public init(recording shard: Shard) {
    mode = .record(shard)
    pending = []
  }

  public init(replaying calls: [[JointScoreHistogram]]) {
    mode = .replay
    pending = calls
  }

  /// The histograms of every simulate call so far, in call order.
  public var calls: [[JointScoreHistogram]] {
    lock.withLock { recorded }
  }

  /// Calls not yet replayed (0 once a replay has consumed the whole tape).
  public var remaining: Int {
    lock.withLock { pending.count }
  }

  var shard: Shard {
    if case .record(let s) = mode { return s }
    return .whole
  }

  func record(_ histograms: [JointScoreHistogram]) {
    lock.withLock { recorded.append(histograms) }
  }

  /// The next call's histograms; nil when the tape is used up or they are of other grids
  /// (other models) than `grids`: the run being replayed is not the one that was recorded.
  func replay(grids: [ScoreGrid]) -> [JointScoreHistogram]? {
    lock.withLock {
      guard let next = pending.first, next.map(\.grid) == grids else { return nil }
      pending.removeFirst()
      return next
    }
  }
}

extension JointScoreHistogram {
  /// A histogram from its parts (a shard's partial file).
  public init(
    grid: ScoreGrid, counts: [UInt64], games: UInt64, overtimeGames: UInt64, extraPeriods: UInt64,
    overflow: [FinalScore: UInt64]
  ) {
    precondition(counts.count == grid.cellCount, "counts of a different grid")
    self.init(grid: grid)
    self.counts = counts
    self.games = games
    self.overtimeGames = overtimeGames
    self.extraPeriods = extraPeriods
    self.overflow = overflow
  }

  /// Adds another histogram of the same grid (another shard's share of the same game).
  public mutating func add(_ other: JointScoreHistogram) {
    precondition(other.grid == grid, "histograms of different grids")
    counts.withUnsafeMutableBufferPointer { mine in
      other.counts.withUnsafeBufferPointer { theirs in
        for i in mine.indices { mine[i] &+= theirs[i] }
      }
    }
    overflow.merge(other.overflow, uniquingKeysWith: +)
    games += other.games
    overtimeGames += other.overtimeGames
    extraPeriods += other.extraPeriods
  }
}
