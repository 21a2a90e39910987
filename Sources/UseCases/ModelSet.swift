import Calibration
import OddsMath
import Simulation

/// The models a run may stand on: per projection source, the model `calibrate` fitted on it (its
/// sds, correlation, overtime and skew, its shifts from that source's projections, the ratings'
/// hyperparameters, the weight that pools it with the market), named by where it came from. Which
/// fit a run uses, and at what pooling weight, is one rule (`resolve(for:)`) for every command,
/// endpoint and page.
package struct ModelSet: Sendable {
  package enum Origin: Hashable, Sendable {
    /// The model mcsim ships: every source fitted on data/nba_games_lines.csv (the default).
    case shipped
    /// The replaced service's unfitted defaults (`--model seed`), kept for comparison.
    case seed
    /// A model file (`--model FILE`).
    case file(String)
  }

  /// One projection source's fit.
  package struct Fit: Sendable {
    package var model: CalibratedModel
    package var ratings: RatingsSettings?
    /// The pooling weights with the market (nil: the file has none), and their standard errors.
    package var pooling: PoolingWeights?
    package var poolingStandardErrors: [BetMarket: Double]
    /// What it was fitted on: the data file's name, its seasons, its games (nil: unrecorded).
    package var data: String?
    package var seasons: [String]
    package var games: Int?

    package init(
      model: CalibratedModel, ratings: RatingsSettings? = nil, pooling: PoolingWeights? = nil,
      poolingStandardErrors: [BetMarket: Double] = [:], data: String? = nil, seasons: [String] = [], games: Int? = nil
    ) {
      self.model = model
      self.ratings = ratings
      self.pooling = pooling
      self.poolingStandardErrors = poolingStandardErrors
      self.data = data
      self.seasons = seasons
      self.games = games
    }

    /// "nba_games_lines.csv 2007-08:2024-25, 23117 games".
    var record: String? {
      guard let data else { return nil }
      let span = seasons.count > 1 ? "\(seasons.first!):\(seasons.last!)" : seasons.first
      return [data, span].compactMap { $0 }.joined(separator: " ") + (games.map { ", \($0) games" } ?? "")
    }
  }

  package var origin: Origin
  package var fits: [ProjectionSource: Fit]

  package init(origin: Origin, fits: [ProjectionSource: Fit]) {
    self.origin = origin
    self.fits = fits
  }

  /// The seed's defaults: no fit, the model alone (never pooled).
  package static let seed = ModelSet(origin: .seed, fits: [:])

  /// The model a run uses with projections from `source` (nil: projections its user gives):
  ///
  /// - the fit on that source, with its shifts and its pooling weights;
  /// - else (a user's projections, or a source the set was not fitted on) the market's fit's
  ///   sds, correlation, overtime and skew (how scores spread around a projection as good as the
  ///   closing line), no shift, and the pooling weight `Defaults.poolWeight`, said in `notes`:
  ///   nothing measured how far such projections deserve trust;
  /// - the seed: its defaults, the model alone.
  package func resolve(for source: ProjectionSource?) -> ResolvedModel {
    guard origin != .seed else {
      return ResolvedModel(
        template: nil, shift: .none, pooling: nil, ratings: .defaults, periods: nil, name: "seed defaults", notes: [])
    }
    let ratings = fits[.ratings]?.ratings ?? .defaults
    if let source, let fit = fits[source] {
      var notes: [String] = []
      let (pooling, byDefault) = Self.pooling(fit.pooling, sameSource: true)
      if byDefault {
        notes.append(Self.defaultPoolingNote("the \(source.rawValue) fit of the \(name) has no pooling weights"))
      }
      let shift = source == .market ? ProjectionShift.none : ProjectionShift(fit.model, fittedOn: source, for: source)
      return ResolvedModel(
        template: fit.model.template, shift: shift, pooling: pooling, ratings: fit.ratings ?? ratings,
        periods: fit.model.periods, name: describe(source, fit), notes: notes)
    }
    let base = fits[.market] ?? fits.sorted { $0.key.rawValue < $1.key.rawValue }.first?.value
    let what =
      source.map { "the \(name) has no fit on \($0.rawValue) projections" } ?? "projections given have no fitted pooling weight in the \(name)"
    return ResolvedModel(
      template: base?.model.template, shift: .none, pooling: Defaults.pooling, ratings: ratings,
      periods: base?.model.periods, name: describe(nil, base), notes: [Self.defaultPoolingNote(what)])
  }

  /// The one rule of which pooling weights serve projections: a fit's own where the projections
  /// are of the source it was fitted on and it has them, else the default weight
  /// (`Defaults.pooling`), which `byDefault` says.
  package static func pooling(_ fitted: PoolingWeights?, sameSource: Bool) -> (weights: PoolingWeights, byDefault: Bool) {
    if sameSource, let fitted { return (fitted, false) }
    return (Defaults.pooling, true)
  }

  /// How outputs name the set: "shipped model", "model file m.json".
  package var name: String {
    switch origin {
    case .shipped: "shipped model"
    case .seed: "seed defaults"
    case .file(let path): "model file \(path)"
    }
  }

  private func describe(_ source: ProjectionSource?, _ fit: Fit?) -> String {
    let part = source.map { "\($0.rawValue) fit" } ?? (fits[.market] != nil ? "market fit's spread" : "its spread")
    return "\(name) (\(part)" + (fit?.record.map { ", \($0)" } ?? "") + ")"
  }

  static func defaultPoolingNote(_ why: String) -> String {
    "\(why): advice pools the model with the devigged market at the default weight \(Defaults.pooling.totals) (log-odds; --blend sets another)"
  }
}

/// What a run stands on, resolved from a `ModelSet` for one projection source.
package struct ResolvedModel: Sendable {
  /// The model's settings (means unused); nil: the built-in defaults.
  package var template: GameModel?
  /// The shift of the projection formula's means (none for projections given or market-implied).
  package var shift: ProjectionShift
  /// The model's weight against the market per market; nil: the model alone.
  package var pooling: PoolingWeights?
  /// The ratings' hyperparameters.
  package var ratings: RatingsSettings
  /// The game by quarters, where the fit has one (`calibrate --periods`).
  package var periods: PeriodModel?
  /// The model named as outputs name it: "shipped model (stats fit, nba_games_lines.csv 2007-08:2024-25, 23117 games)".
  package var name: String
  /// What the user should be told (a pooling weight by default).
  package var notes: [String]
}
