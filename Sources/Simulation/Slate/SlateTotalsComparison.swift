import OddsMath

/// The slate's totals against the market, one row per game with a line: the model's p_over with
/// its 95% interval, and the market's devigged P(over): the books' fair probability when a feed
/// gave one (sharp or market consensus), else the game's own two prices devigged by `method`.
/// What `mcsim slate --svg` draws.
package struct SlateTotalsComparison: Sendable {
  package struct Row: Sendable {
    package let gameID: String
    package let label: String
    package let line: Double
    package let pOver: Double
    package let lower: Double
    package let upper: Double
    package let marketPOver: Double?
    /// Where the market's probability comes from (sharp_consensus, market_consensus, or the devig method).
    package let marketSource: String
  }

  package let rows: [Row]
  package let simulations: Int
  package let method: DevigMethod

  package init(_ games: [SlateGameResult], method: DevigMethod) {
    self.method = method
    var simulations = 0
    rows = games.compactMap { g in
      guard let mc = g.monteCarlo, let line = g.line else { return nil }
      simulations = mc.nSimulations
      var market: Double? = nil
      var source = "none"
      if let fair = g.totalSource?.fairProbabilities, fair.count == 2 {
        market = fair[0]
        source = g.totalSource!.method.rawValue
      } else if let over = g.overOdds, let under = g.underOdds,
        let m = try? Market(prices: [try Odds(decimal: over), try Odds(decimal: under)])
      {
        market = m.devig(method).probabilities[0]
        source = "\(method.rawValue) devig of the game's prices"
      }
      let label = [g.awayAbbr, g.homeAbbr].allSatisfy { $0 != nil } ? "\(g.awayAbbr!) @ \(g.homeAbbr!)" : g.gameID
      return Row(
        gameID: g.gameID, label: label, line: line, pOver: mc.pOver, lower: mc.overInterval.lowerBound, upper: mc.overInterval.upperBound,
        marketPOver: market, marketSource: source)
    }
    self.simulations = simulations
  }
}
