/// The replaced service's response to POST /api/trade_score (docs/contracts.md, "AFL trade score"), field for
/// field and rounded as it rounded: `round(x, 1)` for scores, factors and weights (in percent),
/// `round(x, 0)` for dollars, integer projected prices.
///
/// `flags` adds the four flags the service's endpoint computed but its response dropped
/// (`trading_peaked_player`, `getting_peaked_player`, `player_in_class`, `player_out_class`).
package struct TradeScoreResponse: Hashable, Sendable {
  package var tradeScore: Double
  package var scoringScore: Double
  package var cashScore: Double
  package var overallScore: Double
  package var scoreBreakdown: ScoreBreakdown
  package var priceProjections: PriceProjections
  package var projectedPrices: PlayerPair<[Double]>
  package var projectedScores: PlayerPair<[Double]>
  package var flags: Flags
  package var verdict: TradeVerdict
  package var explanations: [TradeExplanation]
  package var recommendation: TradeRecommendation

  /// The original's four factors (0-30, 0-25, 0-15, 0/5/10) and weights in percent.
  package struct ScoreBreakdown: Hashable, Sendable {
    package var projectedScore: Double
    package var value: Double
    package var breakeven: Double
    package var risk: Double
    package var scoringWeight: Double
    package var cashWeight: Double
  }

  /// Rounded per-round price changes of each player and the rounded cash score.
  package struct PriceProjections: Hashable, Sendable {
    package var playerIn: [Double]
    package var playerOut: [Double]
    package var netGain: Double
  }

  package struct Flags: Hashable, Sendable {
    package var peakedRookie: Bool
    package var upgradePath: UpgradePath
    package var seasonMatch: Bool
    package var tradingPeakedPlayer: Bool
    package var gettingPeakedPlayer: Bool
    package var playerInClass: PriceClass
    package var playerOutClass: PriceClass
  }
}

/// A value for each side of the trade, keyed as the original keys them.
package struct PlayerPair<Value: Hashable & Sendable>: Hashable, Sendable {
  package var playerIn: Value
  package var playerOut: Value

  package init(playerIn: Value, playerOut: Value) {
    self.playerIn = playerIn
    self.playerOut = playerOut
  }
}
