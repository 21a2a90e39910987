import Calibration
import Simulation

/// `mcsim backtest --json`:
/// `{"models": {"seed_defaults": M, "fitted": M}, "market": {"totals", "spreads", "moneylines"}, "games",
/// "seasons", "stage", "projection", "simulations", "seed", "notes", "elapsed_ms"}`; each model M:
/// `{"model": {...}, "totals", "spreads", "moneylines"}`, each market
/// `{"brier", "log_loss", "count", "reliability": [{"predicted", "observed", "count", "se", "lower",
/// "upper"}], "betting": {"bets", "roi", "roi_ci95", "max_drawdown", "staked", "profit", "claimed_ev"},
/// "reading", "reading_text"}`, and totals and spreads also `push` {"games", "observed_rate",
/// "predicted_rate"} (whole lines). `market` holds the market's own brier, log_loss and count.
public struct BacktestResponse: Encodable, Sendable {
  public struct Model: Encodable, Sendable {
    public var model: ModelDocument
    public var score: ModelScore

    public init(model: ModelDocument, score: ModelScore) {
      self.model = model
      self.score = score
    }

    public func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: NamedKey.self)
      try c.encode(model, forKey: NamedKey("model"))
      try c.encode(MarketJSON(score.totals), forKey: NamedKey("totals"))
      try c.encode(MarketJSON(score.spreads), forKey: NamedKey("spreads"))
      try c.encode(MarketJSON(score.moneylines), forKey: NamedKey("moneylines"))
    }
  }

  public var seedDefaults: Model
  public var fitted: Model
  public var market: (totals: ForecastScore, spreads: ForecastScore, moneylines: ForecastScore)
  public var games: Int
  public var seasons: [String]
  public var stage: String?
  public var projection: ProjectionSource
  public var simulations: Int
  public var seed: UInt64
  public var notes: [String]
  public var elapsedMS: Double

  public init(
    seedDefaults: Model, fitted: Model, market: (totals: ForecastScore, spreads: ForecastScore, moneylines: ForecastScore),
    games: Int, seasons: [String], stage: String?, projection: ProjectionSource, simulations: Int, seed: UInt64,
    notes: [String], elapsedMS: Double
  ) {
    self.seedDefaults = seedDefaults
    self.fitted = fitted
    self.market = market
    self.games = games
    self.seasons = seasons
    self.stage = stage
    self.projection = projection
    self.simulations = simulations
    self.seed = seed
    self.notes = notes
    self.elapsedMS = elapsedMS
  }

  public func encode(to encoder: any Encoder) throws {
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

  struct Betting: Encodable {
    let bets: Int
    let roi: Double?
    let roi_ci95: [Double]?
    let max_drawdown: Double
    let staked: Double
    let profit: Double
    let claimed_ev: Double?
  }

  struct Push: Encodable {
    let games: Int
    let observed_rate: Double?
    let predicted_rate: Double?
  }

  struct MarketJSON: Encodable {
    let brier: Double
    let log_loss: Double
    let count: Int
    let reliability: [Bin]
    let betting: Betting
    let push: Push?
    let reading: String
    let reading_text: String

    init(_ m: MarketScore) {
      brier = m.forecasts.brier
      log_loss = m.forecasts.logLoss
      count = m.forecasts.count
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
      let r = BacktestReading(m)
      reading = r.key
      reading_text = r.description
    }
  }
}
