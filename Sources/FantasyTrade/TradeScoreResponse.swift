/// The replaced service's response to POST /api/trade_score (docs/contracts.md, "AFL trade score"), field for
/// field and rounded as it rounded: `round(x, 1)` for scores, factors and weights (in percent),
/// `round(x, 0)` for dollars, integer projected prices.
///
/// `flags` adds the four flags the service's endpoint computed but its response dropped
/// (`trading_peaked_player`, `getting_peaked_player`, `player_in_class`, `player_out_class`).
public struct TradeScoreResponse: Hashable, Sendable {
  public var status = "ok"
  public var tradeScore: Double
  public var scoringScore: Double
  public var cashScore: Double
  public var overallScore: Double
  public var scoreBreakdown: ScoreBreakdown
  public var priceProjections: PriceProjections
  public var projectedPrices: PlayerPair<[Double]>
  public var projectedScores: PlayerPair<[Double]>
  public var flags: Flags
  public var verdict: String
  public var explanations: [String]
  public var recommendation: String

  /// The original's four factors (0-30, 0-25, 0-15, 0/5/10) and weights in percent.
  public struct ScoreBreakdown: Hashable, Sendable {
    public var projectedScore: Double
    public var value: Double
    public var breakeven: Double
    public var risk: Double
    public var scoringWeight: Double
    public var cashWeight: Double
  }

  /// Rounded per-round price changes of each player and the rounded cash score.
  public struct PriceProjections: Hashable, Sendable {
    public var playerIn: [Double]
    public var playerOut: [Double]
    public var netGain: Double
  }

  public struct Flags: Hashable, Sendable {
    public var peakedRookie: Bool
    /// "upgrade", "downgrade" or "neutral".
    public var upgradePath: String
    public var seasonMatch: Bool
    public var tradingPeakedPlayer: Bool
    public var gettingPeakedPlayer: Bool
    public var playerInClass: PriceClass
    public var playerOutClass: PriceClass
  }
}

/// A value for each side of the trade, keyed as the original keys them.
public struct PlayerPair<Value: Hashable & Sendable>: Hashable, Sendable {
  public var playerIn: Value
  public var playerOut: Value

  public init(playerIn: Value, playerOut: Value) {
    self.playerIn = playerIn
    self.playerOut = playerOut
  }
}
