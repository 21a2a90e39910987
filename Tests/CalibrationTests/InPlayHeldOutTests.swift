import Calibration
import Foundation
import LineFeeds
import Simulation
import TestSupport
import UseCases
import XCTest

/// Issue 45's held-out check (b), on the seasons this repository has the half-time market for:
/// the quarter model fitted by calibrate's own path on 2007-08:2013-14 (closing-line
/// projections), every regular-season game of 2014-15:2017-18 priced at half time (period 3,
/// 12:00, the first half's score) on its exact final-score distribution. The points still to come have a mean absolute error within 0.30 of the
/// half-time market's second-half total; the home win's log loss is within 0.003 of what the
/// market's second-half spread implies (a normal around the first-half margin minus the spread,
/// its sd fitted on the same games: the market's best case); no probability decile of 300 games
/// or more is off by more than 0.05.
final class InPlayHeldOutTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.statistical.require() }

  /// Through the in-play backtest's own path (`Backtesting.inPlay`, what `mcsim backtest --at`
  /// runs): at half time against the market's lines, and at every checkpoint against Stern's
  /// Brownian motion, whose home-win log loss the quarter model beats (the margin reverts, which
  /// a Brownian motion does not know).
  func testHalfTimePricesMeetTheHalfTimeMarket() throws {
    let data = try HeldOutSeasons()
    let held = data.usable.filter { (2014...2017).contains(Int(data.games[$0].season.prefix(4))!) }
    let model = try data.fit(through: "2013-14")
    let scores = try Backtesting.inPlay(
      data.games, chosen: held, quarters: data.quarters, projection: .market, model: model, ratings: .defaults,
      checkpoints: [1, 2, 3], threads: 2)
    XCTAssertEqual(scores.map(\.checkpoint), [1, 2, 3])
    for s in scores {
      XCTAssertGreaterThan(s.games, 4_500)
      XCTAssertLessThan(s.model.logLoss, s.stern.logLoss - 0.01, "checkpoint \(s.checkpoint): \(s.model.logLoss) vs Stern \(s.stern.logLoss)")
    }
    let half = scores[1], market = try XCTUnwrap(half.market)
    XCTAssertGreaterThan(market.games, 4_500)
    XCTAssertLessThanOrEqual(market.modelError, market.error + 0.30, "MAE of the points to come: model \(market.modelError), market \(market.error)")
    XCTAssertGreaterThan(market.spreadGames, 4_500)
    XCTAssertLessThanOrEqual(
      market.modelLogLoss, market.logLoss + 0.003, "home-win log loss: model \(market.modelLogLoss), market's spread \(market.logLoss)")
    for bin in half.model.reliability where bin.count >= 300 {
      XCTAssertLessThanOrEqual(abs(bin.predicted - bin.observed), 0.05, "\(bin)")
    }
    print(
      "in play at half time, \(half.games) games 2014-15:2017-18: MAE model \(market.modelError) market \(market.error); log loss model \(market.modelLogLoss) market \(market.logLoss)"
    )
  }
}
