import OddsMath

/// One game's market as the backtest reads it: the model's settlement probabilities of the first
/// side (the over, the home spread, the home moneyline), the prices of both sides, the market's
/// devigged probability of the first side among decided outcomes, and what happened.
///
/// Totals and spreads are priced at -110 a side (the data carry no prices for them), so their
/// market probability is 1/2; moneylines at the closing prices, devigged multiplicatively (each
/// implied probability over their sum), and only where both exist. A moneyline under the flat
/// overtime model counts a level game half to each side (`GamePrices.pHomeWin`).
package struct MarketOutcome: Hashable, Sendable {
  /// Index of the game in the games given.
  package var game: Int
  package var season: String
  package var model: SettlementProbabilities
  package var simulations: UInt64
  package var firstOdds: Odds
  package var secondOdds: Odds
  package var market: Double
  /// +1: the first side won; -1: it lost; 0: a push.
  package var outcome: Int
  /// A whole line (a push is possible); false for moneylines.
  package var wholeLine: Bool

  package init(
    game: Int, season: String, model: SettlementProbabilities, simulations: UInt64, firstOdds: Odds, secondOdds: Odds,
    market: Double, outcome: Int, wholeLine: Bool
  ) {
    self.game = game
    self.season = season
    self.model = model
    self.simulations = simulations
    self.firstOdds = firstOdds
    self.secondOdds = secondOdds
    self.market = market
    self.outcome = outcome
    self.wholeLine = wholeLine
  }

  /// The model's probability of the first side among decided outcomes, nil when it decided none.
  package var modelProbability: Double? {
    let d = model.win + model.lose
    return d > 0 ? model.win / d : nil
  }

  /// The three markets of every priced game (`prices` nil: not priced), in game order.
  package static func extract(_ games: [HistoricalGame], prices: [GamePrices?])
    -> (totals: [MarketOutcome], spreads: [MarketOutcome], moneylines: [MarketOutcome])
  {
    var totals: [MarketOutcome] = [], spreads: [MarketOutcome] = [], moneylines: [MarketOutcome] = []
    let standard = try! Odds(american: -110)
    for (i, (g, price)) in zip(games, prices).enumerated() {
      guard let p = price else { continue }
      if let line = g.closeTotal {
        let t = Double(g.total)
        totals.append(
          MarketOutcome(
            game: i, season: g.season, model: SettlementProbabilities(win: p.pOver, lose: p.pUnder, push: p.pTotalPush),
            simulations: p.simulations, firstOdds: standard, secondOdds: standard, market: 0.5,
            outcome: t > line ? 1 : t < line ? -1 : 0, wholeLine: line == line.rounded()))
      }
      if let s = g.closeSpreadHome {
        let m = Double(g.margin) + s
        spreads.append(
          MarketOutcome(
            game: i, season: g.season,
            model: SettlementProbabilities(win: p.pHomeCover, lose: p.pAwayCover, push: p.pSpreadPush),
            simulations: p.simulations, firstOdds: standard, secondOdds: standard, market: 0.5,
            outcome: m > 0 ? 1 : m < 0 ? -1 : 0, wholeLine: s == s.rounded()))
      }
      if let hm = g.homeMoneyline, let am = g.awayMoneyline, let ho = try? Odds(american: hm),
        let ao = try? Odds(american: am)
      {
        moneylines.append(
          MarketOutcome(
            game: i, season: g.season, model: SettlementProbabilities(win: p.pHomeWin, lose: 1 - p.pHomeWin),
            simulations: p.simulations, firstOdds: ho, secondOdds: ao,
            market: ho.impliedProbability / (ho.impliedProbability + ao.impliedProbability),
            outcome: g.homeScore > g.awayScore ? 1 : -1, wholeLine: false))
      }
    }
    return (totals, spreads, moneylines)
  }
}
