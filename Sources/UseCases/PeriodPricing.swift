import Simulation

/// A game's periods priced beside it (`run --period`, a slate file's `period_lines`): each quote
/// on the model's quarter model at the game's regulation means. One rule for both: a model
/// without a quarter model is refused naming the input that asked (`field`, `value`).
package enum PeriodPricing {
  package static func price(
    _ quotes: [PeriodQuote], on quarters: PeriodModel?, game: GameModel, field: String, value: String
  ) throws(InputError) -> [PricedPeriod] {
    guard !quotes.isEmpty else { return [] }
    guard let quarters else {
      throw .invalid(
        field: field, value: value, reason: "the model has no quarter model (fit one with calibrate --periods data/nba_periods.csv)")
    }
    return quotes.map { q in
      PricedPeriod(
        period: q.period, scores: quarters.period(q.period, homeRegulation: game.homeMean, awayRegulation: game.awayMean),
        totalLine: q.totalLine, spread: q.spread)
    }
  }
}
