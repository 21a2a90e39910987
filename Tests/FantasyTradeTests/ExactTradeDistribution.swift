import FantasyTrade
import Foundation

/// Closed forms of the trade model, written independently of the library for the Monte Carlo
/// checks: given K leading rounds missed, a player's points total is normal, so every quantity
/// of a trade is a finite mixture of normals.
struct ExactPlayer {
  var proj: [Double]
  var breakeven: Double
  var sd: Double
  var q: Double

  /// (probability, points mean, cash mean, sd of points) for k = 0 ... 5 missed rounds.
  var patterns: [(p: Double, points: Double, cash: Double, sd: Double)] {
    (0...5).map { k in
      let p = k < 5 ? pow(q, Double(k)) * (1 - q) : pow(q, 5)
      let played = proj[k...]
      let points = played.reduce(0, +)
      let cash = played.map { ($0 - breakeven) * 97.5 }.reduce(0, +)
      return (p, points, cash, sd * Double(5 - k).squareRoot())
    }
  }

  var meanPoints: Double { patterns.reduce(0) { $0 + $1.p * $1.points } }
  var meanCash: Double { patterns.reduce(0) { $0 + $1.p * $1.cash } }
}

enum Exact {
  static func phi(_ x: Double) -> Double { 0.5 * erfc(-x / 2.0.squareRoot()) }

  /// P(overall_score > 0) with weights (ws, wc): overall = ws * points + wc * cash / 10000 and
  /// cash moves 97.5 per point, so each side is normal given its pattern.
  static func confidence(_ a: ExactPlayer, _ b: ExactPlayer, ws: Double, wc: Double) -> Double {
    let slope = ws + wc * 97.5 / 10000
    var total = 0.0
    for x in a.patterns {
      for y in b.patterns {
        let mean = ws * (x.points - y.points) + wc * (x.cash - y.cash) / 10000
        let sd = slope * (x.sd * x.sd + y.sd * y.sd).squareRoot()
        let p = sd > 0 ? phi(mean / sd) : (mean > 0 ? 1 : 0)
        total += x.p * y.p * p
      }
    }
    return total
  }
}
