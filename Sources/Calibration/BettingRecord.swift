import OddsMath
import RandomStreams

/// The advice policy's bets played against closing prices: on each market of each game, the side
/// the policy recommends (`MarketAdvice.best`: its gates, its grade, its fractional Kelly stake
/// and cap), on a bankroll of 1 that is not compounded (each stake a fraction of the starting
/// bankroll), settled on the final score.
package struct BettingRecord: Hashable, Sendable {
  package struct Bet: Hashable, Sendable {
    package var stake: Double
    package var profit: Double
    package var ev: Double
  }

  package var bets: [Bet] = []

  package init() {}

  /// Bets the side `advice` recommends, if any. `firstOutcome` of the market's first side: +1
  /// won, -1 lost, 0 push.
  package mutating func record(_ advice: MarketAdvice, firstOutcome: Int) {
    guard let pick = advice.best, pick.stake > 0 else { return }
    let outcome = pick.side == advice.sides[0].side ? firstOutcome : -firstOutcome
    let profit = outcome > 0 ? pick.stake * (pick.odds.decimal - 1) : outcome < 0 ? -pick.stake : 0
    bets.append(Bet(stake: pick.stake, profit: profit, ev: pick.ev))
  }

  package var staked: Double { bets.reduce(0) { $0 + $1.stake } }
  package var profit: Double { bets.reduce(0) { $0 + $1.profit } }
  /// Profit over money staked.
  package var roi: Double { staked > 0 ? profit / staked : .nan }
  /// The mean EV the model claimed on the bets it made, per unit staked (stake-weighted).
  package var claimedEV: Double { staked > 0 ? bets.reduce(0) { $0 + $1.ev * $1.stake } / staked : .nan }

  /// The largest fall of cumulative profit from a previous peak, in bankrolls (bets in time order).
  package var maxDrawdown: Double {
    var cumulative = 0.0, peak = 0.0, worst = 0.0
    for b in bets {
      cumulative += b.profit
      peak = max(peak, cumulative)
      worst = max(worst, peak - cumulative)
    }
    return worst
  }

  /// The 95% percentile-bootstrap interval of the ROI: `resamples` resamples of the bets with
  /// replacement, drawn from the seed's stream (so the same seed gives the same interval).
  package func roiInterval(seed: UInt64, resamples: Int = 1000) -> ClosedRange<Double>? {
    guard bets.count >= 2 else { return nil }
    var stream = RandomStream(seed: seed, id: 0)
    var rois: [Double] = []
    rois.reserveCapacity(resamples)
    let n = bets.count
    for _ in 0..<resamples {
      let u = stream.uniforms(n)
      var s = 0.0, p = 0.0
      for x in u {
        let b = bets[min(Int(x * Double(n)), n - 1)]
        s += b.stake
        p += b.profit
      }
      rois.append(s > 0 ? p / s : 0)
    }
    rois.sort()
    return rois[Int(0.025 * Double(resamples))]...rois[Int(0.975 * Double(resamples)) - 1]
  }
}
