/// A validated one-for-one trade in its context.
public struct Trade: Hashable, Sendable {
  public var playerIn: ProjectedPlayer
  public var playerOut: ProjectedPlayer
  public var context: TradeContext

  public init(playerIn: ProjectedPlayer, playerOut: ProjectedPlayer, context: TradeContext) {
    self.playerIn = playerIn
    self.playerOut = playerOut
    self.context = context
  }

  /// The original's response for this trade.
  public var original: TradeScoreResponse {
    OriginalTradeScore.evaluate(playerIn: playerIn, playerOut: playerOut, context: context)
  }

  /// The unrounded figures of the projections.
  public var figures: TradeFigures {
    TradeFigures(playerIn: playerIn, playerOut: playerOut, context: context)
  }

  /// The same trade with the noise removed (the simulation's zero-noise limit).
  public var withoutNoise: Trade {
    Trade(playerIn: playerIn.withoutNoise, playerOut: playerOut.withoutNoise, context: context)
  }
}
