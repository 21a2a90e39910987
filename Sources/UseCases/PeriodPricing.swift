import Simulation

/// A game's periods priced beside it (`run --period`, a slate file's `period_lines`): each quote
/// on the model's quarter model at the game's regulation means, or, in play, given the state
/// (`InPlayGame.periods`: only the periods not yet started). One rule for both: a model without
/// a quarter model is refused naming the input that asked (`field`, `value`).
package enum PeriodPricing {
  /// The periods an input may ask for, by name (q1 ... h2).
  package static let names = GamePeriod.allCases.map(\.rawValue)

  /// The periods asked for by name (`run --period`), with a total line and a home spread when
  /// exactly one is asked; each refusal names its setting (`period`, `period_line`,
  /// `period_spread`).
  package static func quotes(_ asked: [String], totalLine: Double?, spread: Double?) throws(InputError) -> [PeriodQuote] {
    let periods = try asked.map { name throws(InputError) in
      guard let period = GamePeriod(rawValue: name) else {
        throw .invalid(field: "period", value: name, reason: "must be one of \(names.joined(separator: ", "))")
      }
      return period
    }
    if totalLine != nil || spread != nil, periods.count != 1 {
      let given = totalLine != nil ? "period_line" : "period_spread"
      throw .invalid(
        field: given, value: PlainNumber.text(totalLine ?? spread!),
        reason: "goes with exactly one period (got \(periods.count))")
    }
    if let totalLine, !(totalLine.isFinite && totalLine > 0 && totalLine < 1000) {
      throw .invalid(field: "period_line", value: PlainNumber.text(totalLine), reason: "must be in (0, 1000)")
    }
    if let spread, !(spread.isFinite && abs(spread) < 100) {
      throw .invalid(field: "period_spread", value: PlainNumber.text(spread), reason: "must be in (-100, 100)")
    }
    return periods.map { PeriodQuote(period: $0, totalLine: totalLine, spread: spread) }
  }

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
