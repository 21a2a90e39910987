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
  /// Final scores outside the grid (long overtimes), counted exactly.
  public internal(set) var overflow: [FinalScore: UInt64] = [:]

  public init(grid: ScoreGrid) {
    self.grid = grid
    counts = [UInt64](repeating: 0, count: grid.cellCount)
  }

  /// Adds a worker's 32-bit counts of the same grid, its overflow and its tallies (integer sums:
  /// the order in which workers add never matters).
  mutating func add(
    _ narrow: UnsafeBufferPointer<UInt32>, overflow: [FinalScore: UInt64], games: UInt64, overtimeGames: UInt64,
    extraPeriods: UInt64
  ) {
    precondition(narrow.count == counts.count, "counts of a different grid")
    counts.withUnsafeMutableBufferPointer { wide in
      for i in wide.indices { wide[i] &+= UInt64(narrow[i]) }
    }
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
