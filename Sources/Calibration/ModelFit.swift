import RandomStreams
import Simulation

/// Everything `mcsim calibrate` fits on a set of games (regulation, overtime, skew), and the
/// model it recommends.
package struct ModelFit: Hashable, Sendable {
  package var projection: ProjectionSource
  /// Games in the fit (those with a projection) and those left out for want of one.
  package var games: Int
  package var gamesWithoutProjection: Int
  package var seasons: [String]
  package var regulation: RegulationFit
  package var overtime: OvertimeFit
  package var skew: SkewFit
  /// The tie model's overtime rate: the mean over games of the probability that regulation
  /// ends level under `regulation` (against `overtime.rate`, the share observed).
  package var tieImpliedRate: Double

  /// Fits `games` (in date order) with projections from `projection`. Nil when fewer than 3 games
  /// have a projection (or ratings cannot be computed).
  package static func fit(_ games: [HistoricalGame], projection: ProjectionSource) -> ModelFit? {
    guard let projections = try? Projections.compute(games, source: projection) else { return nil }
    return fit(games, projections: projections, projection: projection)
  }

  package static func fit(_ games: [HistoricalGame], projections: [Projection?], projection: ProjectionSource)
    -> ModelFit?
  {
    let used = zip(games, projections).filter { $0.1 != nil }
    let kept = used.map(\.0)
    guard let regulation = RegulationFit.fit(games, projections: projections),
      let overtime = OvertimeFit.fit(kept)
    else { return nil }
    let skew = SkewFit.fit(games, projections: projections, regulation: regulation)
    let implied =
      used.reduce(0.0) { $0 + regulation.levelProbability(projectedMargin: $1.1!.home - $1.1!.away) }
      / Double(used.count)
    var seasons: [String] = []
    for g in kept where seasons.last != g.season { if !seasons.contains(g.season) { seasons.append(g.season) } }
    return ModelFit(
      projection: projection, games: kept.count, gamesWithoutProjection: games.count - kept.count, seasons: seasons,
      regulation: regulation, overtime: overtime, skew: skew, tieImpliedRate: implied)
  }

  /// One fit per season, in the order the seasons first appear (seasons fitted in parallel).
  package static func bySeason(_ games: [HistoricalGame], projections: [Projection?], projection: ProjectionSource)
    -> [ModelFit]
  {
    var order: [String] = []
    var groups: [String: [Int]] = [:]
    for (i, g) in games.enumerated() {
      if groups[g.season] == nil { order.append(g.season) }
      groups[g.season, default: []].append(i)
    }
    let seasons = order, byseason = groups
    let fits = ChunkRunner.map(tasks: seasons.count, threads: SimulationOptions.defaultThreads) { k in
      let idx = byseason[seasons[k]]!
      return fit(idx.map { games[$0] }, projections: idx.map { projections[$0] }, projection: projection)
    }
    return fits.compactMap { $0 }
  }

  /// The model these fits recommend. `overtime` flat: the fitted rate and points per overtime game
  /// (totals right: overtime happens as often as observed); tie: the fitted points per period
  /// (overtime only after a level regulation, at the rate the regulation fit implies). Skew is
  /// included only when it earns its place (AIC).
  package func model(overtime kind: Overtime.Kind = .flat) -> CalibratedModel {
    var m = GameModel(homeMean: 0, awayMean: 0)
    m.homeSD = regulation.homeSD.value
    m.awaySD = regulation.awaySD.value
    m.correlation = regulation.rho.value
    m.overtime.kind = kind
    switch kind {
    case .tie:
      // The tie model's points are both teams' per period; without a tie fit (fewer than 10
      // overtime games) the flat fit's points per overtime game stand in (most overtimes are one
      // period).
      m.overtime.points = overtime.tiePoints?.value ?? overtime.flatPoints.value
      m.overtime.sd = overtime.tieSD?.value ?? overtime.flatSD.value
    case .flat, .none:
      m.overtime.rate = overtime.rate.value
      m.overtime.points = overtime.flatPoints.value
      m.overtime.sd = overtime.flatSD.value
    }
    if skew.earnsItsPlace {
      let largest = GameModel.largestSkewness(correlation: m.correlation)
      m.skewness = min(max(skew.skewness.value, -largest), largest)
    }
    // The total shift takes the expected overtime points out of the regulation means the
    // model adds them back to, so that totals keep their fitted mean.
    return CalibratedModel(template: m, homeAdvantage: regulation.homeAdvantage.value, totalShift: regulation.totalShift.value)
  }
}
