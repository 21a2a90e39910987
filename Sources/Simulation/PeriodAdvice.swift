import OddsMath

/// The advice on a period's priced sides (`PeriodPrices`), market by market, on the period's
/// exact probabilities (`PeriodScores`: a normal on whole points):
/// - total: over wins above the line, under below, a whole line pushes;
/// - spread: the home side covers when the period's margin plus its line is above 0;
/// - moneyline, two-way: a level period gives the stakes back, or (`tieLoses`) loses both (then
///   no market probability: the two prices leave the level's share out); three-way (a draw
///   priced): home, away and draw each win on their own result;
/// - a team's total: over wins above its line, under below, a whole line pushes.
/// The market's probability beside each side, when all its sides are priced, is the feed's
/// books' consensus where given (`PeriodPrices.fair`), else the power devig of its prices. `policy` is taken on the full game's market of the same kind
/// (`AdvicePolicy.on`): its pool weights were fitted on full-game lines.
package struct PeriodAdvice: Hashable, Sendable {
  package var total: MarketAdvice?
  package var spread: MarketAdvice?
  package var moneyline: MarketAdvice?
  package var homeTotal: MarketAdvice?
  package var awayTotal: MarketAdvice?

  package init(total: MarketAdvice? = nil, spread: MarketAdvice? = nil, moneyline: MarketAdvice? = nil) {
    self.total = total
    self.spread = spread
    self.moneyline = moneyline
  }

  /// A team's total's advice: `home` true for the home team's.
  package func teamTotal(home: Bool) -> MarketAdvice? { home ? homeTotal : awayTotal }

  /// Each market of the period with its advice, in one order (total, spread, moneyline, the
  /// home team's total, the away team's): the market and the team a team's total is of, as the
  /// slate's stakes name them.
  package var markets: [(market: BetMarket, team: BetSide?, advice: MarketAdvice?)] {
    [(.total, nil, total), (.spread, nil, spread), (.moneyline, nil, moneyline), (.total, .home, homeTotal), (.total, .away, awayTotal)]
  }

  package init(scores s: PeriodScores, quote: PeriodQuote, policy: AdvicePolicy) {
    let prices = quote.prices
    if let line = quote.totalLine {
      let t = s.total(line)
      total = Self.market(
        [
          (.over, prices.over, .init(win: t.over, lose: t.under, push: t.push)),
          (.under, prices.under, .init(win: t.under, lose: t.over, push: t.push)),
        ],
        fair: prices.fair[.total], policy: policy.on(.total))
    }
    if let line = quote.spread {
      let c = s.homeSpread(line)
      self.spread = Self.market(
        [
          (.home, prices.homeSpread, .init(win: c.cover, lose: c.lose, push: c.push)),
          (.away, prices.awaySpread, .init(win: c.lose, lose: c.cover, push: c.push)),
        ],
        fair: prices.fair[.spread], policy: policy.on(.spread))
    }
    let ml = s.moneyline
    let pushes = prices.draw == nil && !prices.tieLoses
    var sides: [(BetSide, Odds?, SettlementProbabilities)] = [
      (.home, prices.home, pushes ? .init(win: ml.home, lose: ml.away, push: ml.tie) : .init(win: ml.home, lose: ml.away + ml.tie)),
      (.away, prices.away, pushes ? .init(win: ml.away, lose: ml.home, push: ml.tie) : .init(win: ml.away, lose: ml.home + ml.tie)),
    ]
    if prices.draw != nil { sides.append((.draw, prices.draw, .init(win: ml.tie, lose: ml.home + ml.away, push: 0))) }
    // Where a level period loses both sides, the two prices leave out the level's share: no
    // market probability can be read off them.
    moneyline = Self.market(sides, fair: prices.fair[.moneyline], devig: !prices.tieLoses, policy: policy.on(.moneyline))
    for home in [true, false] {
      guard let line = home ? quote.homeTotal : quote.awayTotal else { continue }
      let t = s.teamTotal(home: home, line), p = prices.teamTotal(home: home)
      let advice = Self.market(
        [(.over, p.over, .init(win: t.over, lose: t.under, push: t.push)), (.under, p.under, .init(win: t.under, lose: t.over, push: t.push))],
        fair: prices.teamFair[home ? .home : .away], policy: policy.on(.total))
      if home { homeTotal = advice } else { awayTotal = advice }
    }
  }

  /// Whether any side is advised.
  package var isEmpty: Bool { total == nil && spread == nil && moneyline == nil && homeTotal == nil && awayTotal == nil }

  /// The advice on each side with a price (nil when none has one); the market's probabilities
  /// (`fair`, else the prices devigged together) when every side has one.
  static func market(
    _ sides: [(BetSide, Odds?, SettlementProbabilities)], fair: [MarketProbability]?, devig: Bool = true, policy: AdvicePolicy
  ) -> MarketAdvice? {
    let priced = sides.compactMap { s in s.1.map { (side: s.0, odds: $0, p: s.2) } }
    guard !priced.isEmpty else { return nil }
    var market: [MarketProbability] = []
    if priced.count == sides.count && devig {
      market = fair?.count == sides.count ? fair! : MarketProbability.singleBook(priced.map(\.odds))
    }
    return MarketAdvice(
      sides: priced.enumerated().map { i, s in
        SideAdvice(
          side: s.side, odds: s.odds, simulated: s.p, simulations: 0, exact: s.p, market: market.isEmpty ? nil : market[i],
          policy: policy)
      })
  }
}
