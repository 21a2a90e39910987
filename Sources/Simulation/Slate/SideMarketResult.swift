import OddsMath

/// A spread or a moneyline priced from the simulated margin (home - away): each side's
/// probability of winning, losing and pushing (simulated, as `p_home_cover`), its EV, edge and
/// Kelly stake (fractions) at the probability the advice stands on (exact where the model has
/// one), and the recommendation on the one grade scale (`BetStrength`: STRONG_BET_HOME,
/// LEAN_AWAY, NO_BET, ...) after the advice's gates (`MarketAdvice`).
public struct SideMarketResult: Hashable, Sendable {
  public enum Kind: String, Hashable, Sendable {
    case spread, moneyline

    /// The market the kind is (the advice policy's and the stakes' name for it).
    package var market: BetMarket { self == .spread ? .spread : .moneyline }
  }

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
  /// Sides home, away.
  public let advice: MarketAdvice

  init(
    kind: Kind, homeLine: Double?, homeOdds: Odds, awayOdds: Odds, margins: DiscreteDistribution,
    exactMargins: DiscreteDistribution?, policy: AdvicePolicy, otModel: Overtime.Kind, source: PriceSource?
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
    let exact = exactMargins.map { $0.probabilities(line: -(homeLine ?? 0)) }
    advice = MarketAdvice(
      names: (.home, .away), odds: (homeOdds, awayOdds),
      simulated: .init(win: p.above, lose: p.below, push: p.equal), simulations: margins.sampleCount ?? 0,
      exact: exact.map { .init(win: $0.above, lose: $0.below, push: $0.equal) },
      market: source?.marketProbabilities
        ?? MarketProbability.singleBook(homeOdds, awayOdds),
      policy: policy.on(kind.market))
    let home = advice.sides[0], away = advice.sides[1]
    evHome = home.ev
    evAway = away.ev
    edgeHome = home.edge
    edgeAway = away.edge
    kellyHome = home.stake
    kellyAway = away.stake
    kellyHomeFull = home.fullKelly
    kellyAwayFull = away.fullKelly
    recommendedBet = advice.recommendation
    self.otModel = otModel.rawValue
    self.source = source
  }

  /// The better side's EV per unit staked.
  public var bestEV: Double { max(evHome, evAway) }
}
