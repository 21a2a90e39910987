/// The original's per-draw arithmetic, shared by the deterministic answer and every simulated
/// draw so that the simulation's zero-noise limit is that answer to the last bit.
package enum TradeFormula {
  /// The original's "magic number": a player's price moves by (score - breakeven) * 9750 / 100
  /// dollars per round.
  package static let magicNumber = 9750.0
  /// Dollars per point above the breakeven: 9750 / 100 = 97.5.
  package static let pricePerPoint = magicNumber / 100

  /// One round's price change.
  @inlinable
  package static func priceChange(score: Double, breakeven: Double) -> Double {
    (score - breakeven) * pricePerPoint
  }

  /// overall = scoring * w_s + (cash / 10000) * w_c: points and dollars on one scale (10,000
  /// dollars count as one point).
  @inlinable
  package static func overall(scoring: Double, cash: Double, weights: RoundWeights) -> Double {
    scoring * weights.scoring + (cash / 10000) * weights.cash
  }

  /// trade_score = clamp(50 + 5 * overall, 0, 100).
  @inlinable
  package static func tradeScore(overall: Double) -> Double {
    max(0, min(100, 50 + overall * 5.0))
  }
}

/// The unrounded headline numbers of one trade (the original rounds them only for output).
package struct TradeFigures: Hashable, Sendable {
  /// Points gained over the projected rounds: sum(in) - sum(out).
  package var scoringScore: Double
  /// Dollars gained in price movement: sum(changes in) - sum(changes out).
  package var cashScore: Double
  package var overallScore: Double
  package var tradeScore: Double

  package init(pointsIn: Double, pointsOut: Double, cashIn: Double, cashOut: Double, weights: RoundWeights) {
    scoringScore = pointsIn - pointsOut
    cashScore = cashIn - cashOut
    overallScore = TradeFormula.overall(scoring: scoringScore, cash: cashScore, weights: weights)
    tradeScore = TradeFormula.tradeScore(overall: overallScore)
  }

  /// The figures of the projections themselves (the original's answer).
  package init(playerIn: ProjectedPlayer, playerOut: ProjectedPlayer, context: TradeContext) {
    self.init(
      pointsIn: PythonNumerics.sum(playerIn.projectedScores),
      pointsOut: PythonNumerics.sum(playerOut.projectedScores),
      cashIn: PythonNumerics.sum(playerIn.projectedPriceChanges),
      cashOut: PythonNumerics.sum(playerOut.projectedPriceChanges),
      weights: context.weights)
  }
}

extension ProjectedPlayer {
  /// The original's five price changes, from the projected scores.
  package var projectedPriceChanges: [Double] {
    projectedScores.map { TradeFormula.priceChange(score: $0, breakeven: breakeven) }
  }
}
