import Calibration
import Simulation

/// `mcsim backtest --json`:
/// `{"models": {"seed_defaults": M, "fitted": M}, "market": {"totals", "spreads", "moneylines"}, "games",
/// "seasons", "stage", "projection", "simulations", "seed", "notes", "elapsed_ms"}`; each model M:
/// `{"model": {...}, "totals", "spreads", "moneylines"}`, each market
/// `{"brier", "log_loss", "count", "pooled": {"weight", "brier", "log_loss", "count"} or null,
/// "versus_market": {"forecast": "model"|"pooled", "count", "log_loss_difference",
/// "log_loss_difference_ci95", "brier_difference", "brier_difference_ci95", "seasons": [{"season",
/// "count", "log_loss", "market_log_loss", "brier", "market_brier"}]},
/// "reliability": [{"predicted", "observed", "count", "se", "lower", "upper"}], "betting": {"bets", "roi", "roi_ci95", "max_drawdown", "staked", "profit", "claimed_ev"},
/// "reading", "reading_text"}`, and totals and spreads also `push` {"games", "observed_rate",
/// "predicted_rate"} (whole lines). `market` holds the market's own brier, log_loss and count.
package struct BacktestResponse: Encodable, Sendable {
  package struct Model: Encodable, Sendable {
    package var model: ModelDocument
    package var score: ModelScore
    /// The projections replayed, where the model was fitted on them (its readings explain a
    /// mismatch); nil for the seed's defaults, fitted on nothing.
    package var replayed: ProjectionSource?

    package init(model: ModelDocument, score: ModelScore, replayed: ProjectionSource? = nil) {
      self.model = model
      self.score = score
      self.replayed = replayed
    }

    /// A market's reading in words (`BacktestReading.text`).
    package func reading(_ m: MarketScore) -> String {
      guard let replayed else { return BacktestReading(m).description }
      return BacktestReading(m).text(fittedOn: model.projection.source, projection: replayed)
    }

    package func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: NamedKey.self)
      try c.encode(model, forKey: NamedKey("model"))
      try c.encode(MarketJSON(score.totals, text: reading(score.totals)), forKey: NamedKey("totals"))
      try c.encode(MarketJSON(score.spreads, text: reading(score.spreads)), forKey: NamedKey("spreads"))
      try c.encode(MarketJSON(score.moneylines, text: reading(score.moneylines)), forKey: NamedKey("moneylines"))
    }
  }

  package var seedDefaults: Model
  package var fitted: Model
  /// The market's own forecasts on the games priced (the same for both models).
  package var market: (totals: ForecastScore, spreads: ForecastScore, moneylines: ForecastScore) {
    (fitted.score.totals.market, fitted.score.spreads.market, fitted.score.moneylines.market)
  }
  package var games: Int
  package var seasons: [String]
  package var stage: String?
  package var projection: ProjectionSource
  package var simulations: Int
  package var seed: UInt64
  package var notes: [String]
  package var elapsedMS: Double

  package init(
    seedDefaults: Model, fitted: Model, games: Int, seasons: [String], stage: String?, projection: ProjectionSource, simulations: Int, seed: UInt64,
    notes: [String], elapsedMS: Double
  ) {
    self.seedDefaults = seedDefaults
    self.fitted = fitted
    self.games = games
    self.seasons = seasons
    self.stage = stage
    self.projection = projection
    self.simulations = simulations
    self.seed = seed
    self.notes = notes
    self.elapsedMS = elapsedMS
  }

  package func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: NamedKey.self)
    var models = c.nestedContainer(keyedBy: NamedKey.self, forKey: NamedKey("models"))
    try models.encode(seedDefaults, forKey: NamedKey("seed_defaults"))
    try models.encode(fitted, forKey: NamedKey("fitted"))
    var m = c.nestedContainer(keyedBy: NamedKey.self, forKey: NamedKey("market"))
    try m.encode(ScoreOnly(market.totals), forKey: NamedKey("totals"))
    try m.encode(ScoreOnly(market.spreads), forKey: NamedKey("spreads"))
    try m.encode(ScoreOnly(market.moneylines), forKey: NamedKey("moneylines"))
    try c.encode(games, forKey: NamedKey("games"))
    try c.encode(seasons, forKey: NamedKey("seasons"))
    try c.encode(stage, forKey: NamedKey("stage"))
    try c.encode(projection.rawValue, forKey: NamedKey("projection"))
    try c.encode(simulations, forKey: NamedKey("simulations"))
    try c.encode(seed, forKey: NamedKey("seed"))
    try c.encode(notes, forKey: NamedKey("notes"))
    try c.encode(elapsedMS, forKey: NamedKey("elapsed_ms"))
  }

  struct ScoreOnly: Encodable {
    let brier: Double
    let log_loss: Double
    let count: Int
    init(_ s: ForecastScore) {
      brier = s.brier
      log_loss = s.logLoss
      count = s.count
    }
  }

  struct Bin: Encodable {
    let predicted: Double
    let observed: Double
    let count: Int
    let se: Double
    let lower: Double
    let upper: Double
  }

  /// Every key written, null where there are no bets (a stable shape for readers).
  struct Betting: Encodable {
    let bets: Int
    let roi: Double?
    let roi_ci95: [Double]?
    let max_drawdown: Double
    let staked: Double
    let profit: Double
    let claimed_ev: Double?

    func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: NamedKey.self)
      try c.encode(bets, forKey: NamedKey("bets"))
      try c.encode(roi, forKey: NamedKey("roi"))
      try c.encode(roi_ci95, forKey: NamedKey("roi_ci95"))
      try c.encode(max_drawdown, forKey: NamedKey("max_drawdown"))
      try c.encode(staked, forKey: NamedKey("staked"))
      try c.encode(profit, forKey: NamedKey("profit"))
      try c.encode(claimed_ev, forKey: NamedKey("claimed_ev"))
    }
  }

  struct Push: Encodable {
    let games: Int
    let observed_rate: Double?
    let predicted_rate: Double?
  }

  struct Pooled: Encodable, Sendable {
    let weight: Double
    let brier: Double
    let log_loss: Double
    let count: Int
  }

  struct SeasonJSON: Encodable {
    let season: String
    let count: Int
    let log_loss: Double
    let market_log_loss: Double
    let brier: Double
    let market_brier: Double
  }

  /// The forecast the advice stands on against the market's: mean differences (forecast minus
  /// market, below 0 is better) with bootstrap intervals by game, and season by season.
  struct VersusMarket: Encodable {
    let forecast: String
    let count: Int
    let log_loss_difference: Double?
    let log_loss_difference_ci95: [Double]?
    let brier_difference: Double?
    let brier_difference_ci95: [Double]?
    let seasons: [SeasonJSON]
  }

  struct MarketJSON: Encodable {
    let brier: Double
    let log_loss: Double
    let count: Int
    @NullEncoded var pooled: Pooled?
    let versus_market: VersusMarket
    let reliability: [Bin]
    let betting: Betting
    let push: Push?
    let reading: String
    let reading_text: String

    init(_ m: MarketScore, text: String) {
      brier = m.forecasts.brier
      log_loss = m.forecasts.logLoss
      count = m.forecasts.count
      if let p = m.pooled, let w = m.poolWeight {
        pooled = Pooled(weight: w, brier: p.brier, log_loss: p.logLoss, count: p.count)
      } else {
        pooled = nil
      }
      let c = m.comparison
      func finite(_ x: Double) -> Double? { x.isFinite ? x : nil }
      versus_market = VersusMarket(
        forecast: m.pooled == nil ? "model" : "pooled", count: c.count, log_loss_difference: finite(c.logLossDifference),
        log_loss_difference_ci95: c.logLossDifferenceCI95.map { [$0.lowerBound, $0.upperBound] },
        brier_difference: finite(c.brierDifference),
        brier_difference_ci95: c.brierDifferenceCI95.map { [$0.lowerBound, $0.upperBound] },
        seasons: c.seasons.map {
          SeasonJSON(
            season: $0.season, count: $0.count, log_loss: $0.logLoss, market_log_loss: $0.marketLogLoss, brier: $0.brier,
            market_brier: $0.marketBrier)
        })
      reliability = m.forecasts.reliability.map {
        Bin(predicted: $0.predicted, observed: $0.observed, count: $0.count, se: $0.standardError, lower: $0.lower, upper: $0.upper)
      }
      let b = m.betting
      betting = Betting(
        bets: b.bets.count, roi: b.bets.isEmpty ? nil : b.roi, roi_ci95: m.roiCI95.map { [$0.lowerBound, $0.upperBound] },
        max_drawdown: b.maxDrawdown, staked: b.staked, profit: b.profit, claimed_ev: b.bets.isEmpty ? nil : b.claimedEV)
      push = m.push.map {
        Push(
          games: $0.games, observed_rate: $0.games > 0 ? $0.observedRate : nil,
          predicted_rate: $0.games > 0 ? $0.predictedRate : nil)
      }
      reading = BacktestReading(m).key
      reading_text = text
    }
  }
}
