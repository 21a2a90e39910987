/// Advice on a two-way market (over/under, home/away): each side's advice and the one
/// recommendation, on the one grade scale (`BetStrength`): the recommended side with the
/// highest EV, or NO_BET.
public struct MarketAdvice: Hashable, Sendable {
  public let sides: [SideAdvice]

  /// `names` of the two sides in order, their prices, the settlement probabilities of the first
  /// side (win, lose, push: the second side wins when the first loses) simulated over
  /// `simulations` games and, when the model has one, exact; the market's devigged probabilities
  /// of the two sides, if known.
  public init(
    names: (BetSide, BetSide), odds: (Odds, Odds), simulated: SettlementProbabilities, simulations: UInt64,
    exact: SettlementProbabilities?, market: [MarketProbability]?, policy: AdvicePolicy
  ) {
    func flip(_ p: SettlementProbabilities) -> SettlementProbabilities { .init(win: p.lose, lose: p.win, push: p.push) }
    let m = market?.count == 2 ? market : nil
    sides = [
      SideAdvice(
        side: names.0, odds: odds.0, simulated: simulated, simulations: simulations, exact: exact,
        market: m?[0], policy: policy),
      SideAdvice(
        side: names.1, odds: odds.1, simulated: flip(simulated), simulations: simulations, exact: exact.map(flip),
        market: m?[1], policy: policy),
    ]
  }

  /// Sides advised each on its own settlement (a moneyline where a level result loses every
  /// side, a three-way one): the same recommendation rule over them.
  package init(sides: [SideAdvice]) {
    precondition(!sides.isEmpty, "a market has at least one side")
    self.sides = sides
  }

  /// The side recommended, if any: the recommended side with the higher EV.
  public var best: SideAdvice? {
    sides.filter(\.recommended).max { $0.ev < $1.ev }
  }

  /// The recommendation as the replaced service spelled it ("BET_OVER", "NO_BET").
  public var recommendation: String {
    best.map { $0.strength.label(side: $0.side.rawValue) } ?? BetStrength.noBet.rawValue
  }

  public var source: ProbabilitySource { sides[0].source }
}
