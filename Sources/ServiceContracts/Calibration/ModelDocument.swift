import Calibration
import OddsMath
import Simulation
import UseCases

/// The model file `mcsim calibrate --out FILE` writes and `--model FILE` reads (run, slate, sweep,
/// serve, backtest): a versioned JSON document.
///
/// ```json
/// {"version": 1,
///  "model": {"home_sd": 12.1, "away_sd": 12.0, "rho": 0.01, "ot_model": "flat", "ot_rate": 0.057,
///            "ot_points": 24.1, "ot_sd": 10.0, "skew": 0},
///  "projection": {"source": "market", "home_advantage": 0.1, "total_shift": -1.0},
///  "fit": {"data": "nba_games_lines.csv", "seasons": ["2018-19", ...], "stage": "regular",
///          "games": 6300, "standard_errors": {"home_sd": 0.1, ...}}}
/// ```
/// - `version`: 1. A reader refuses any other.
/// - `model`: the keys of a slate's `model` object (`ModelSettings`), every one given.
/// - `projection`: what the fit measured the scores against (`market`: the closing lines;
///   `stats`: season-to-date ppg), and the two shifts from those projections to the regulation
///   means (`CalibratedModel`). `run`, `slate`, `sweep` and `serve` take projections from their
///   user and use `model` only; `backtest` uses both.
///   With `ratings` projections, `ratings` holds the hyperparameters `calibrate` chose
///   (`half_life_days`, `team_ridge`, `carry`, `league_ridge`); `pooling` holds, per market
///   (`totals`, `spreads`, `moneylines`), the model's weight in [0, 1] when its probability is pooled
///   with the devigged market's in log-odds. Both are optional: files without them still load.
/// - `fit`: where the values came from, for the record (optional when reading).
package struct ModelDocument: Codable, Hashable, Sendable {
  package static let currentVersion = 1
  /// A file of several sources' fits, each a version-1 document (`ModelFile`, `ModelSetDocument`).
  package static let setVersion = 2

  package var version: Int
  package var model: Model
  package var projection: ProjectionShifts
  package var fit: FitRecord?
  /// The game by quarters (`calibrate --periods`); absent in files without it: the full game only.
  package var periods: Periods?

  /// `PeriodModel` by the file's keys, with what the fit recorded.
  package struct Periods: Codable, Hashable, Sendable {
    package var homeShares: [Double]
    package var awayShares: [Double]
    /// 8 x 8: home q1..q4, away q1..q4, at `reference_total`.
    package var covariance: [[Double]]
    /// The expected regulation total the covariance is for, and the power of T / reference_total
    /// that scales it for a game expecting T.
    package var referenceTotal: Double
    package var varianceExponent: Double
    package var games: Int?
    package var standardErrors: Errors?

    package struct Errors: Codable, Hashable, Sendable {
      package var homeShares: [Double]
      package var awayShares: [Double]
      package var covariance: [[Double]]
      package var varianceExponent: Double?

      enum CodingKeys: String, CodingKey {
        case homeShares = "home_shares", awayShares = "away_shares", covariance, varianceExponent = "variance_exponent"
      }
    }

    package init(_ fit: PeriodFit) {
      homeShares = fit.model.homeShares
      awayShares = fit.model.awayShares
      covariance = fit.model.covariance
      referenceTotal = fit.model.referenceTotal
      varianceExponent = fit.model.varianceExponent
      games = fit.games
      standardErrors = Errors(
        homeShares: fit.homeShareErrors, awayShares: fit.awayShareErrors, covariance: fit.covarianceErrors,
        varianceExponent: fit.varianceExponentError.isFinite ? fit.varianceExponentError : nil)
    }

    package var model: PeriodModel {
      PeriodModel(
        homeShares: homeShares, awayShares: awayShares, covariance: covariance, referenceTotal: referenceTotal,
        varianceExponent: varianceExponent)
    }

    enum CodingKeys: String, CodingKey {
      case homeShares = "home_shares", awayShares = "away_shares", covariance, referenceTotal = "reference_total"
      case varianceExponent = "variance_exponent", games, standardErrors = "standard_errors"
    }
  }

  package struct Model: Codable, Hashable, Sendable {
    package var homeSD: Double
    package var awaySD: Double
    package var rho: Double
    package var otModel: Overtime.Kind
    package var otRate: Double
    package var otPoints: Double
    package var otSD: Double
    package var skew: Double

    /// The values of a model's template (its means unused).
    package init(_ t: GameModel) {
      homeSD = t.homeSD
      awaySD = t.awaySD
      rho = t.correlation
      otModel = t.overtime.kind
      otRate = t.overtime.rate
      otPoints = t.overtime.points
      otSD = t.overtime.sd
      skew = t.skewness
    }

    enum CodingKeys: String, CodingKey {
      case homeSD = "home_sd", awaySD = "away_sd", rho, otModel = "ot_model", otRate = "ot_rate"
      case otPoints = "ot_points", otSD = "ot_sd", skew
    }
  }

  package struct ProjectionShifts: Codable, Hashable, Sendable {
    package var source: ProjectionSource
    package var homeAdvantage: Double
    package var totalShift: Double
    /// The ratings' hyperparameters (`source` ratings; absent in files before them).
    package var ratings: Ratings?
    /// Per market, the model's weight when pooled with the devigged market in log-odds
    /// (absent in files before it: the model alone).
    package var pooling: Pooling?

    package init(
      source: ProjectionSource, homeAdvantage: Double, totalShift: Double, ratings: Ratings? = nil,
      pooling: Pooling? = nil
    ) {
      self.source = source
      self.homeAdvantage = homeAdvantage
      self.totalShift = totalShift
      self.ratings = ratings
      self.pooling = pooling
    }

    enum CodingKeys: String, CodingKey {
      case source, homeAdvantage = "home_advantage", totalShift = "total_shift", ratings, pooling
    }
  }

  /// `RatingsSettings` by the file's keys.
  package struct Ratings: Codable, Hashable, Sendable {
    package var halfLifeDays: Double
    package var teamRidge: Double
    package var carry: Double
    package var leagueRidge: Double

    package init(_ s: RatingsSettings) {
      halfLifeDays = s.halfLifeDays
      teamRidge = s.teamRidge
      carry = s.carry
      leagueRidge = s.leagueRidge
    }

    package var settings: RatingsSettings {
      RatingsSettings(halfLifeDays: halfLifeDays, teamRidge: teamRidge, carry: carry, leagueRidge: leagueRidge)
    }

    enum CodingKeys: String, CodingKey {
      case halfLifeDays = "half_life_days", teamRidge = "team_ridge", carry, leagueRidge = "league_ridge"
    }
  }

  /// `PoolingWeights` by the file's keys.
  package struct Pooling: Codable, Hashable, Sendable {
    package var totals: Double
    package var spreads: Double
    package var moneylines: Double

    package init(_ w: PoolingWeights) {
      totals = w.totals
      spreads = w.spreads
      moneylines = w.moneylines
    }

    package var weights: PoolingWeights { PoolingWeights(totals: totals, spreads: spreads, moneylines: moneylines) }
  }

  package struct FitRecord: Codable, Hashable, Sendable {
    package var data: String
    package var seasons: [String]
    package var stage: String?
    package var games: Int
    package var standardErrors: [String: Double]

    enum CodingKeys: String, CodingKey {
      case data, seasons, stage, games, standardErrors = "standard_errors"
    }
  }

  package init(version: Int = currentVersion, model: Model, projection: ProjectionShifts, fit: FitRecord?, periods: Periods? = nil) {
    self.version = version
    self.model = model
    self.projection = projection
    self.fit = fit
    self.periods = periods
  }

  /// The document of a calibrated model and the fit it came from.
  package init(
    _ calibrated: CalibratedModel, fit: ModelFit, data: String, stage: String?, ratings: RatingsSettings? = nil,
    pooling: PoolingWeights? = nil, poolingStandardErrors: [BetMarket: Double] = [:], periods: PeriodFit? = nil
  ) {
    let t = calibrated.template
    var errors = fit.standardErrors(overtime: t.overtime.kind)
    for (market, key) in Self.poolingErrorKeys {
      if let se = poolingStandardErrors[market], se.isFinite { errors[key] = se }
    }
    self.init(
      model: Model(calibrated.template),
      projection: ProjectionShifts(
        source: fit.projection, homeAdvantage: calibrated.homeAdvantage, totalShift: calibrated.totalShift,
        ratings: ratings.map(Ratings.init), pooling: pooling.map(Pooling.init)),
      fit: FitRecord(
        data: data, seasons: fit.seasons, stage: stage, games: fit.games, standardErrors: errors),
      periods: periods.map(Periods.init))
  }

  /// The document of a fit as `calibrate` makes it (`Calibrating`): the model, the ratings'
  /// hyperparameters, the pooling weights and their errors, the quarter model.
  package init(_ fitted: Calibrated, data: String, stage: String?) {
    self.init(
      fitted.model, fit: fitted.fit, data: data, stage: stage, ratings: fitted.ratings?.settings, pooling: fitted.pooling,
      poolingStandardErrors: fitted.poolingStandardErrors, periods: fitted.periods)
  }

  /// The keys of the pooling weights' standard errors in `fit.standard_errors`.
  package static let poolingErrorKeys: [(BetMarket, String)] = [
    (.total, "pool_totals"), (.spread, "pool_spreads"), (.moneyline, "pool_moneylines"),
  ]

  /// The pooling weights' standard errors the fit recorded, by market.
  package var poolingStandardErrors: [BetMarket: Double] {
    var out: [BetMarket: Double] = [:]
    for (market, key) in Self.poolingErrorKeys { out[market] = fit?.standardErrors[key] }
    return out
  }

  /// The document of a model with no fit behind it (the seed's defaults).
  package init(_ calibrated: CalibratedModel, source: ProjectionSource) {
    self.init(
      model: Model(calibrated.template),
      projection: ProjectionShifts(source: source, homeAdvantage: calibrated.homeAdvantage, totalShift: calibrated.totalShift),
      fit: nil)
  }

  /// The calibrated model this document describes (score floor 0, as the engine's default).
  package var calibrated: CalibratedModel {
    var m = GameModel(homeMean: 0, awayMean: 0)
    m.homeSD = model.homeSD
    m.awaySD = model.awaySD
    m.correlation = model.rho
    m.overtime = Overtime(kind: model.otModel, rate: model.otRate, points: model.otPoints, sd: model.otSD)
    m.skewness = model.skew
    return CalibratedModel(
      template: m, homeAdvantage: projection.homeAdvantage, totalShift: projection.totalShift, periods: periods?.model)
  }
}

