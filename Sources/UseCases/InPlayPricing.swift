import Simulation

/// A game priced in play (`run --quarter/--clock/--home-score/--away-score`, a slate file's
/// per-game `state`): its pre-game model conditioned on the state by the model's quarter model
/// (`InPlayGame`). One rule for every entry: no state, the pre-game model; a state on a model
/// without a quarter model is refused naming `state`.
package enum InPlayPricing {
  package static func live(_ game: GameModel, at state: GameState?, quarters: PeriodModel?) throws(InputError) -> InPlayGame? {
    guard let state else { return nil }
    try state.validate()
    guard let quarters else {
      throw .invalid(field: "state", value: "\(state.periodLabel) \(state.clock)", reason: noQuarterModel)
    }
    return quarters.inPlay(game, at: state)
  }

  /// Why a state or a period cannot be priced on a model without a quarter model.
  package static let noQuarterModel = "the model has no quarter model (fit one with calibrate --periods data/nba_periods.csv)"
}
