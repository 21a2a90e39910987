/// The original's explanation lines, word for word, in its order: the calculator's six, then
/// the three its endpoint appended from the peaked flags. Numbers print as Python printed them
/// (`PythonNumerics.fixed1` for `:.1f`, `PythonNumerics.str` for the integer breakevens).
enum TradeExplanations {
  static func lines(
    playerIn: ProjectedPlayer, playerOut: ProjectedPlayer, context: TradeContext,
    scoreDiff: Double, cashScore: Double, flags: TradeScoreResponse.Flags
  ) -> [String] {
    typealias P = PythonNumerics
    var lines: [String] = []
    lines.append(
      scoreDiff > 0
        ? "Player coming in projected to score \(P.fixed1(scoreDiff)) points more per game"
        : "Player coming in projected to score \(P.fixed1(-scoreDiff)) points less per game")
    lines.append(
      cashScore > 0
        ? "Projected to gain $\(P.fixed1(cashScore / 1000))k in value over 5 rounds"
        : "Projected to lose $\(P.fixed1(-cashScore / 1000))k in value over 5 rounds")
    let beDiff = playerOut.breakeven - playerIn.breakeven
    lines.append(
      beDiff > 0
        ? "Trading for a player with \(P.str(beDiff)) lower breakeven"
        : "Trading for a player with \(P.str(-beDiff)) higher breakeven")
    // Prices are Python ints there: -0 is 0, so a zero difference frees up "$0.0k", not "$-0.0k".
    let priceDiff = playerIn.price - playerOut.price
    lines.append(
      priceDiff > 0
        ? "This trade costs $\(P.fixed1(priceDiff / 1000))k immediately"
        : "This trade frees up $\(P.fixed1((0 - priceDiff) / 1000))k immediately")
    let round = context.roundNumber
    if round <= 7 {
      lines.append("Round \(round): Cash gain is weighted more heavily than scoring")
    } else if round >= 18 {
      lines.append("Round \(round): Only scoring matters at this stage of the season")
    }
    let ratio = context.valueRatio
    if ratio < 0.95 {
      lines.append("Your team value is below league average: Cash gain is prioritized")
    } else if ratio > 1.05 {
      lines.append("Your team value is above league average: Scoring is prioritized")
    }
    if playerIn.priceClass == .rookie && flags.gettingPeakedPlayer {
      lines.append("Warning: You are trading for a rookie who may have peaked in value")
    }
    if playerOut.priceClass == .rookie && flags.tradingPeakedPlayer {
      lines.append("Good: You are trading away a rookie who may have peaked in value")
    }
    if flags.gettingPeakedPlayer {
      lines.append(
        "Warning: \(flags.playerInClass.capitalized) player coming in may have peaked (avg proj < breakeven)")
    }
    if flags.tradingPeakedPlayer {
      lines.append(
        "Good: \(flags.playerOutClass.capitalized) player going out may have peaked (avg proj < breakeven)")
    }
    return lines
  }
}