extension ModelFit {
  /// The standard errors of the values a model file records, by its keys.
  package func standardErrors(overtime kind: Overtime.Kind) -> [String: Double] {
    var out: [String: Double] = [
      "home_sd": regulation.homeSD.standardError, "away_sd": regulation.awaySD.standardError,
      "rho": regulation.rho.standardError, "home_advantage": regulation.homeAdvantage.standardError,
      "total_shift": regulation.totalShift.standardError, "skew": skew.skewness.standardError,
    ]
    if kind == .tie {
      out["ot_points"] = overtime.tiePoints?.standardError
      out["ot_sd"] = overtime.tieSD?.standardError
    } else {
      out["ot_rate"] = overtime.rate.standardError
      out["ot_points"] = overtime.flatPoints.standardError
      out["ot_sd"] = overtime.flatSD.standardError
    }
    return out.filter { $0.value.isFinite }
  }
}

/// A model file of several projection sources' fits (`calibrate --projection all`, the shipped
/// model): `{"version": 2, "sources": {"market": {version-1 document}, "stats": ..., "ratings": ...}}`.
package struct ModelSetDocument: Codable, Hashable, Sendable {
  package var version = ModelDocument.setVersion
  package var sources: [String: ModelDocument]

  package init(_ documents: [ModelDocument]) {
    sources = Dictionary(uniqueKeysWithValues: documents.map { ($0.projection.source.rawValue, $0) })
  }
}
