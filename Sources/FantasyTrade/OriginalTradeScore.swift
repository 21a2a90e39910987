/// The replaced service's trade score, reproduced exactly (docs/contracts.md, "AFL trade score"): the same
/// operations in the same order on IEEE doubles, CPython's `sum` and `round` (`PythonNumerics`).
/// No randomness; this is also the simulation's zero-noise limit.
package enum OriginalTradeScore {
  /// The full response for a trade.
  package static func evaluate(
    playerIn: ProjectedPlayer, playerOut: ProjectedPlayer, context: TradeContext
  ) -> TradeScoreResponse {
    typealias P = PythonNumerics
    let figures = TradeFigures(playerIn: playerIn, playerOut: playerOut, context: context)
    let weights = context.weights
    let changesIn = playerIn.projectedPriceChanges
    let changesOut = playerOut.projectedPriceChanges
    let avgIn = playerIn.averageProjection
    let avgOut = playerOut.averageProjection

    let scoreFactor = min(30, max(0, 15 + (avgIn - avgOut) * 0.75))
    let priceDiff = playerIn.price - playerOut.price
    let valueIn = avgIn / (playerIn.price / 10000)
    let valueOut = avgOut / (playerOut.price / 10000)
    let valueFactor = min(25, max(0, 12.5 + (valueIn - valueOut) * 2.5 - (priceDiff / 1_000_000) * 5))
    let beToAvgIn = avgIn > 0 ? playerIn.breakeven / avgIn : 2
    let beToAvgOut = avgOut > 0 ? playerOut.breakeven / avgOut : 2
    let beDiff = playerOut.breakeven - playerIn.breakeven
    let beFactor = min(15, max(0, 7.5 + (beToAvgOut - beToAvgIn) * 5 + beDiff * 0.1))

    let flags = TradeScoreResponse.Flags(
      peakedRookie: (playerIn.priceClass == .rookie && playerIn.isPeaked)
        || (playerOut.priceClass == .rookie && playerOut.isPeaked),
      upgradePath: UpgradePath(priceIn: playerIn.price, priceOut: playerOut.price, averageIn: avgIn, averageOut: avgOut),
      seasonMatch: (context.roundNumber <= 7 && figures.cashScore > 0)
        || (context.roundNumber >= 18 && figures.scoringScore > 0),
      tradingPeakedPlayer: playerOut.isPeaked,
      gettingPeakedPlayer: playerIn.isPeaked,
      playerInClass: playerIn.priceClass,
      playerOutClass: playerOut.priceClass)

    return TradeScoreResponse(
      tradeScore: P.round(figures.tradeScore, digits: 1),
      scoringScore: P.round(figures.scoringScore, digits: 1),
      cashScore: P.round(figures.cashScore),
      overallScore: P.round(figures.overallScore, digits: 1),
      scoreBreakdown: .init(
        projectedScore: P.round(scoreFactor, digits: 1),
        value: P.round(valueFactor, digits: 1),
        breakeven: P.round(beFactor, digits: 1),
        risk: riskFactor(playerIn: playerIn, playerOut: playerOut),
        scoringWeight: P.round(weights.scoring * 100, digits: 1),
        cashWeight: P.round(weights.cash * 100, digits: 1)),
      priceProjections: .init(
        playerIn: changesIn.map(P.round), playerOut: changesOut.map(P.round),
        netGain: P.round(figures.cashScore)),
      projectedPrices: PlayerPair(
        playerIn: projectedPrices(playerIn.price, changesIn),
        playerOut: projectedPrices(playerOut.price, changesOut)),
      projectedScores: PlayerPair(playerIn: playerIn.projectedScores, playerOut: playerOut.projectedScores),
      flags: flags,
      verdict: TradeVerdict(overall: figures.overallScore),
      explanations: TradeExplanation.facts(
        playerIn: playerIn, playerOut: playerOut, context: context, scoreDiff: avgIn - avgOut,
        cashScore: figures.cashScore, flags: flags),
      recommendation: TradeRecommendation(tradeScore: figures.tradeScore))
  }

  /// 10 when only the outgoing player is a red dot, 0 when only the incoming one is, else 5.
  package static func riskFactor(playerIn: ProjectedPlayer, playerOut: ProjectedPlayer) -> Double {
    switch (playerIn.isRedDot, playerOut.isRedDot) {
    case (false, true): 10
    case (true, false): 0
    default: 5
    }
  }

  /// Price after each round: the price plus the changes rounded half to even, cumulated.
  static func projectedPrices(_ price: Double, _ changes: [Double]) -> [Double] {
    var current = price
    return changes.map { change in
      current += PythonNumerics.round(change)
      return current
    }
  }
}
