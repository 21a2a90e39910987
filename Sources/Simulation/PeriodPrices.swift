import OddsMath

/// The prices a period's markets are quoted at, where the input gives them (a slate file's
/// `period_lines`, a feed's period markets): the total's over and under, the spread's home and
/// away, the moneyline's home and away and, three-way, the draw, each team's total's over and
/// under. A side without a price is priced (its probability) but not advised.
package struct PeriodPrices: Hashable, Sendable {
  package var over: Odds?
  package var under: Odds?
  package var homeSpread: Odds?
  package var awaySpread: Odds?
  package var home: Odds?
  package var away: Odds?
  /// A three-way moneyline's draw: with it, home, away and draw each win on their own result.
  package var draw: Odds?
  package var homeOver: Odds?
  package var homeUnder: Odds?
  package var awayOver: Odds?
  package var awayUnder: Odds?
  /// A two-way moneyline's level period loses both sides (some books' rule) rather than giving
  /// the stakes back (the usual one).
  package var tieLoses: Bool
  /// The market's own probabilities of a market's sides, in its sides' order (home, away, draw;
  /// over, under), where a feed's books gave them (their devigged consensus); else each market's
  /// prices are devigged together.
  package var fair: [BetMarket: [MarketProbability]] = [:]
  /// The same for each team's total (over, under), by team (`.home`, `.away`).
  package var teamFair: [BetSide: [MarketProbability]] = [:]

  package init(
    over: Odds? = nil, under: Odds? = nil, homeSpread: Odds? = nil, awaySpread: Odds? = nil, home: Odds? = nil,
    away: Odds? = nil, draw: Odds? = nil, tieLoses: Bool = false
  ) {
    self.over = over
    self.under = under
    self.homeSpread = homeSpread
    self.awaySpread = awaySpread
    self.home = home
    self.away = away
    self.draw = draw
    self.tieLoses = tieLoses
  }

  /// Whether any side has a price.
  package var isEmpty: Bool {
    [over, under, homeSpread, awaySpread, home, away, draw, homeOver, homeUnder, awayOver, awayUnder].allSatisfy { $0 == nil }
  }

  /// A team's total's over and under prices: `home` true for the home team's.
  package func teamTotal(home: Bool) -> (over: Odds?, under: Odds?) { home ? (homeOver, homeUnder) : (awayOver, awayUnder) }
}
