import Calibration
import OddsMath
import RandomStreams
import Simulation

/// A fitted model replayed on past games against the replaced service's defaults and the
/// closing market: `mcsim backtest`. Each game is priced from what was known before it (its
/// projection), by both models with the same seed, and scored on its result.
package struct BacktestRequest: Sendable {
  /// Every game of the results (projections need the games before each one).
  package var games: [HistoricalGame]
  /// The games replayed (indices into `games`).
  package var chosen: [Int]
  /// How each game is projected (`ProjectionSource`).
  package var projection: ProjectionSource
  package var model: CalibratedModel
  /// What the model was fitted on: its projections' source and, when known, its seasons.
  package var fittedOn: ProjectionSource
  package var fittedSeasons: [String]?
  /// The ratings' hyperparameters (the model file's, else `RatingsSettings.defaults`).
  package var ratings: RatingsSettings
  /// The fitted model's pooling weights with the market (the model file's; nil: the model alone).
  package var pooling: PoolingWeights?
  /// The advice whose bets are played (the one policy: `Defaults.advice`).
  package var policy: AdvicePolicy
  package var options: SimulationOptions

  package init(
    games: [HistoricalGame], chosen: [Int], projection: ProjectionSource, model: CalibratedModel,
    fittedOn: ProjectionSource, fittedSeasons: [String]? = nil, ratings: RatingsSettings = .defaults,
    pooling: PoolingWeights? = nil, policy: AdvicePolicy = Defaults.advice, options: SimulationOptions
  ) {
    self.ratings = ratings
    self.pooling = pooling
    self.policy = policy
    self.games = games
    self.chosen = chosen
    self.projection = projection
    self.model = model
    self.fittedOn = fittedOn
    self.fittedSeasons = fittedSeasons
    self.options = options
  }
}

extension BacktestRequest {
  /// The pooling weights where the games are projected as the model was fitted (the weights
  /// were fitted on that model's probabilities from those projections), else the default weight,
  /// as every command pools a source without a fitted weight (`ModelSet.resolve`).
  var poolingApplied: PoolingWeights { ModelSet.pooling(pooling, sameSource: projection == fittedOn).weights }

  /// Whether the pooling weights are the default's rather than the model's fit.
  var pooledByDefault: Bool { ModelSet.pooling(pooling, sameSource: projection == fittedOn).byDefault }
}

package struct BacktestResult: Sendable {
  /// The games replayed, in time order, and their seasons in order of appearance.
  package var games: [HistoricalGame]
  package var seasons: [String]
  package var seedDefaults: ModelScore
  package var fitted: ModelScore
  /// What a reader must know to read the scores (prices assumed, games left out, in-sample).
  package var notes: [String]
}

package enum Backtesting {
  /// `progress` hears the share done of both models' pricing.
  package static func run(_ request: BacktestRequest, progress: (@Sendable (Double) -> Void)? = nil) throws(InputError)
    -> BacktestResult
  {
    let projections: [Projection?]
    do {
      projections = try Projections.compute(request.games, source: request.projection, ratings: request.ratings)
    } catch {
      throw InputError.invalid(field: "projection", value: request.projection.rawValue, reason: error.description)
    }
    let games = request.chosen.map { request.games[$0] }, projected = request.chosen.map { projections[$0] }
    let options = request.options
    func price(_ m: CalibratedModel, _ part: Double) throws(InputError) -> [GamePrices?] {
      try Backtest.price(
        games, projections: projected, model: m, simulations: options.simulations, seed: options.seed,
        threads: options.threads, progress: progress.map { p in { @Sendable f in p((part + f) / 2) } })
    }
    let seedPrices = try price(.seedDefaults, 0)
    let fittedPrices = try price(request.model, 1)
    let bootstrap = Seed.derive(options.seed, 1)
    var seasons: [String] = []
    for g in games where !seasons.contains(g.season) { seasons.append(g.season) }
    return BacktestResult(
      games: games, seasons: seasons,
      seedDefaults: Backtest.evaluate(
        games, prices: seedPrices, policy: request.policy, pooling: nil, bootstrapSeed: bootstrap),
      fitted: Backtest.evaluate(
        games, prices: fittedPrices, policy: request.policy, pooling: request.poolingApplied, bootstrapSeed: bootstrap),
      notes: notes(request, games: games, projected: projected, seasons: seasons))
  }

  static func rounded(_ x: Double) -> Double { (x * 1000).rounded() / 1000 }

  static func notes(_ request: BacktestRequest, games: [HistoricalGame], projected: [Projection?], seasons: [String])
    -> [String]
  {
    var notes = [
      "totals and spreads are bet at -110 a side (the data carry no prices for them); moneylines at the closing prices",
      "the market row scores the market's own forecast on the same games: 0.5 for totals and spreads at -110, the devigged closing moneyline",
      "bets are the advice policy's (\(request.policy.kelly.fraction) x Kelly capped at \(Int(request.policy.kelly.cap * 100))% a bet, the \(Int(request.policy.maxMarketGap * 100))-point market gap gate, the simulated EV's interval gate) on the simulated probabilities",
    ]
    let w = request.poolingApplied
    if request.pooledByDefault {
      notes.append(
        (request.pooling == nil
          ? "the model has no pooling weights"
          : "the model's pooling weights were fitted on \(request.fittedOn.rawValue) projections, not these \(request.projection.rawValue) ones")
          + ": the fitted model's advice pools it with the market at the default weight \(rounded(w.totals)) (log-odds), as every command does")
    } else {
      notes.append(
        "the fitted model's advice stands on its probability pooled with the market's in log-odds, model weights: totals \(rounded(w.totals)), spreads \(rounded(w.spreads)), moneylines \(rounded(w.moneylines))"
      )
    }
    let noMoneyline = games.filter { $0.homeMoneyline == nil }.map(\.date).sorted()
    if let first = noMoneyline.first, let last = noMoneyline.last {
      notes.append(
        "\(noMoneyline.count) games have no closing moneyline (dated \(first == last ? first : "\(first) to \(last)")): moneylines are scored and bet on the other \(games.count - noMoneyline.count)"
      )
    }
    let unprojected = projected.filter { $0 == nil }.count
    if unprojected > 0 { notes.append("\(unprojected) games have no \(request.projection.rawValue) projection and are not priced") }
    if let fitted = request.fittedSeasons {
      let overlap = seasons.filter { fitted.contains($0) }
      if !overlap.isEmpty {
        notes.append(
          "in sample: the fitted model was fitted on \(overlap.count) of these seasons (\(overlap.first!) ... \(overlap.last!)); its parameters saw these results, so its scores flatter it"
        )
      }
    }
    if request.fittedOn != request.projection {
      notes.append(
        "the model was fitted on \(request.fittedOn.rawValue) projections and is applied to \(request.projection.rawValue) ones: its home advantage and total shift belong to the other"
      )
    }
    if request.model.template.overtime.kind != .tie {
      notes.append("flat overtime leaves some games level: a level game counts half to each side of a moneyline")
    }
    return notes
  }
}

