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
  /// Games whose score fell outside the grid and were counted at its edge.
  public internal(set) var clampedGames: UInt64 = 0

  public init(grid: ScoreGrid) {
    self.grid = grid
    counts = [UInt64](repeating: 0, count: grid.cellCount)
  }

  /// Adds another histogram of the same grid (integer sums: order never matters).
  public mutating func merge(_ other: JointScoreHistogram) {
    precondition(other.grid == grid, "histograms of different grids")
    for i in counts.indices { counts[i] &+= other.counts[i] }
    games += other.games
    overtimeGames += other.overtimeGames
    extraPeriods += other.extraPeriods
    clampedGames += other.clampedGames
  }
}
