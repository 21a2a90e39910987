import Calibration
import OddsMath
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
  /// The fit the pooling weights shrink toward when the games are too few (`Calibrating.minimumGames`):
  /// the shipped model's fit on the same projections.
  package var prior: ModelSet.Fit?
  /// Each game's quarter scores (aligned with `games`; nil where the periods file has none): with
  /// them the quarter model is fitted too (`PeriodFit`).
  package var quarters: [QuarterScores?]?

  package init(
    games: [HistoricalGame], chosen: [Int], projection: ProjectionSource = .market, overtime: Overtime.Kind = .flat,
    options: SimulationOptions = SimulationOptions(simulations: Defaults.simulations, seed: 1), prior: ModelSet.Fit? = nil,
    quarters: [QuarterScores?]? = nil
  ) {
    self.prior = prior
    self.quarters = quarters
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
  /// Each pooling weight's standard error (observed information), by market.
  package var poolingStandardErrors: [BetMarket: Double]
  /// What a reader must know of the fit (the shrinkage).
  package var notes: [String] = []
  /// The quarter model, fitted on the chosen games that have quarter scores and a projection.
  package var periods: PeriodFit?
}

package enum Calibrating {
  /// The fits a calibration asks for, one a projection source (`ProjectionChoice.fitted`), with
  /// the overtime model named (`flat` or `tie`: a written model needs overtime), each shrinking
  /// toward `prior`'s fit on its source. Refused naming `ot_model` or `projection`.
  package static func requests(
    games: [HistoricalGame], chosen: [Int], sources: [ProjectionSource], overtime: String, options: SimulationOptions,
    prior: ModelSet, quarters: [QuarterScores?]?
  ) throws(InputError) -> [CalibrationRequest] {
    guard let kind = Overtime.Kind(rawValue: overtime), kind != .none else {
      throw .invalid(
        field: "ot_model", value: overtime,
        reason: overtime == "none" ? "the written model needs overtime (flat or tie)" : "must be flat or tie")
    }
    return sources.map {
      CalibrationRequest(
        games: games, chosen: chosen, projection: $0, overtime: kind, options: options, prior: prior.fits[$0], quarters: quarters)
    }
  }

  /// One regular season's games (30 teams x 82 / 2): with fewer, the pooling weights fitted on
  /// them alone are too loose to trust (a boundary value of 0 or 1 with a standard error of 0.5
  /// on one sample of 404 games) and shrink toward the prior's.
  package static let minimumGames = 1230

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
    let pooling = PoolingFit.fit(games, prices: prices)
    var calibrated = Calibrated(
      fit: fit, bySeason: ModelFit.bySeason(games, projections: projected, projection: request.projection),
      ratings: tuned, model: model, pooling: pooling.weights, poolingStandardErrors: pooling.standardErrors)
    if fit.games < minimumGames, let prior = request.prior, let weights = prior.pooling {
      calibrated.shrink(toward: weights, standardErrors: prior.poolingStandardErrors, games: fit.games)
    }
    if let quarters = request.quarters {
      var scores: [QuarterScores] = [], means: [(home: Double, away: Double)] = []
      for (k, i) in request.chosen.enumerated() {
        guard let q = quarters[i], let p = projected[k] else { continue }
        let m = model.gameModel(for: p)
        scores.append(q)
        means.append((m.homeMean, m.awayMean))
      }
      calibrated.periods = PeriodFit.fit(scores, means: means)
      calibrated.model.periods = calibrated.periods?.model
      if let p = calibrated.periods {
        func pc(_ x: Double?) -> String { String(format: "%.2f%%", 100 * (x ?? .nan)) }
        calibrated.notes.append(
          "quarter model on \(p.games) games: first halves level \(pc(p.observedTies[.h1])) observed, \(pc(p.predictedTies[.h1])) predicted; first quarters level \(pc(p.observedTies[.q1])) observed, \(pc(p.predictedTies[.q1])) predicted"
        )
      } else {
        calibrated.notes.append("fewer than 20 games have quarter scores: no quarter model fitted")
      }
    }
    return calibrated
  }
}

extension Calibrated {
  /// The weights shrunk toward the prior's (`PoolingFit.shrink`), said in `notes`.
  mutating func shrink(toward prior: PoolingWeights, standardErrors priorErrors: [BetMarket: Double], games: Int) {
    let own = pooling, ownErrors = poolingStandardErrors
    (pooling, poolingStandardErrors) = PoolingFit.shrink(own, standardErrors: ownErrors, toward: prior, priorErrors: priorErrors)
    func r(_ x: Double) -> String { String((x * 1000).rounded() / 1000) }
    let said = BetMarket.allCases.map { m in
      "\(m.rawValue) \(r(own[m]))" + ((ownErrors[m]?.isFinite ?? false) ? " +/- \(r(ownErrors[m]!))" : "") + " -> \(r(pooling[m]))"
    }
    notes.append(
      "too few games to fit the pooling weights alone (\(games), fewer than one regular season's \(Calibrating.minimumGames)): each is shrunk toward the shipped model's by inverse variance: "
        + said.joined(separator: ", "))
  }
}
