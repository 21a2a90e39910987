import Calibration

/// The model fitted to past games: `mcsim calibrate`. Overall on the games chosen, and season by
/// season, each game projected from what was known before it.
public struct CalibrationRequest: Sendable {
  /// Every game of the results (projections need the games before each one).
  public var games: [HistoricalGame]
  /// The games fitted (indices into `games`).
  public var chosen: [Int]
  public var projection: ProjectionSource

  public init(games: [HistoricalGame], chosen: [Int], projection: ProjectionSource = .market) {
    self.games = games
    self.chosen = chosen
    self.projection = projection
  }
}

public struct Calibrated: Sendable {
  public var fit: ModelFit
  public var bySeason: [ModelFit]
}

public enum Calibrating {
  /// The fits; nil when fewer than 3 games have a projection.
  public static func fit(_ request: CalibrationRequest) -> Calibrated? {
    let projections = Projections.compute(request.games, source: request.projection)
    let games = request.chosen.map { request.games[$0] }, projected = request.chosen.map { projections[$0] }
    guard let fit = ModelFit.fit(games, projections: projected, projection: request.projection) else { return nil }
    return Calibrated(fit: fit, bySeason: ModelFit.bySeason(games, projections: projected, projection: request.projection))
  }
}
