import OddsMath

/// A spread or a moneyline priced from the simulated margin (home - away): each side's
/// probability of winning, losing and pushing, its EV, edge and Kelly stake (in percent, as in
/// the slate's `ev_metrics`), and the recommendation by the replaced service's thresholds
/// (`BetStrength`: STRONG_BET_HOME, LEAN_AWAY, NO_BET, ...).
public struct SideMarketResult: Hashable, Sendable, Encodable {
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
    evHome = 100 * home.expectedValue
    evAway = 100 * away.expectedValue
    edgeHome = 100 * home.edge
    edgeAway = 100 * away.edge
    kellyHome = 100 * home.kellyStake(fraction: kelly.fraction, cap: kelly.cap)
    kellyAway = 100 * away.kellyStake(fraction: kelly.fraction, cap: kelly.cap)
    kellyHomeFull = 100 * home.fullKelly
    kellyAwayFull = 100 * away.fullKelly
    let homeBetter = home.expectedValue >= away.expectedValue
    recommendedBet = BetStrength(ev: max(home.expectedValue, away.expectedValue))
      .label(side: homeBetter ? "home" : "away")
    self.otModel = otModel.rawValue
    self.source = source
  }

  /// The better side's EV, percent.
  public var bestEV: Double { max(evHome, evAway) }

  enum CodingKeys: String, CodingKey {
    case line, homeOdds = "home_odds", awayOdds = "away_odds"
    case pHomeCover = "p_home_cover", pAwayCover = "p_away_cover", pPush = "p_push"
    case ci95HomeCover = "ci_95_home_cover"
    case pHomeWin = "p_home_win", pAwayWin = "p_away_win", pTie = "p_tie", ci95HomeWin = "ci_95_home_win"
    case evHome = "ev_home", evAway = "ev_away", edgeHome = "edge_home", edgeAway = "edge_away"
    case kellyHome = "kelly_home", kellyAway = "kelly_away"
    case kellyHomeFull = "kelly_home_full", kellyAwayFull = "kelly_away_full"
    case recommendedBet = "recommended_bet", otModel = "ot_model", source
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    switch kind {
    case .spread:
      try c.encode(homeLine, forKey: .line)
      try c.encode(pHome, forKey: .pHomeCover)
      try c.encode(pAway, forKey: .pAwayCover)
      try c.encode(pPush, forKey: .pPush)
      try c.encode(ci95Home, forKey: .ci95HomeCover)
    case .moneyline:
      try c.encode(pHome, forKey: .pHomeWin)
      try c.encode(pAway, forKey: .pAwayWin)
      try c.encode(pPush, forKey: .pTie)
      try c.encode(ci95Home, forKey: .ci95HomeWin)
    }
    try c.encode(homeOdds, forKey: .homeOdds)
    try c.encode(awayOdds, forKey: .awayOdds)
    try c.encode(evHome, forKey: .evHome)
    try c.encode(evAway, forKey: .evAway)
    try c.encode(edgeHome, forKey: .edgeHome)
    try c.encode(edgeAway, forKey: .edgeAway)
    try c.encode(kellyHome, forKey: .kellyHome)
    try c.encode(kellyAway, forKey: .kellyAway)
    try c.encode(kellyHomeFull, forKey: .kellyHomeFull)
    try c.encode(kellyAwayFull, forKey: .kellyAwayFull)
    try c.encode(recommendedBet, forKey: .recommendedBet)
    try c.encode(otModel, forKey: .otModel)
    try c.encodeIfPresent(source, forKey: .source)
  }
}
