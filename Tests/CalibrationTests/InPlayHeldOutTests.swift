import Calibration
import Foundation
import LineFeeds
import Simulation
import TestSupport
import UseCases
import XCTest

/// Issue 45's held-out check (b), on the seasons this repository has the half-time market for:
/// the quarter model fitted by calibrate's own path on 2007-08:2013-14 (closing-line
/// projections), every regular-season game of 2014-15:2017-18 with a half-time second-half
/// total priced at half time (period 3, 12:00, the first half's score) on its exact final-score
/// distribution. The points still to come have a mean absolute error within 0.30 of the
/// half-time market's second-half total; the home win's log loss is within 0.003 of what the
/// market's second-half spread implies (a normal around the first-half margin minus the spread,
/// its sd fitted on the same games: the market's best case); no probability decile of 300 games
/// or more is off by more than 0.05.
final class InPlayHeldOutTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.statistical.require() }

  /// The half-time lines of data/nba_periods.csv by date, home and away.
  static func halfTimeLines(_ text: String) -> [String: (total: Double, spread: Double?)] {
    var lines = text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    let header = lines.removeFirst()
    let col = { (name: String) in header.firstIndex(of: name)! }
    let (date, home, away, total, spread) = (col("date"), col("home"), col("away"), col("h2_total"), col("h2_spread_home"))
    var out: [String: (Double, Double?)] = [:]
    for row in lines where row.count == header.count {
      if let t = Double(row[total]) { out["\(row[date]) \(row[home]) \(row[away])"] = (t, Double(row[spread])) }
    }
    return out
  }

  func testHalfTimePricesMeetTheHalfTimeMarket() throws {
    let data = try HeldOutSeasons()
    let games = data.games, quarters = data.quarters, loss = HeldOutSeasons.loss
    let market = Self.halfTimeLines(String(decoding: data.periodsData, as: UTF8.self))
    let held = data.usable.filter { (2014...2017).contains(Int(games[$0].season.prefix(4))!) }
    let model = try data.fit(through: "2013-14"), quarterModel = try XCTUnwrap(model.periods)
    var rows: [(p: Double, won: Bool, firstMargin: Double, spread: Double?)] = []
    var error = (model: 0.0, market: 0.0)
    for i in held {
      let g = games[i], q = quarters[i]!
      guard let lines = market["\(g.date) \(g.home) \(g.away)"] else { continue }
      let pre = model.gameModel(for: HeldOutSeasons.projection(g))
      let home = q.home[0] + q.home[1], away = q.away[0] + q.away[1]
      let live = quarterModel.inPlay(pre, at: GameState(period: 3, secondsLeft: 720, homeScore: home, awayScore: away))
      let final = try XCTUnwrap(ExactScoreDistribution.compute(live.model))
      let reading = InPlayReading(state: live.state, final: final)
      let rest = Double(g.homeScore + g.awayScore - home - away)
      error.model += abs(reading.remainingTotal - rest)
      error.market += abs(lines.total - rest)
      rows.append((final.margins.probabilities(line: 0).above, g.homeScore > g.awayScore, Double(home - away), lines.spread))
    }
    let n = Double(rows.count)
    XCTAssertGreaterThan(rows.count, 4_500)
    let mae = (model: error.model / n, market: error.market / n)
    XCTAssertLessThanOrEqual(mae.model, mae.market + 0.30, "MAE of the points to come: model \(mae.model), market \(mae.market)")

    let quoted = rows.filter { $0.spread != nil }
    let modelLoss = quoted.reduce(0) { $0 + loss($1.p, $1.won) } / Double(quoted.count)
    func marketLoss(_ sd: Double) -> Double {
      quoted.reduce(0) { $0 + loss(0.5 * erfc(-(($1.firstMargin - $1.spread!) / sd) / 2.0.squareRoot()), $1.won) } / Double(quoted.count)
    }
    let best = stride(from: 7.0, through: 14.0, by: 0.1).map(marketLoss).min()!
    XCTAssertLessThanOrEqual(modelLoss, best + 0.003, "home-win log loss: model \(modelLoss), market's spread \(best)")

    var bins: [Int: (p: Double, won: Double, count: Double)] = [:]
    for r in rows {
      let b = min(Int(r.p * 10), 9)
      bins[b, default: (0, 0, 0)].p += r.p
      bins[b, default: (0, 0, 0)].won += r.won ? 1 : 0
      bins[b, default: (0, 0, 0)].count += 1
    }
    for (b, v) in bins where v.count >= 300 {
      XCTAssertLessThanOrEqual(abs(v.p / v.count - v.won / v.count), 0.05, "decile \(b): \(v)")
    }
    print(
      "in play at half time, \(rows.count) games 2014-15:2017-18: MAE model \(mae.model) market \(mae.market); log loss model \(modelLoss) market \(best)"
    )
  }
}
