/// What a fitted model adds to a projection formula's means (`CalibratedModel`): the home
/// advantage to the margin, the total shift to the total. It applies where a game's projections
/// come from the formula it was fitted on: a model fitted on season-to-date stats shifts the
/// stats formula's projections (`slate --stats`, `--stats-from`, the live slate); projections a
/// user gives, and market-implied ones (solved so the market's lines are fair), are final.
package struct ProjectionShift: Hashable, Sendable {
  package var homeAdvantage: Double
  package var totalShift: Double

  package init(homeAdvantage: Double = 0, totalShift: Double = 0) {
    self.homeAdvantage = homeAdvantage
    self.totalShift = totalShift
  }

  package static let none = ProjectionShift()

  /// The shift of `model` for projections from `source`: its own where it was fitted on them.
  package init(_ model: CalibratedModel?, fittedOn fitted: ProjectionSource?, for source: ProjectionSource) {
    guard let model, fitted == source else {
      self.init()
      return
    }
    self.init(homeAdvantage: model.homeAdvantage, totalShift: model.totalShift)
  }

  /// The means of a game projected `home`-`away` by the formula.
  package func apply(home: Double, away: Double) -> (home: Double, away: Double) {
    (home + (totalShift + homeAdvantage) / 2, away + (totalShift - homeAdvantage) / 2)
  }

  package var isNone: Bool { self == .none }
}
