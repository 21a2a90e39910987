/// One fact the original explains a trade by, with its figure: the contract words it
/// (`TradeWording`) as the original printed it.
package enum TradeExplanation: Hashable, Sendable {
  /// The incoming player's average projection minus the outgoing one's.
  case scoreDifference(Double)
  /// The cash score: the value gained (or lost, negative) over five rounds, in dollars.
  case valueChange(Double)
  /// The outgoing player's breakeven minus the incoming one's.
  case breakevenDifference(Double)
  /// The incoming player's price minus the outgoing one's, in dollars.
  case priceDifference(Double)
  /// Rounds 1-7 weigh cash more; rounds 18 on weigh only scoring.
  case earlyRound(Int)
  case lateRound(Int)
  /// The team's value below 95% or above 105% of the league's average.
  case teamValueBelowAverage
  case teamValueAboveAverage
  /// A rookie who may have peaked, coming in or going out.
  case peakedRookieComingIn
  case peakedRookieGoingOut
  /// A player of this price class who may have peaked (average projection below breakeven).
  case peakedComingIn(PriceClass)
  case peakedGoingOut(PriceClass)

  /// The original's explanations, in its order: the calculator's six, then the three its
  /// endpoint appended from the peaked flags.
  static func facts(
    playerIn: ProjectedPlayer, playerOut: ProjectedPlayer, context: TradeContext,
    scoreDiff: Double, cashScore: Double, flags: TradeScoreResponse.Flags
  ) -> [TradeExplanation] {
    var facts: [TradeExplanation] = [
      .scoreDifference(scoreDiff), .valueChange(cashScore),
      .breakevenDifference(playerOut.breakeven - playerIn.breakeven),
      .priceDifference(playerIn.price - playerOut.price),
    ]
    let round = context.roundNumber
    if round <= 7 { facts.append(.earlyRound(round)) } else if round >= 18 { facts.append(.lateRound(round)) }
    let ratio = context.valueRatio
    if ratio < 0.95 { facts.append(.teamValueBelowAverage) } else if ratio > 1.05 { facts.append(.teamValueAboveAverage) }
    if playerIn.priceClass == .rookie && flags.gettingPeakedPlayer { facts.append(.peakedRookieComingIn) }
    if playerOut.priceClass == .rookie && flags.tradingPeakedPlayer { facts.append(.peakedRookieGoingOut) }
    if flags.gettingPeakedPlayer { facts.append(.peakedComingIn(flags.playerInClass)) }
    if flags.tradingPeakedPlayer { facts.append(.peakedGoingOut(flags.playerOutClass)) }
    return facts
  }
}
