import Calibration

/// A fitted value as JSON: `{"value", "se", "ci95": [lo, hi]}`.
extension Estimate: Encodable {
  package func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: NamedKey.self)
    try c.encode(value, forKey: NamedKey("value"))
    try c.encode(standardError, forKey: NamedKey("se"))
    try c.encode([ci95.lowerBound, ci95.upperBound], forKey: NamedKey("ci95"))
  }
}

/// `mcsim calibrate --json`'s fit: `{"projection", "games", "games_without_projection",
/// "seasons", "parameters": {"home_sd", "away_sd", "rho", "home_advantage", "total_shift", "ot_rate",
/// "ot_points", "ot_sd", "tie_ot_points", "tie_ot_sd", "skew"}, "log_likelihood", "overtime":
/// {"games", "observed_rate", "tie_implied_rate", "mean_points"}, "skew": {"delta_aic",
/// "earns_its_place", "log_likelihood_normal", "log_likelihood_skewed"}}`, each parameter an
/// `Estimate` (value, se, ci95).
extension ModelFit: Encodable {
  package func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: NamedKey.self)
    try c.encode(projection.rawValue, forKey: NamedKey("projection"))
    try c.encode(games, forKey: NamedKey("games"))
    try c.encode(gamesWithoutProjection, forKey: NamedKey("games_without_projection"))
    try c.encode(seasons, forKey: NamedKey("seasons"))
    var p: [String: Estimate] = [
      "home_sd": regulation.homeSD, "away_sd": regulation.awaySD, "rho": regulation.rho,
      "home_advantage": regulation.homeAdvantage, "total_shift": regulation.totalShift, "ot_rate": overtime.rate,
      "ot_points": overtime.flatPoints, "ot_sd": overtime.flatSD, "skew": skew.skewness,
    ]
    p["tie_ot_points"] = overtime.tiePoints
    p["tie_ot_sd"] = overtime.tieSD
    try c.encode(p, forKey: NamedKey("parameters"))
    try c.encode(regulation.logLikelihood, forKey: NamedKey("log_likelihood"))
    try c.encode(
      OvertimeSummary(
        games: overtime.overtimeGames, observed_rate: overtime.rate.value, tie_implied_rate: tieImpliedRate,
        mean_points: overtime.meanPoints), forKey: NamedKey("overtime"))
    try c.encode(
      SkewSummary(
        delta_aic: skew.deltaAIC, earns_its_place: skew.earnsItsPlace, log_likelihood_normal: skew.logLikelihoodNormal,
        log_likelihood_skewed: skew.logLikelihoodSkewed), forKey: NamedKey("skew"))
  }

  private struct OvertimeSummary: Encodable {
    let games: Int
    let observed_rate: Double
    let tie_implied_rate: Double
    let mean_points: Double
  }

  private struct SkewSummary: Encodable {
    let delta_aic: Double
    let earns_its_place: Bool
    let log_likelihood_normal: Double
    let log_likelihood_skewed: Double
  }
}

/// `mcsim calibrate --json`: `{"fit", "by_season", "model", "data", "stage", "skipped_rows",
/// "notes", "elapsed_ms"}`; `model` is the model file `--out` writes.
package struct CalibrationResponse: Encodable, Sendable {
  package var fit: ModelFit
  package var bySeason: [ModelFit]
  package var model: ModelDocument
  package var data: String
  package var stage: String?
  package var skippedRows: [String]
  /// What a reader must know of the fit (pooling weights shrunk toward the shipped model's).
  package var notes: [String]
  package var elapsedMS: Double

  package init(
    fit: ModelFit, bySeason: [ModelFit], model: ModelDocument, data: String, stage: String?, skippedRows: [String],
    notes: [String] = [], elapsedMS: Double
  ) {
    self.notes = notes
    self.fit = fit
    self.bySeason = bySeason
    self.model = model
    self.data = data
    self.stage = stage
    self.skippedRows = skippedRows
    self.elapsedMS = elapsedMS
  }

  enum CodingKeys: String, CodingKey {
    case fit, bySeason = "by_season", model, data, stage, skippedRows = "skipped_rows", notes, elapsedMS = "elapsed_ms"
  }
}
