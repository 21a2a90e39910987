import Foundation
import Multivariate

/// The ratings' hyperparameters chosen without peeking: the half-life, the team ridge and the
/// season carry that maximise the walk-forward likelihood of the chosen games' scores (each
/// game projected from the games before it, `RatingsReplay`), with the margin and the total
/// taken as independent normals of their own variance; profiled over the variances, the
/// log-likelihood is -n/2 (log MSE_margin + log MSE_total) + constant. Nelder-Mead on
/// log half-life, log ridge and logit carry from `RatingsSettings.untuned`.
package enum RatingsTuning {
  package struct Tuned: Hashable, Sendable {
    package var settings: RatingsSettings
    /// Root mean squared error of the walk-forward margin and total on the games scored.
    package var marginRMSE: Double
    package var totalRMSE: Double
    package var games: Int
    package var evaluations: Int
  }

  /// `chosen`: indices into `games` (in date order) whose projections are scored; only games up
  /// to the last chosen one are read.
  package static func tune(_ games: [HistoricalGame], chosen: [Int], maxEvaluations: Int = 80)
    throws(MultivariateError) -> Tuned?
  {
    guard let last = chosen.max() else { return nil }
    let history = Array(games[...last])
    var failure: MultivariateError?
    var evaluations = 0
    func errors(_ s: RatingsSettings) -> (margin: Double, total: Double, n: Int)? {
      evaluations += 1
      let projected: [Projection?]
      do { projected = try RatingsReplay.projections(history, settings: s) } catch {
        failure = error
        return nil
      }
      var m = 0.0, t = 0.0, n = 0
      for i in chosen {
        guard let p = projected[i] else { continue }
        let g = history[i]
        let dm = Double(g.margin) - (p.home - p.away), dt = Double(g.total) - (p.home + p.away)
        m += dm * dm
        t += dt * dt
        n += 1
      }
      return n > 0 ? (m / Double(n), t / Double(n), n) : nil
    }
    func settings(_ x: [Double]) -> RatingsSettings {
      RatingsSettings(
        halfLifeDays: min(max(exp(x[0]), RatingsSettings.halfLifeRange.lowerBound), RatingsSettings.halfLifeRange.upperBound),
        teamRidge: min(max(exp(x[1]), RatingsSettings.ridgeRange.lowerBound), RatingsSettings.ridgeRange.upperBound),
        carry: 1 / (1 + exp(-x[2])), leagueRidge: RatingsSettings.untuned.leagueRidge)
    }
    let start = RatingsSettings.untuned
    let x0 = [log(start.halfLifeDays), log(start.teamRidge), log(start.carry / (1 - start.carry))]
    let best = NelderMead.minimise(
      { x in
        guard failure == nil, let e = errors(settings(x)) else { return .infinity }
        return log(e.margin) + log(e.total)
      }, from: x0, steps: [0.7, 0.7, 1.0], tolerance: 1e-6, maxEvaluations: maxEvaluations)
    if let failure { throw failure }
    let tuned = settings(best)
    guard let e = errors(tuned) else { return nil }
    return Tuned(
      settings: tuned, marginRMSE: e.margin.squareRoot(), totalRMSE: e.total.squareRoot(), games: e.n,
      evaluations: evaluations)
  }
}
