/// The ranges `GameModel.validate()` accepts, and a model moved back into them. The agent's
/// scenarios and sensitivities perturb a valid model (projection - 3, sd x 0.7, x 1.05); near an
/// edge of the domain the perturbed model is clamped to it rather than refused, so a request
/// that is valid never fails inside its own sweep.
extension GameModel {
  public static var projectionRange: ClosedRange<Double> { 0...maxProjection }
  public static var sdRange: ClosedRange<Double> { minSD...maxSD }

  /// The same model with means and sds clamped to the valid ranges (unchanged when inside).
  public func clampedToDomain() -> GameModel {
    var m = self
    m.homeMean = Self.clamp(homeMean, Self.projectionRange)
    m.awayMean = Self.clamp(awayMean, Self.projectionRange)
    m.homeSD = Self.clamp(homeSD, Self.sdRange)
    m.awaySD = Self.clamp(awaySD, Self.sdRange)
    return m
  }

  static func clamp(_ x: Double, _ range: ClosedRange<Double>) -> Double {
    min(max(x, range.lowerBound), range.upperBound)
  }
}
