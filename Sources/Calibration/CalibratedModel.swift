import Simulation

/// A game model to price any game from its projection: the engine's `GameModel` without the
/// means (sds, correlation, overtime, skew, floor), and the two shifts the fit found between
/// projections and results: the regulation means are
///
///   home = projection_home + (total_shift + home_advantage) / 2,
///   away = projection_away + (total_shift - home_advantage) / 2.
///
/// With closing-line projections the home advantage is already in the spread (its fit is the
/// spread's bias, near 0) and the total shift takes the overtime points out of the closing total
/// (the model adds them back); with season-to-date stats the home advantage is the home court.
package struct CalibratedModel: Hashable, Sendable {
  package var template: GameModel
  package var homeAdvantage: Double
  package var totalShift: Double
  /// The game by quarters (`calibrate --periods`); nil: the full game only.
  package var periods: PeriodModel?

  package init(template: GameModel, homeAdvantage: Double = 0, totalShift: Double = 0, periods: PeriodModel? = nil) {
    self.template = template
    self.homeAdvantage = homeAdvantage
    self.totalShift = totalShift
    self.periods = periods
  }

  /// The replaced service's model, as it was used: the projections as the means, sd 10 each,
  /// correlation 0.5, flat overtime at 6% adding 12 +/- 3 points.
  package static let seedDefaults = CalibratedModel(template: GameModel(homeMean: 0, awayMean: 0))

  /// The model of one game (its means clamped to the engine's range).
  package func gameModel(for p: Projection) -> GameModel {
    var m = template
    m.homeMean = min(max(p.home + (totalShift + homeAdvantage) / 2, 0), GameModel.maxProjection)
    m.awayMean = min(max(p.away + (totalShift - homeAdvantage) / 2, 0), GameModel.maxProjection)
    return m
  }
}
