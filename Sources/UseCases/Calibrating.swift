import Calibration
import Simulation

/// The model fitted to past games: `mcsim calibrate`. Overall on the games chosen, and season by
/// season, each game projected from what was known before it; with ratings projections, their
/// hyperparameters first; then the weight of the model against the market, market by market.
package struct CalibrationRequest: Sendable {
  /// Every game of the results (projections need the games before each one).
  package var games: [HistoricalGame]
  /// The games fitted (indices into `games`).
  package var chosen: [Int]
  package var projection: ProjectionSource
  /// The overtime model the written model uses.
  package var overtime: Overtime.Kind
  /// How the fitted model prices the chosen games to fit its pooling weights with the market.
  package var options: SimulationOptions

  package init(
    games: [HistoricalGame], chosen: [Int], projection: ProjectionSource = .market, overtime: Overtime.Kind = .flat,
    options: SimulationOptions = SimulationOptions(simulations: Defaults.simulations, seed: 1)
  ) {
    self.games = games
    self.chosen = chosen
    self.projection = projection
    self.overtime = overtime
    self.options = options
  }
}

package struct Calibrated: Sendable {
  package var fit: ModelFit
  package var bySeason: [ModelFit]
  /// Ratings projections: the hyperparameters chosen on the games fitted (`RatingsTuning`).
  package var ratings: RatingsTuning.Tuned?
  /// The model written (`fit` with the request's overtime model).
  package var model: CalibratedModel
  /// Per market, the weight that pools the model's probability with the market's (`PoolingFit`),
  /// fitted on the same games priced by `model` from their walk-forward projections.
  package var pooling: PoolingWeights
}

package enum Calibrating {
  /// The fits; nil when fewer than 3 games have a projection. Ratings projections are made with
  /// the hyperparameters tuned first on the same games (walk-forward, so without peeking).
  package static func fit(_ request: CalibrationRequest) throws(InputError) -> Calibrated? {
    var tuned: RatingsTuning.Tuned? = nil
    let projections: [Projection?]
    do {
      if request.projection == .ratings {
        tuned = try RatingsTuning.tune(request.games, chosen: request.chosen)
        guard tuned != nil else { return nil }
      }
      projections = try Projections.compute(
        request.games, source: request.projection, ratings: tuned?.settings ?? .untuned)
    } catch {
      throw InputError.invalid(field: "projection", value: request.projection.rawValue, reason: error.description)
    }
    let games = request.chosen.map { request.games[$0] }, projected = request.chosen.map { projections[$0] }
    guard let fit = ModelFit.fit(games, projections: projected, projection: request.projection) else { return nil }
    let model = fit.model(overtime: request.overtime)
    let o = request.options
    let prices = try Backtest.price(
      games, projections: projected, model: model, simulations: o.simulations, seed: o.seed, threads: o.threads)
    return Calibrated(
      fit: fit, bySeason: ModelFit.bySeason(games, projections: projected, projection: request.projection),
      ratings: tuned, model: model, pooling: PoolingFit.fit(games, prices: prices))
  }
}
