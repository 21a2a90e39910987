import Simulation

/// A game's periods priced beside it (`run --period`, a slate file's `period_lines`): each quote
/// on the model's quarter model at the game's regulation means, or, in play, given the state
/// (`InPlayGame.periods`: only the periods not yet started). One rule for both: a model without
/// a quarter model is refused naming the input that asked (`field`, `value`).
package enum PeriodPricing {
  package static func price(
    _ quotes: [PeriodQuote], on quarters: PeriodModel?, game: GameModel, live: InPlayGame? = nil, field: String,
    value: String
  ) throws(InputError) -> [PricedPeriod] {
    guard !quotes.isEmpty else { return [] }
    guard let quarters else {
      throw .invalid(field: field, value: value, reason: InPlayPricing.noQuarterModel)
    }
    return try quotes.map { q throws(InputError) in
      let scores: PeriodScores
      if let live {
        guard let given = live.periods[q.period] else {
          throw .invalid(
            field: field, value: q.period.rawValue,
            reason: "has started by period \(live.state.period) \(live.state.clock): in play only periods still to come are priced")
        }
        scores = given
      } else {
        scores = quarters.period(q.period, homeRegulation: game.homeMean, awayRegulation: game.awayMean)
      }
      return PricedPeriod(period: q.period, scores: scores, totalLine: q.totalLine, spread: q.spread)
    }
  }
}
