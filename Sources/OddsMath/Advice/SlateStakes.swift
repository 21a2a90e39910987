/// Stakes for every recommended bet of a slate, computed together:
///
/// 1. Bets on one game are staked by joint Kelly (`JointKelly`) over that game's joint score
///    distribution (the outcomes of all its bets in each final score); a bet alone on its game
///    keeps its single-bet Kelly stake. Bets on different games are independent and staked
///    independently. The joint outcomes are the model's own, so each joint stake is scaled by
///    the bet's single stake Kelly over the model's single Kelly (`jointShrink`): a bet blended
///    with the market, or staked at the lower end of its EV interval, keeps that discount.
/// 2. Each stake is the policy's fraction of that full stake, capped per bet.
/// 3. When the stakes add up to more than `maxExposure`, all are scaled down by the same factor
///    so that they add up to exactly `maxExposure`.
/// Stakes in money are the fractions times the bankroll.
public enum SlateStakes {
  /// One game's recommended bets, with the joint outcomes when there are several.
  public struct Group: Sendable {
    public var bets: [SideAdvice]
    /// Each final score's probability and the bets' returns per unit staked in it; required
    /// when `bets` has more than one bet.
    public var outcomes: [JointKelly.Outcome]

    public init(bets: [SideAdvice], outcomes: [JointKelly.Outcome] = []) {
      self.bets = bets
      self.outcomes = outcomes
    }
  }

  /// Fractions of bankroll, per group and bet, in input order; and whether they were scaled to
  /// the exposure cap.
  public static func stakes(_ groups: [Group], policy: AdvicePolicy) -> (stakes: [[Double]], scaled: Bool) {
    var out: [[Double]] = groups.map { group in
      guard group.bets.count > 1 else { return group.bets.map(\.stake) }
      let full = JointKelly.stakes(count: group.bets.count, outcomes: group.outcomes)
      return zip(group.bets, full).map { bet, f in min(policy.kelly.fraction * f * bet.jointShrink, policy.kelly.cap) }
    }
    let total = out.joined().reduce(0, +)
    guard total > policy.maxExposure else { return (out, false) }
    let scale = policy.maxExposure / total
    out = out.map { $0.map { $0 * scale } }
    return (out, true)
  }
}
