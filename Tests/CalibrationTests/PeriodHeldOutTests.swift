import Calibration
import Foundation
import LineFeeds
import Simulation
import TestSupport
import UseCases
import XCTest

/// Issue 45's held-out check (a), in the suite: the quarter model fitted by calibrate's own path
/// on 2007-08:2017-18 (closing-line projections), every regular-season game of 2018-19 on priced
/// from its closing total and spread. At lines near each game's own (the model's rounded mean
/// -2.5, -0.5, +0.5, +2.5), the first half's and first quarter's over/under and home spread have
/// a log loss no worse than a normal fitted to the calibration seasons (mean linear in the
/// closing total or spread, one sd) plus 0.002, and the predicted tie rates are within 0.006 of
/// the observed.
final class PeriodHeldOutTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.statistical.require() }

  func testHeldOutSeasonsScoreAsWellAsAFittedNormal() throws {
    let data = try HeldOutSeasons()
    let games = data.games, quarters = data.quarters
    let calibration = data.usable.filter { games[$0].season <= "2017-18" }
    let held = data.usable.filter { games[$0].season >= "2018-19" }
    let model = try data.fit(through: "2017-18"), periodModel = try XCTUnwrap(model.periods)
    let projection = HeldOutSeasons.projection, loss = HeldOutSeasons.loss
    func points(_ i: Int, _ p: GamePeriod) -> (total: Double, margin: Double) {
      let q = quarters[i]!
      let h = p.quarters.reduce(0) { $0 + q.home[$1] }, a = p.quarters.reduce(0) { $0 + q.away[$1] }
      return (Double(h + a), Double(h - a))
    }
    for period in [GamePeriod.h1, .q1] {
      // The baseline: least squares of the period's total on the closing total, of its margin on
      // minus the closing spread, and each residual's sd, on the calibration seasons.
      func line(_ xs: [Double], _ ys: [Double]) -> (a: Double, b: Double, sd: Double) {
        let n = Double(xs.count), mx = xs.reduce(0, +) / n, my = ys.reduce(0, +) / n
        let b = zip(xs, ys).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) } / xs.reduce(0) { $0 + ($1 - mx) * ($1 - mx) }
        let a = my - b * mx
        let sd = (zip(xs, ys).reduce(0) { $0 + pow($1.1 - a - b * $1.0, 2) } / n).squareRoot()
        return (a, b, sd)
      }
      let totals = line(calibration.map { games[$0].closeTotal! }, calibration.map { points($0, period).total })
      let margins = line(calibration.map { -games[$0].closeSpreadHome! }, calibration.map { points($0, period).margin })
      var losses = (modelTotal: 0.0, baseTotal: 0.0, modelSpread: 0.0, baseSpread: 0.0, totals: 0, spreads: 0)
      var ties = (observed: 0.0, predicted: 0.0)
      for i in held {
        let g = games[i], m = model.gameModel(for: projection(g))
        let s = periodModel.period(period, homeRegulation: m.homeMean, awayRegulation: m.awayMean)
        let actual = points(i, period)
        let bt = totals.a + totals.b * g.closeTotal!, bm = margins.a + margins.b * -g.closeSpreadHome!
        for offset in [-2.5, -0.5, 0.5, 2.5] {
          let total = s.meanTotal.rounded(.down) + offset
          if actual.total != total {
            let t = s.total(total), b = PeriodScores.sides(total, mean: bt, sd: totals.sd)
            losses.modelTotal += loss(t.over / (t.over + t.under), actual.total > total)
            losses.baseTotal += loss(b.above / (b.above + b.below), actual.total > total)
            losses.totals += 1
          }
          let spread = -(s.meanMargin.rounded(.down) + offset)
          if actual.margin + spread != 0 {
            let c = s.homeSpread(spread), b = PeriodScores.sides(-spread, mean: bm, sd: margins.sd)
            losses.modelSpread += loss(c.cover / (c.cover + c.lose), actual.margin + spread > 0)
            losses.baseSpread += loss(b.above / (b.above + b.below), actual.margin + spread > 0)
            losses.spreads += 1
          }
        }
        if actual.margin == 0 { ties.observed += 1 }
        ties.predicted += s.moneyline.tie
      }
      let n = Double(held.count)
      let model = (losses.modelTotal / Double(losses.totals), losses.modelSpread / Double(losses.spreads))
      let normal = (losses.baseTotal / Double(losses.totals), losses.baseSpread / Double(losses.spreads))
      print(
        "held out \(period.rawValue), \(held.count) games: total \(model.0) vs \(normal.0), spread \(model.1) vs \(normal.1), ties \(ties.observed / n) observed, \(ties.predicted / n) predicted"
      )
      XCTAssertLessThanOrEqual(model.0, normal.0 + 0.002, "\(period) total")
      XCTAssertLessThanOrEqual(model.1, normal.1 + 0.002, "\(period) spread")
      XCTAssertEqual(ties.predicted / n, ties.observed / n, accuracy: 0.006, "\(period) ties")
    }
  }
}
