import OddsMath

/// One game of a priced slate: what the betting agent's batch game (docs/contracts.md, "Betting agent":
/// `game_id`, `home_abbr`, `away_abbr`, `projected`, `line`, `monte_carlo`, `ev_metrics`,
/// `verdict`, and `error` when it was not evaluated) carries, with mcsim's additions: the tonight
/// endpoint's per-game facts when known, `edge` (projected - line, points), the `spread` and
/// `moneyline` results when the game has those prices, `best_bet` across them, the `model`,
/// `warnings`.
///
/// `monte_carlo` is the same object as `mcsim run`'s `simulation` (a superset of the batch
/// fields); it is null when the game has no totals line. `verdict` is the agent's totals verdict,
/// NO_LINE without a totals line, or ERROR for a game that could not be evaluated.
public struct SlateGameResult: Sendable {
  public let gameID: String
  public let homeAbbr: String?
  public let awayAbbr: String?
  public let homeProjection: Double?
  public let awayProjection: Double?
  public let line: Double?
  public let overOdds: Double?
  public let underOdds: Double?
  public let monteCarlo: TotalsSimulationSummary?
  public let evMetrics: TotalsEVMetrics?
  /// The advice on the total (sides over, under), when the game has a totals line.
  public let totalsAdvice: MarketAdvice?
  /// The recommended bets of this game with their stakes, set with the whole slate's
  /// (`SlateStakes`); empty until then (NDJSON lines, written as each game is ready, carry the
  /// single-bet stakes of `ev_metrics`, `spread` and `moneyline` only).
  public internal(set) var stakes: [BetStake] = []
  /// The recommended bets and their joint outcomes, for the slate's stakes.
  var stakeGroup: StakeCandidates?
  public let verdict: TotalsVerdict
  public let spread: SideMarketResult?
  public let moneyline: SideMarketResult?
  public let totalSource: PriceSource?
  public let model: ModelDescription?
  package let info: GameInfo
  public let warnings: [String]
  /// The game's periods priced (its slate game's `periods`).
  package var periods: [PricedPeriod] = []
  /// In play: the state priced at and the points still to come.
  package var inPlay: InPlayReading?
  /// Why the game was not evaluated, if it was not.
  public let failure: GameFailure?

  /// The failure in words (the agent's `error`).
  public var error: String? { failure?.description }

  /// Projected total points: home + away projections.
  public var projected: Double? {
    guard let h = homeProjection, let a = awayProjection else { return nil }
    return h + a
  }

  public var failed: Bool { failure != nil }

  /// The slate's stake on a market of the game after joint Kelly and the exposure cap, on `side`
  /// or on whichever side is staked; nil when none is. The full game's market unless `period`
  /// is given; the game's total unless `team` names a team's. Every output that shows a game's
  /// stake reads it here, so none shows the uncapped single-bet stake of the advice in its place.
  package func stake(on market: BetMarket, side: BetSide? = nil, period: GamePeriod? = nil, team: BetSide? = nil) -> BetStake? {
    stakes.first { s in
      s.bet.market == market && (side == nil || s.bet.side == side) && s.bet.period == period && s.bet.team == team
    }
  }

  /// The bet with the highest EV among the priced sides of every market.
  public var bestBet: BestBet? {
    var candidates: [BestBet] = []
    if let e = evMetrics, let line, let over = overOdds, let under = underOdds, let mc = monteCarlo {
      let a = totalsAdvice?.sides
      candidates.append(BestBet(market: .total, side: .over, line: line, odds: over, probability: a?[0].probabilities.win ?? mc.pOver, ev: e.evOver))
      candidates.append(
        BestBet(market: .total, side: .under, line: line, odds: under, probability: a?[1].probabilities.win ?? mc.pUnder, ev: e.evUnder))
    }
    for m in [spread, moneyline].compactMap({ $0 }) {
      let name = m.kind.market
      let a = m.advice.sides
      candidates.append(BestBet(market: name, side: .home, line: m.homeLine, odds: m.homeOdds, probability: a[0].probabilities.win, ev: m.evHome))
      candidates.append(
        BestBet(market: name, side: .away, line: m.homeLine.map { -$0 }, odds: m.awayOdds, probability: a[1].probabilities.win, ev: m.evAway))
    }
    return candidates.max { $0.ev < $1.ev }
  }

  init(
    game: SlateGame, monteCarlo: TotalsSimulationSummary?, evMetrics: TotalsEVMetrics?, totalsAdvice: MarketAdvice? = nil,
    spread: SideMarketResult?, moneyline: SideMarketResult?, warnings: [String], failure: GameFailure?
  ) {
    self.totalsAdvice = totalsAdvice
    gameID = game.id
    homeAbbr = game.homeAbbr
    awayAbbr = game.awayAbbr
    homeProjection = game.model?.homeMean
    awayProjection = game.model?.awayMean
    line = game.markets.total?.line
    overOdds = game.markets.total?.overOdds.decimal
    underOdds = game.markets.total?.underOdds.decimal
    self.monteCarlo = monteCarlo
    self.evMetrics = evMetrics
    if let failure {
      verdict = failure == .noLine ? .noLine : .error
    } else {
      verdict = evMetrics?.verdict ?? .noLine
    }
    self.spread = spread
    self.moneyline = moneyline
    totalSource = game.markets.totalSource
    model = game.model.map(ModelDescription.init)
    info = game.info
    self.warnings = game.info.notes + warnings
    self.failure = failure
  }
}

/// One bet on a game: the single most valuable one (`best_bet`), or a staked one (`BetStake`).
public struct BestBet: Hashable, Sendable {
  public let market: BetMarket
  public let side: BetSide
  /// The line as this side takes it (the away spread is minus the home one); nil for a moneyline.
  public let line: Double?
  /// Decimal odds.
  public let odds: Double
  public let probability: Double
  /// EV per unit staked.
  public let ev: Double
  /// The period the bet is on (a slate game's `period_lines`); nil for the full game.
  package let period: GamePeriod?
  /// A team's total (market `.total`): `.home` or `.away`; nil for the game's total and the other
  /// markets.
  package let team: BetSide?

  init(
    market: BetMarket, side: BetSide, line: Double?, odds: Double, probability: Double, ev: Double, period: GamePeriod? = nil,
    team: BetSide? = nil
  ) {
    self.market = market
    self.side = side
    self.line = line
    self.odds = odds
    self.probability = probability
    self.ev = ev
    self.period = period
    self.team = team
  }
}
