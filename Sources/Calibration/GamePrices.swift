import Simulation

/// What one simulation of a game says about its three markets at the closing lines, read off the
/// joint histogram of final scores (one run answers all three).
///
/// - totals at the closing total L: over (total > L), under, push (total = L, whole lines);
/// - spreads at the closing home spread s: home covers when margin + s > 0, pushes at 0;
/// - moneyline: home wins when margin > 0. Under the flat overtime model a game can end level
///   (the replaced service's model does not resolve ties); a level game counts half to each side
///   (`pLevel` says how much of that there was). Under the tie model no game ends level.
package struct GamePrices: Hashable, Sendable {
  package var pOver: Double
  package var pUnder: Double
  package var pTotalPush: Double
  package var pHomeCover: Double
  package var pAwayCover: Double
  package var pSpreadPush: Double
  package var pHomeWin: Double
  package var pLevel: Double
  package var simulations: UInt64

  package init(
    pOver: Double, pUnder: Double, pTotalPush: Double, pHomeCover: Double, pAwayCover: Double, pSpreadPush: Double,
    pHomeWin: Double, pLevel: Double, simulations: UInt64
  ) {
    self.pOver = pOver
    self.pUnder = pUnder
    self.pTotalPush = pTotalPush
    self.pHomeCover = pHomeCover
    self.pAwayCover = pAwayCover
    self.pSpreadPush = pSpreadPush
    self.pHomeWin = pHomeWin
    self.pLevel = pLevel
    self.simulations = simulations
  }

  /// The histogram read at `total` and `spread` (either may be missing: its probabilities are 0).
  package init(_ h: JointScoreHistogram, total: Double?, spread: Double?) {
    var over: UInt64 = 0, under: UInt64 = 0, tpush: UInt64 = 0
    var hc: UInt64 = 0, ac: UInt64 = 0, spush: UInt64 = 0, win: UInt64 = 0, level: UInt64 = 0
    func count(_ home: Int, _ away: Int, _ n: UInt64) {
      let t = Double(home + away), m = Double(home - away)
      if let total {
        if t > total { over += n } else if t < total { under += n } else { tpush += n }
      }
      if let spread {
        let s = m + spread
        if s > 0 { hc += n } else if s < 0 { ac += n } else { spush += n }
      }
      if home > away { win += n } else if home == away { level += n }
    }
    let g = h.grid
    for r in 0..<g.homeBins {
      let row = r * g.awayBins
      for c in 0..<g.awayBins {
        let n = h.counts[row + c]
        if n != 0 { count(g.homeMin + r, g.awayMin + c, n) }
      }
    }
    for (score, n) in h.overflow { count(score.home, score.away, n) }
    let games = Double(h.games)
    self.init(
      pOver: Double(over) / games, pUnder: Double(under) / games, pTotalPush: Double(tpush) / games,
      pHomeCover: Double(hc) / games, pAwayCover: Double(ac) / games, pSpreadPush: Double(spush) / games,
      pHomeWin: (Double(win) + 0.5 * Double(level)) / games, pLevel: Double(level) / games, simulations: h.games)
  }
}
