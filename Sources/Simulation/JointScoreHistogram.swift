/// Counts of simulated final (home, away) scores: a sufficient statistic for every market on
/// the game (totals, spreads, moneylines, team totals). Its size depends on the model's spread,
/// never on the number of simulations.
public struct JointScoreHistogram: Hashable, Sendable {
  public let grid: ScoreGrid
  /// Row-major counts, grid.homeBins x grid.awayBins.
  public internal(set) var counts: [UInt64]
  public internal(set) var games: UInt64 = 0
  public internal(set) var overtimeGames: UInt64 = 0
  /// Tie model: overtime periods beyond the first, summed over games.
  public internal(set) var extraPeriods: UInt64 = 0
  /// Final scores outside the grid (long overtimes), counted exactly. Regulation scores always
  /// fit the grid (`ScoreGrid`), so these are all overtime games.
  public internal(set) var overflow: [FinalScore: UInt64] = [:]
  /// The final totals of the overtime games inside the grid: the count of total
  /// `grid.totalMin + i` at i (grid.totalBins counts). With the overflow's totals (all
  /// overtime games) they are the overtime games' totals, `overtimeTotalCounts`.
  public internal(set) var overtimeTotals: [UInt64]

  public init(grid: ScoreGrid) {
    self.grid = grid
    counts = [UInt64](repeating: 0, count: grid.cellCount)
    overtimeTotals = [UInt64](repeating: 0, count: grid.totalBins)
  }

  /// The final total of every game that went to overtime, by total, in increasing order:
  /// `overtimeTotals` plus the overflow's totals. Its counts sum to `overtimeGames`.
  public var overtimeTotalCounts: [(total: Int, count: UInt64)] {
    var byTotal: [Int: UInt64] = [:]
    for (i, n) in overtimeTotals.enumerated() where n != 0 { byTotal[grid.totalMin + i, default: 0] += n }
    for (score, n) in overflow { byTotal[score.home + score.away, default: 0] += n }
    return byTotal.sorted { $0.key < $1.key }.map { (total: $0.key, count: $0.value) }
  }

  /// A worker's 32-bit counts of `grid` and its overtime totals, widened; no games yet (see
  /// `add(overflow:games:overtimeGames:extraPeriods:)`).
  init(grid: ScoreGrid, counts narrow: UnsafeBufferPointer<UInt32>, overtimeTotals narrowTotals: UnsafeBufferPointer<UInt32>) {
    precondition(narrow.count == grid.cellCount, "counts of a different grid")
    precondition(narrowTotals.count == grid.totalBins, "overtime totals of a different grid")
    self.grid = grid
    counts = Self.widened(narrow)
    overtimeTotals = Self.widened(narrowTotals)
  }

  private static func widened(_ narrow: UnsafeBufferPointer<UInt32>) -> [UInt64] {
    [UInt64](unsafeUninitializedCapacity: narrow.count) { wide, initialized in
      for i in 0..<narrow.count { wide[i] = UInt64(narrow[i]) }
      initialized = narrow.count
    }
  }

  /// Adds a worker's 32-bit counts of the same grid and its overtime totals (integer sums: the
  /// order in which workers add never matters).
  mutating func add(_ narrow: UnsafeBufferPointer<UInt32>, overtimeTotals narrowTotals: UnsafeBufferPointer<UInt32>) {
    precondition(narrow.count == counts.count, "counts of a different grid")
    precondition(narrowTotals.count == overtimeTotals.count, "overtime totals of a different grid")
    counts.withUnsafeMutableBufferPointer { wide in
      for i in wide.indices { wide[i] &+= UInt64(narrow[i]) }
    }
    for i in overtimeTotals.indices { overtimeTotals[i] &+= UInt64(narrowTotals[i]) }
  }

  /// Adds a worker's overflow and tallies.
  mutating func add(overflow: [FinalScore: UInt64], games: UInt64, overtimeGames: UInt64, extraPeriods: UInt64) {
    self.overflow.merge(overflow, uniquingKeysWith: +)
    self.games += games
    self.overtimeGames += overtimeGames
    self.extraPeriods += extraPeriods
  }
}

/// A final (home, away) score.
public struct FinalScore: Hashable, Sendable, Comparable {
  public let home: Int
  public let away: Int

  public init(home: Int, away: Int) {
    self.home = home
    self.away = away
  }

  public static func < (a: FinalScore, b: FinalScore) -> Bool {
    (a.home, a.away) < (b.home, b.away)
  }
}
