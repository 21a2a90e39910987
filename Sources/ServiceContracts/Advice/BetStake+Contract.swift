import OddsMath
import Simulation

/// A slate bet's stake (mcsim's own): `stake` in money, `stake_fraction` of bankroll,
/// `single_stake_fraction` (as if it were the only bet), `joint` (staked with the other bets on
/// its game); `period` (`h1`, `q1`, ...) for a bet on a period, absent for the full game's;
/// `team` (`home`, `away`) for a team's total (market `total`), absent otherwise.
extension BetStake: Encodable {
  enum WireKeys: String, CodingKey {
    case market, side, line, odds, probability, ev, grade, stake, stakeFraction = "stake_fraction"
    case singleStakeFraction = "single_stake_fraction", joint, period, team
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode(bet.market, forKey: .market)
    try c.encode(bet.side, forKey: .side)
    try c.encode(bet.line, forKey: .line)
    try c.encode(bet.odds, forKey: .odds)
    try c.encode(bet.probability, forKey: .probability)
    try c.encode(bet.ev, forKey: .ev)
    try c.encode(grade, forKey: .grade)
    try c.encode(stake, forKey: .stake)
    try c.encode(fraction, forKey: .stakeFraction)
    try c.encode(singleFraction, forKey: .singleStakeFraction)
    try c.encode(joint, forKey: .joint)
    try c.encodeIfPresent(bet.period?.rawValue, forKey: .period)
    try c.encodeIfPresent(bet.team, forKey: .team)
  }
}
