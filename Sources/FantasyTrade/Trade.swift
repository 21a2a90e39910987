/// A validated one-for-one trade in its context.
package struct Trade: Hashable, Sendable {
  package var playerIn: ProjectedPlayer
  package var playerOut: ProjectedPlayer
  package var context: TradeContext

  package init(playerIn: ProjectedPlayer, playerOut: ProjectedPlayer, context: TradeContext) {
    self.playerIn = playerIn
    self.playerOut = playerOut
    self.context = context
  }

  /// The original's response for this trade.
  package var original: TradeScoreResponse {
    OriginalTradeScore.evaluate(playerIn: playerIn, playerOut: playerOut, context: context)
  }

  /// The unrounded figures of the projections.
  package var figures: TradeFigures {
    TradeFigures(playerIn: playerIn, playerOut: playerOut, context: context)
  }

  /// The same trade with the noise removed (the simulation's zero-noise limit).
  package var withoutNoise: Trade {
    Trade(playerIn: playerIn.withoutNoise, playerOut: playerOut.withoutNoise, context: context)
  }
}
