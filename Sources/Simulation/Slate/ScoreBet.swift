import OddsMath

/// A bet settled on a game's final score: a side of a total, a spread or a moneyline, at a
/// price. What it returns per unit staked in each final score is what joint Kelly reads.
public struct ScoreBet: Hashable, Sendable {
  public enum Market: Hashable, Sendable {
    /// The over (or the under) of a total line.
    case total(line: Double, over: Bool)
    /// The home side (or the away side) of the home team's spread: home covers when
    /// margin + homeLine > 0.
    case spread(homeLine: Double, home: Bool)
    /// The home (or the away) team to win; a level final score returns the stake.
    case moneyline(home: Bool)
  }

  public let market: Market
  public let odds: Odds

  public init(market: Market, odds: Odds) {
    self.market = market
    self.odds = odds
  }

  /// d - 1 when the bet wins, -1 when it loses, 0 when it pushes.
  @inline(__always) public func returnPerUnit(home: Int, away: Int) -> Double {
    let settle: Double  // > 0 wins, < 0 loses, 0 pushes
    switch market {
    case .total(let line, let over): settle = (Double(home + away) - line) * (over ? 1 : -1)
    case .spread(let homeLine, let isHome): settle = (Double(home - away) + homeLine) * (isHome ? 1 : -1)
    case .moneyline(let isHome): settle = Double(home - away) * (isHome ? 1 : -1)
    }
    return settle > 0 ? odds.netPayout : settle < 0 ? -1 : 0
  }

  /// The joint outcomes of `bets` over a score distribution: one outcome per distinct vector of
  /// returns, with the distribution's probability of the scores that give it, in a fixed order
  /// (so the stakes are the same bits every run).
  public static func outcomes(_ bets: [ScoreBet], over distribution: ScoreDistribution) -> [JointKelly.Outcome] {
    var mass: [[Double]: Double] = [:]
    let grid = distribution.grid
    func add(_ home: Int, _ away: Int, _ weight: Double) {
      guard weight > 0 else { return }
      mass[bets.map { $0.returnPerUnit(home: home, away: away) }, default: 0] += weight
    }
    for r in 0..<grid.homeBins {
      for c in 0..<grid.awayBins {
        add(grid.homeMin + r, grid.awayMin + c, distribution.weights[r * grid.awayBins + c])
      }
    }
    for (score, weight) in distribution.overflow { add(score.home, score.away, weight) }
    let total = distribution.totalWeight
    return mass.keys.sorted { $0.lexicographicallyPrecedes($1) }.map {
      JointKelly.Outcome(probability: mass[$0]! / total, returns: $0)
    }
  }
}
