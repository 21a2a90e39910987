import Calibration
import FantasyTrade
import OddsMath
import Simulation

/// Every default of a priced bet, written once: the command line's help, the server and the use
/// cases read them here.
package enum Defaults {
  /// Simulations of a game when neither an option nor an input gives them (the agent's 10^4).
  package static let simulations = SimulationOptions.defaultSimulations
  /// Simulations of a trade (the replaced services' 10^4).
  package static let tradeSimulations = SimulationSettings.defaultSimulations
  /// The replaced service's model: sd 10 a team, correlation 0.5, flat overtime at 6% adding
  /// Normal(12, 3) points, scores floored at 0 (means unused).
  package static let model = GameModel(homeMean: 0, awayMean: 0)
  /// The betting agent's endpoints' model as its code ran them (`mcsim serve` without a model
  /// file): correlation 0.2 (its simulate, batch and tonight all pass 0.2; its documentation's
  /// 0.5 predates a fit on one season) and each team's score floored at 70.
  package static let agentModel = GameModel(homeMean: 0, awayMean: 0, correlation: 0.2, scoreFloor: 70)
  /// The model's weight against the devigged market (log-odds, every market) where no fit
  /// measured one: projections a user gives, or a source the model was not fitted on
  /// (`ModelSet.resolve`, and `backtest` with a model fitted on another source). Conservative:
  /// about the upper end of the 95% intervals of the weights fitted for mcsim's own projections
  /// (ratings' moneylines 0.018 + 1.96 x 0.037 = 0.09). At 0.5, a ratings fit replayed on stats
  /// projections, 2018-19:2021-22, still lost 7.8% and 11.8% a bet on totals and spreads
  /// (miscalibrated); at 0.1 it makes no bet there (docs/calibrate-ratings-backtest.md).
  package static let pooling = PoolingWeights(totals: 0.1, spreads: 0.1, moneylines: 0.1)
  /// The price of a side when none is given (decimal 1.91, about -110).
  package static let price = TotalsMarket.defaultOdds
  /// The advice policy (docs/one-game.md, "Advice"): quarter Kelly capped at 5% a bet, the market gap gate,
  /// simulation-only stakes gated by their EV interval, 20% of bankroll on a slate.
  package static let advice = AdvicePolicy()
  /// Grade on the model's exact probabilities where it has them (the simulated ones reported
  /// beside them), so a verdict does not move with the seed: the command line's default. Off,
  /// advice stands on the simulation and its EV interval.
  package static let exact = true
  /// A server's default: grade on the simulation unless a request asks (`include_exact`). The
  /// exact distribution of the default model costs about 14 simulations of 10^4 games (1.6 ms
  /// against 0.11 ms, `Benchmarks --filter exact`), a skewed one about 300: a service answering
  /// many requests pays it only when asked, and its admission counts it (`ExactCost`).
  package static let exactOnServer = false
}
