import Foundation
import OddsMath
import Simulation

/// The model's odds of one bet: the chances it wins and pushes (it loses otherwise).
package struct ModelOdds: Hashable, Sendable {
  package var win: Double
  package var push: Double

  package init(win: Double, push: Double) {
    self.win = win
    self.push = push
  }

  package var lose: Double { max(0, 1 - win - push) }

  /// The chance it wins given no push: what a devigged two-way price compares with. Nil when it
  /// cannot but push.
  package var fairProbability: Double? {
    let decided = win + lose
    return decided > 0 ? win / decided : nil
  }

  /// The expected return on a stake of 1 at `decimal` odds (a push returns the stake).
  package func expectedValue(decimal: Double) -> Double { win * (decimal - 1) - lose }
}

/// A game the live slate priced in play, as FairBet's live board prices its bets on the model:
/// every full-game total, spread, moneyline and team total (their alternate lines too) on the
/// final score's distribution (the exact one), and the periods still to come on their scores
/// given the state (`InPlayGame.periods`: total, spread, two-way moneyline with a tie pushing,
/// three-way moneyline, team totals). What the model does not price (a period under way, a
/// full game's three-way moneyline, a player's prop) has no model odds.
package struct InPlayBoardGame: Sendable {
  package let state: GameState
  let final: ScoreDistribution
  let periods: [GamePeriod: PeriodScores]

  init(state: GameState, final: ScoreDistribution, periods: [GamePeriod: PeriodScores]) {
    self.state = state
    self.final = final
    self.periods = periods
  }

  /// The slate's games under way, by FairBet game id (`FairBetGame.id(of:)` of the slate game's
  /// id, the feed's event id): each game with a state and a model, on the final-score model the
  /// slate priced it on (`InPlayPricing`, the same rule), its exact distribution the one kept from
  /// that pricing (looked up without keeping it alive; computed where none was kept: a game the
  /// slate priced no full-game market of). A state the model cannot price leaves the game out.
  static func games(_ games: [SlateGame], quarters: PeriodModel?, exacts: KeptExactDistributions) -> [Int: InPlayBoardGame] {
    var out: [Int: InPlayBoardGame] = [:]
    for g in games where g.problem == nil {
      guard let state = g.state, let model = g.model,
        let live = try? InPlayPricing.live(model, at: state, quarters: quarters),
        let final = exacts.cache.kept(live.model) ?? ExactScoreDistribution.compute(live.model)
      else { continue }
      out[FairBetGame.id(of: g.id)] = InPlayBoardGame(state: state, final: final, periods: live.periods)
    }
    return out
  }

  /// The model's odds of `bet` on `game`; nil for a bet it does not price.
  func odds(_ bet: BetReport, game: FairBetGame) -> ModelOdds? {
    let (base, period) = PeriodMarketKey.split(bet.market.lowercased())
    let market = base.hasPrefix("alternate_") ? String(base.dropFirst("alternate_".count)) : base
    let pick = FeedSelection(bet.selection, home: game.homeTeam, away: game.awayTeam)
    guard let period else { return fullGame(market, pick, line: bet.line) }
    guard let scores = periods[period] else { return nil }
    return Self.period(scores, market, pick, line: bet.line)
  }

  /// A full-game bet on the final score.
  func fullGame(_ market: String, _ pick: FeedSelection, line: Double?) -> ModelOdds? {
    func odds(_ d: DiscreteDistribution, _ line: Double, above: Bool) -> ModelOdds {
      let p = d.probabilities(line: line)
      return ModelOdds(win: above ? p.above : p.below, push: p.equal)
    }
    switch (market, pick, line) {
    case ("totals", .total(let over, nil), let line?): return odds(final.totals, line, above: over)
    case ("team_totals", .total(let over, let home?), let line?):
      return odds(home ? final.homeScores : final.awayScores, line, above: over)
    // Home -3.5 covers on a margin above 3.5; away +3.5 on a margin below 3.5.
    case ("spreads", .team(let home), let line?): return odds(final.margins, home ? -line : line, above: home)
    case ("h2h", .team(let home), _): return odds(final.margins, 0, above: home)
    default: return nil
    }
  }

  /// A bet on a period still to come, on its scores given the state.
  static func period(_ s: PeriodScores, _ market: String, _ pick: FeedSelection, line: Double?) -> ModelOdds? {
    switch (market, pick, line) {
    case ("totals", .total(let over, nil), let line?):
      let t = s.total(line)
      return ModelOdds(win: over ? t.over : t.under, push: t.push)
    case ("team_totals", .total(let over, let home?), let line?):
      let t = s.teamTotal(home: home, line)
      return ModelOdds(win: over ? t.over : t.under, push: t.push)
    case ("spreads", .team(let home), let line?):
      // Away +L covers where home -L loses.
      let c = s.homeSpread(home ? line : -line)
      return ModelOdds(win: home ? c.cover : c.lose, push: c.push)
    case ("h2h", .team(let home), _):
      let m = s.moneyline
      return ModelOdds(win: home ? m.home : m.away, push: m.tie)
    case ("h2h_3_way", .team(let home), _):
      let m = s.moneyline
      return ModelOdds(win: home ? m.home : m.away, push: 0)
    case ("h2h_3_way", .draw, _): return ModelOdds(win: s.moneyline.tie, push: 0)
    default: return nil
    }
  }
}
