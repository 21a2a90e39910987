import OddsMath

/// A spread or a moneyline priced from the simulated margin (home - away): each side's
/// probability of winning, losing and pushing, its EV, edge and Kelly stake (fractions; the
/// slate's JSON gives them in percent), and the recommendation by the replaced service's thresholds
/// (`BetStrength`: STRONG_BET_HOME, LEAN_AWAY, NO_BET, ...).
public struct SideMarketResult: Hashable, Sendable {
  public enum Kind: String, Hashable, Sendable { case spread, moneyline }

  public let kind: Kind
  /// The home team's spread (nil for a moneyline).
  public let homeLine: Double?
  public let homeOdds: Double
  public let awayOdds: Double
  /// P(home side wins the bet), P(away side wins it), P(neither: a push on a whole spread, a
  /// tie for a moneyline, which the tie overtime model never leaves).
  public let pHome: Double
  public let pAway: Double
  public let pPush: Double
  public let ci95Home: [Double]
  public let evHome: Double
  public let evAway: Double
  public let edgeHome: Double
  public let edgeAway: Double
  public let kellyHome: Double
  public let kellyAway: Double
  public let kellyHomeFull: Double
  public let kellyAwayFull: Double
  public let recommendedBet: String
  /// The overtime model the margin was simulated under (always one where every game has a
  /// winner: see `SlateEvaluator`).
  public let otModel: String
  public let source: PriceSource?

  init(
    kind: Kind, homeLine: Double?, homeOdds: Odds, awayOdds: Odds, margins: DiscreteDistribution,
    kelly: KellyPolicy, otModel: Overtime.Kind, source: PriceSource?
  ) {
    self.kind = kind
    self.homeLine = homeLine
    self.homeOdds = homeOdds.decimal
    self.awayOdds = awayOdds.decimal
    // Home covers when margin + line > 0, i.e. margin > -line.
    let p = margins.probabilities(line: -(homeLine ?? 0))
    pHome = p.above
    pAway = p.below
    pPush = p.equal
    let n = Double(margins.sampleCount ?? 0)
    let ci = ProportionInterval.wilson(pHome, n: n)
    ci95Home = [ci.lower, ci.upper]
    let home = BetEvaluation(odds: homeOdds, probabilities: .init(win: p.above, lose: p.below, push: p.equal))
    let away = BetEvaluation(odds: awayOdds, probabilities: .init(win: p.below, lose: p.above, push: p.equal))
    evHome = home.expectedValue
    evAway = away.expectedValue
    edgeHome = home.edge
    edgeAway = away.edge
    kellyHome = home.kellyStake(fraction: kelly.fraction, cap: kelly.cap)
    kellyAway = away.kellyStake(fraction: kelly.fraction, cap: kelly.cap)
    kellyHomeFull = home.fullKelly
    kellyAwayFull = away.fullKelly
    let homeBetter = home.expectedValue >= away.expectedValue
    recommendedBet = BetStrength(ev: max(home.expectedValue, away.expectedValue))
      .label(side: homeBetter ? "home" : "away")
    self.otModel = otModel.rawValue
    self.source = source
  }

  /// The better side's EV per unit staked.
  public var bestEV: Double { max(evHome, evAway) }
}
