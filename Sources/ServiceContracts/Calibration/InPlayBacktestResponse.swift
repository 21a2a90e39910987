import Calibration
import Simulation
import UseCases

/// `mcsim backtest --at half --json`: `{"checkpoints": [C], "games", "seasons", "projection",
/// "model": {...}, "notes"}`, each checkpoint C `{"at": "half", "quarters_played": 2, "games",
/// "model": S, "stern": S, "half_time_market": {"games", "mae_remaining", "model_mae_remaining",
/// "spread_games", "log_loss", "model_log_loss", "sd"} or null}`, each S `{"log_loss", "brier",
/// "mae_remaining", "reliability": [{"predicted", "observed", "count", "se", "lower", "upper"}]}`:
/// the home win's log loss, Brier score and reliability, and the mean absolute error of the points
/// still to come, all on the same games (`InPlayBacktest`).
package struct InPlayBacktestResponse: Encodable, Sendable {
  package var scores: [InPlayBacktest.Score]
  package var games: Int
  package var seasons: [String]
  package var projection: ProjectionSource
  package var model: ModelDocument
  package var notes: [String]

  package init(
    scores: [InPlayBacktest.Score], games: Int, seasons: [String], projection: ProjectionSource, model: ModelDocument, notes: [String]
  ) {
    self.scores = scores
    self.games = games
    self.seasons = seasons
    self.projection = projection
    self.model = model
    self.notes = notes
  }

  /// The checkpoint's name as `--at` takes it.
  package static func name(_ checkpoint: Int) -> String { Backtesting.checkpointName(checkpoint) }

  package func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: NamedKey.self)
    try c.encode(scores.map(Checkpoint.init), forKey: NamedKey("checkpoints"))
    try c.encode(games, forKey: NamedKey("games"))
    try c.encode(model, forKey: NamedKey("model"))
    try c.encode(notes, forKey: NamedKey("notes"))
    try c.encode(projection.rawValue, forKey: NamedKey("projection"))
    try c.encode(seasons, forKey: NamedKey("seasons"))
  }

  struct Checkpoint: Encodable {
    let s: InPlayBacktest.Score
    init(_ s: InPlayBacktest.Score) { self.s = s }

    func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: NamedKey.self)
      try c.encode(InPlayBacktestResponse.name(s.checkpoint), forKey: NamedKey("at"))
      try c.encode(s.games, forKey: NamedKey("games"))
      try c.encode(Market(s.market), forKey: NamedKey("half_time_market"))
      try c.encode(Forecasts(s.model, error: s.modelError), forKey: NamedKey("model"))
      try c.encode(s.checkpoint, forKey: NamedKey("quarters_played"))
      try c.encode(Forecasts(s.stern, error: s.sternError), forKey: NamedKey("stern"))
    }
  }

  struct Forecasts: Encodable {
    let score: ForecastScore
    let error: Double
    init(_ score: ForecastScore, error: Double) {
      self.score = score
      self.error = error
    }

    func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: NamedKey.self)
      try c.encode(score.brier, forKey: NamedKey("brier"))
      try c.encode(score.logLoss, forKey: NamedKey("log_loss"))
      try c.encode(error, forKey: NamedKey("mae_remaining"))
      try c.encode(
        score.reliability.map {
          BacktestResponse.Bin(
            predicted: $0.predicted, observed: $0.observed, count: $0.count, se: $0.standardError, lower: $0.lower, upper: $0.upper)
        }, forKey: NamedKey("reliability"))
    }
  }

  struct Market: Encodable {
    let m: InPlayBacktest.MarketAnchor?
    init(_ m: InPlayBacktest.MarketAnchor?) { self.m = m }

    func encode(to encoder: any Encoder) throws {
      guard let m else {
        var c = encoder.singleValueContainer()
        try c.encodeNil()
        return
      }
      var c = encoder.container(keyedBy: NamedKey.self)
      try c.encode(m.games, forKey: NamedKey("games"))
      try c.encode(m.spreadGames > 0 ? m.logLoss : nil, forKey: NamedKey("log_loss"))
      try c.encode(m.error, forKey: NamedKey("mae_remaining"))
      try c.encode(m.modelError, forKey: NamedKey("model_mae_remaining"))
      try c.encode(m.spreadGames > 0 ? m.modelLogLoss : nil, forKey: NamedKey("model_log_loss"))
      try c.encode(m.spreadGames > 0 ? m.sd : nil, forKey: NamedKey("sd"))
      try c.encode(m.spreadGames, forKey: NamedKey("spread_games"))
    }
  }
}
