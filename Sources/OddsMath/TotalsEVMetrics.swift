/// Over/under pricing of one totals market: the betting agent's `ev_metrics` object
/// (docs/contracts.md, "Betting agent"), field for field (ServiceContracts encodes it). Fractions, not percent.
public struct TotalsEVMetrics: Hashable, Sendable {
  public let evOver: Double
  public let evUnder: Double
  public let edgeOver: Double
  public let edgeUnder: Double
  public let impliedOver: Double
  public let impliedUnder: Double
  public let kellyOverFull: Double
  public let kellyUnderFull: Double
  public let kellyOverFractional: Double
  public let kellyUnderFractional: Double
  public let recommendedBet: TotalsRecommendation
  public let bestEV: Double
  public let bestEdge: Double
  public let oddsUsed: OddsUsed

  public struct OddsUsed: Hashable, Sendable {
    public let over: Double
    public let under: Double
  }

  /// `over` and `under` are the settlement probabilities of each side (a push on a whole
  /// line is the same event for both).
  public init(pOver: Double, pUnder: Double, pPush: Double, overOdds: Odds, underOdds: Odds, kelly: KellyPolicy) {
    let over = BetEvaluation(odds: overOdds, probabilities: .init(win: pOver, lose: pUnder, push: pPush))
    let under = BetEvaluation(odds: underOdds, probabilities: .init(win: pUnder, lose: pOver, push: pPush))
    evOver = over.expectedValue
    evUnder = under.expectedValue
    edgeOver = over.edge
    edgeUnder = under.edge
    impliedOver = overOdds.impliedProbability
    impliedUnder = underOdds.impliedProbability
    kellyOverFull = over.fullKelly
    kellyUnderFull = under.fullKelly
    kellyOverFractional = over.kellyStake(fraction: kelly.fraction, cap: kelly.cap)
    kellyUnderFractional = under.kellyStake(fraction: kelly.fraction, cap: kelly.cap)
    bestEV = max(evOver, evUnder)
    bestEdge = max(edgeOver, edgeUnder)
    recommendedBet = TotalsRecommendation(evOver: evOver, evUnder: evUnder)
    oddsUsed = OddsUsed(over: overOdds.decimal, under: underOdds.decimal)
  }

  /// From the advice on the market (sides over, under): EV, edge and Kelly at the probability
  /// the advice stands on (exact where the model has it), the fractional Kelly fields are the
  /// advised stakes (0 where withheld), and the recommendation is the advice's.
  public init(advice: MarketAdvice) {
    let over = advice.sides[0], under = advice.sides[1]
    evOver = over.ev
    evUnder = under.ev
    edgeOver = over.edge
    edgeUnder = under.edge
    impliedOver = over.odds.impliedProbability
    impliedUnder = under.odds.impliedProbability
    kellyOverFull = over.fullKelly
    kellyUnderFull = under.fullKelly
    kellyOverFractional = over.stake
    kellyUnderFractional = under.stake
    bestEV = max(evOver, evUnder)
    bestEdge = max(edgeOver, edgeUnder)
    recommendedBet = TotalsRecommendation(rawValue: advice.recommendation) ?? .noBet
    oddsUsed = OddsUsed(over: over.odds.decimal, under: under.odds.decimal)
  }

  /// The verdict of the agent's batch and tonight endpoints: the recommendation's grade, on the
  /// same scale (`TotalsVerdict(recommendation:)`).
  public var verdict: TotalsVerdict { TotalsVerdict(recommendation: recommendedBet) }

}

/// The agent's recommendation from the better side's EV per unit staked (`BetStrength`):
/// STRONG_BET above 6%, BET above 3%, LEAN above 0, else NO_BET.
public enum TotalsRecommendation: String, Hashable, Sendable, Codable, CaseIterable {
  case strongBetOver = "STRONG_BET_OVER", strongBetUnder = "STRONG_BET_UNDER"
  case betOver = "BET_OVER", betUnder = "BET_UNDER"
  case leanOver = "LEAN_OVER", leanUnder = "LEAN_UNDER"
  case noBet = "NO_BET"

  public init(evOver: Double, evUnder: Double) {
    let over = evOver >= evUnder
    self = Self(rawValue: BetStrength(ev: max(evOver, evUnder)).label(side: over ? "over" : "under"))!
  }
}

/// The agent's per-game verdict. The agent graded it on its own scale (edges p - 1/odds: STRONG
/// above 8%, LEAN above 3%, the under checked first), which could say NEUTRAL beside a
/// STRONG_BET_OVER recommendation. mcsim keeps the field and its values but reads it off the
/// recommendation, so the two always agree: STRONG_<side> for STRONG_BET_<side>, LEAN_<side> for
/// BET_<side> and LEAN_<side>, NEUTRAL for NO_BET; NO_LINE when the game has no line.
/// `init(edgeOver:edgeUnder:)` is the agent's own rule, kept for reference.
public enum TotalsVerdict: String, Hashable, Sendable, Codable, CaseIterable {
  case strongUnder = "STRONG_UNDER", leanUnder = "LEAN_UNDER"
  case strongOver = "STRONG_OVER", leanOver = "LEAN_OVER"
  case neutral = "NEUTRAL", noLine = "NO_LINE"
  /// mcsim's: the game could not be evaluated (its `error` says why).
  case error = "ERROR"

  public init(recommendation: TotalsRecommendation) {
    switch recommendation {
    case .strongBetOver: self = .strongOver
    case .strongBetUnder: self = .strongUnder
    case .betOver, .leanOver: self = .leanOver
    case .betUnder, .leanUnder: self = .leanUnder
    case .noBet: self = .neutral
    }
  }

  public init(edgeOver: Double, edgeUnder: Double) {
    if edgeUnder > 0.08 {
      self = .strongUnder
    } else if edgeUnder > 0.03 {
      self = .leanUnder
    } else if edgeOver > 0.08 {
      self = .strongOver
    } else if edgeOver > 0.03 {
      self = .leanOver
    } else {
      self = .neutral
    }
  }
}