extension Backtesting {
  /// What the walk-forward fit read, said first among a backtest's notes.
  package static func walkForwardNote(_ fit: ModelFit) -> String {
    let seasons = fit.seasons, span = seasons.count > 1 ? "\(seasons.first!):\(seasons.last!)" : seasons.first ?? ""
    return
      "walk-forward: the model was fitted on \(span) (\(fit.games) games), the seasons before the first one replayed, and read no game on or after it"
  }

  /// The walk-forward default (`backtest` without a model file): the model fitted as `calibrate`
  /// fits it (ratings' hyperparameters and pooling weights included, and the quarter model when
  /// `quarters` gives the games' quarter scores) on the games of `stage` in the seasons before
  /// the first one replayed, reading no game of that season or after it. Nil when no earlier
  /// season has 3 games with a projection.
  package static func fitBefore(
    _ games: [HistoricalGame], chosen: [Int], stage: String?, projection: ProjectionSource, options: SimulationOptions,
    quarters: [QuarterScores?]? = nil
  ) throws(InputError) -> Calibrated? {
    guard let first = chosen.map({ games[$0].season }).min() else { return nil }
    let kept = games.indices.filter { games[$0].season < first }
    let past = kept.map { games[$0] }
    let fitted = past.indices.filter { i in stage.map { past[i].stage == $0 } ?? true }
    guard !fitted.isEmpty else { return nil }
    return try Calibrating.fit(
      CalibrationRequest(
        games: past, chosen: fitted, projection: projection, options: options, quarters: quarters.map { q in kept.map { q[$0] } }))
  }

  /// The checkpoints of an in-play backtest by name, in the quarters played at each: `q1` (after
  /// the first quarter), `half`, `q3` (after the third).
  package static let checkpoints = ["q1": 1, "half": 2, "q3": 3]

  /// The quarters played at the checkpoint named `name`.
  package static func checkpoint(named name: String) throws(InputError) -> Int {
    guard let k = checkpoints[name.lowercased()] else { throw .invalid(field: "at", value: name, reason: "must be q1, half or q3") }
    return k
  }

  /// The name of the checkpoint after `played` quarters.
  package static func checkpointName(_ played: Int) -> String { checkpoints.first { $0.value == played }?.key ?? "q\(played)" }

  /// The games chosen replayed in play at each checkpoint (`InPlayBacktest`), projected from
  /// `projection` as the pre-game backtest projects them, on `model`'s quarter model.
  package static func inPlay(
    _ games: [HistoricalGame], chosen: [Int], quarters: [QuarterScores?], projection: ProjectionSource, model: CalibratedModel,
    ratings: RatingsSettings, checkpoints: [Int], threads: Int
  ) throws(InputError) -> [InPlayBacktest.Score] {
    let projections: [Projection?]
    do {
      projections = try Projections.compute(games, source: projection, ratings: ratings)
    } catch {
      throw InputError.invalid(field: "projection", value: projection.rawValue, reason: error.description)
    }
    guard let periods = model.periods else {
      throw .invalid(field: "model", value: "no quarter model", reason: InPlayPricing.noQuarterModel)
    }
    return InPlayBacktest.score(
      chosen.map { games[$0] }, projections: chosen.map { projections[$0] }, quarters: chosen.map { quarters[$0] }, model: model,
      periods: periods, checkpoints: checkpoints, threads: threads)
  }
}
