import OddsMath

/// One recommended bet of a slate and its stake, computed with every other bet of the slate
/// (`SlateStakes`): in money (`stake`, fraction x bankroll) and as a fraction of bankroll; the
/// single-bet stake it started from; whether joint Kelly over its game set it.
public struct BetStake: Hashable, Sendable {
  /// The bet: market, side, line, odds, the probability the advice stands on and its EV.
  public let bet: BestBet
  public let grade: BetStrength
  /// Fraction of bankroll after joint Kelly and the exposure cap; the money staked.
  public let fraction: Double
  public let stake: Double
  /// The bet's own stake (fraction of bankroll) as if it were the only one.
  public let singleFraction: Double
  /// Staked by joint Kelly with the other bets on its game.
  public let joint: Bool
}
