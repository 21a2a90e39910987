import Calibration
import Foundation
import Multivariate
import OddsMath
import RandomStreams
import XCTest

/// Team ratings (`RatingsReplay`): strengths recovered from seasons generated with them, the
/// regularised least squares against an independent QR solve, no look-ahead, and the pool with
/// the market.
final class RatingsTests: XCTestCase {
  /// One synthetic season: 30 teams with known offense and defense (mean 0), a home advantage of
  /// 3 points, back-to-backs costing 2 points of own scoring and giving 1.5 to the opponent,
  /// each score normal around its mean with sd 11. 8 games a day between 16 of the 30 teams
  /// drawn at random, so about half the teams of a day played the day before (back-to-backs).
  struct Season {
    var offense: [Double] = []
    var defense: [Double] = []
    let league = 110.0, home = 3.0, tiredOwn = -2.0, tiredOpponent = 1.5, sd = 11.0
    var games: [HistoricalGame] = []

    init(days: Int, seed: UInt64, season: String = "2030-31", startDay: Int = CivilDay.number("2030-10-20")!) {
      var rng = RandomStream(seed: seed, id: 0)
      offense = rng.normals(30).map { 4 * $0 }
      defense = rng.normals(30).map { 4 * $0 }
      let mo = offense.reduce(0, +) / 30, md = defense.reduce(0, +) / 30
      offense = offense.map { $0 - mo }
      defense = defense.map { $0 - md }
      var last = [Int](repeating: -10, count: 30)
      var line = 2
      for day in 0..<days {
        // A random pairing of 16 of the 30 teams: 8 games.
        var order = Array(0..<30)
        let u = rng.uniforms(30)
        order.sort { u[$0] < u[$1] }
        for k in 0..<8 {
          let h = order[2 * k], a = order[2 * k + 1]
          let ht = last[h] == day - 1, at = last[a] == day - 1
          let z = rng.normals(2)
          let hm = league + home / 2 + offense[h] - defense[a] + (ht ? tiredOwn : 0) + (at ? tiredOpponent : 0)
          let am = league - home / 2 + offense[a] - defense[h] + (at ? tiredOwn : 0) + (ht ? tiredOpponent : 0)
          var hs = Int((hm + sd * z[0]).rounded()), aw = Int((am + sd * z[1]).rounded())
          if hs == aw { hs += 1 }
          games.append(
            HistoricalGame(
              line: line, season: season, date: CivilDay.civil(startDay + day), home: "T\(h)", away: "T\(a)",
              homeScore: hs, awayScore: aw, overtime: false, overtimePoints: 0, closeTotal: nil, closeSpreadHome: nil,
              homeMoneyline: nil, awayMoneyline: nil, stage: "regular"))
          line += 1
          last[h] = day
          last[a] = day
        }
      }
    }
  }

  /// With no fading and a negligible prior the fit is least squares: each team's offense and
  /// defense within 4 standard errors of the truth (se = sd / sqrt(games), widened by 5% for the
  /// other parameters' estimation), the home advantage and the back-to-back effects too.
  func testRatingsRecoverKnownStrengths() throws {
    let s = Season(days: 300, seed: 7)
    let settings = RatingsSettings(halfLifeDays: 1e9, teamRidge: 1e-6, carry: 0, leagueRidge: 1e-6)
    let r = try RatingsReplay.ratings(s.games, asOf: nil, settings: settings)
    XCTAssertEqual(r.teams.count, 30)
    for t in r.teams {
      let i = Int(t.team.dropFirst())!
      let se = 1.05 * s.sd / Double(t.games).squareRoot()
      XCTAssertEqual(t.offense, s.offense[i], accuracy: 4 * se, "\(t.team) offense")
      XCTAssertEqual(t.defense, s.defense[i], accuracy: 4 * se, "\(t.team) defense")
    }
    let n = Double(s.games.count)
    // The home advantage's column is +-1/2 on 2n observations: se = sd / sqrt(n / 2).
    XCTAssertEqual(r.homeAdvantage, s.home, accuracy: 4 * s.sd / (n / 2).squareRoot())
    XCTAssertEqual(r.league, s.league, accuracy: 4 * s.sd / (2 * n).squareRoot())
    let tired = Double(s.games.count) * 0.1  // at least this many tired team-games (checked below)
    let count = s.games.indices.filter { i in
      let g = s.games[i]
      return s.games[..<i].contains { $0.date == CivilDay.civil(CivilDay.number(g.date)! - 1) && ($0.home == g.home || $0.away == g.home) }
    }.count
    XCTAssertGreaterThan(Double(count), tired)
    XCTAssertEqual(r.backToBackOwn, s.tiredOwn, accuracy: 4 * s.sd / Double(count).squareRoot())
    XCTAssertEqual(r.backToBackOpponent, s.tiredOpponent, accuracy: 4 * s.sd / Double(count).squareRoot())
  }

  /// The ratings solve (normal equations accumulated game by game with fading, Cholesky) agrees
  /// to 1e-10 with an independent solve: the weighted ridge problem written out as one
  /// augmented least-squares system [sqrt(W) X; sqrt(Lambda)] and solved by QR (dgels), the
  /// weights 2^-(age / half-life) computed directly from each game's date.
  func testNormalEquationsAgreeWithQR() throws {
    let s = Season(days: 40, seed: 3)
    let settings = RatingsSettings(halfLifeDays: 20, teamRidge: 4, carry: 0.5, leagueRidge: 2)
    let r = try RatingsReplay.ratings(s.games, asOf: nil, settings: settings)
    // Parameters: league, home, tired own, tired opponent, offense T0..T29, defense T0..T29.
    let p = 4 + 60
    let end = CivilDay.number(s.games.last!.date)! + 1
    var rows: [[Double]] = [], y: [Double] = []
    var last: [String: Int] = [:]
    var start = 0
    while start < s.games.count {
      var stop = start
      while stop < s.games.count && s.games[stop].date == s.games[start].date { stop += 1 }
      let day = CivilDay.number(s.games[start].date)!
      for g in s.games[start..<stop] {
        let w = exp2(-Double(end - day) / settings.halfLifeDays).squareRoot()
        let h = Int(g.home.dropFirst())!, a = Int(g.away.dropFirst())!
        let ht = last[g.home] == day - 1, at = last[g.away] == day - 1
        var xh = [Double](repeating: 0, count: p), xa = xh
        xh[0] = 1; xh[1] = 0.5; xh[4 + h] = 1; xh[4 + 30 + a] = -1
        xa[0] = 1; xa[1] = -0.5; xa[4 + a] = 1; xa[4 + 30 + h] = -1
        if ht { xh[2] = 1; xa[3] = 1 }
        if at { xa[2] = 1; xh[3] = 1 }
        rows.append(xh.map { $0 * w })
        y.append(Double(g.homeScore) * w)
        rows.append(xa.map { $0 * w })
        y.append(Double(g.awayScore) * w)
      }
      for g in s.games[start..<stop] {
        last[g.home] = day
        last[g.away] = day
      }
      start = stop
    }
    // The prior rows (every prior is 0 in a file's first season).
    for j in 0..<p {
      var x = [Double](repeating: 0, count: p)
      x[j] = (j == 0 ? 1e-3 : j < 4 ? settings.leagueRidge : settings.teamRidge).squareRoot()
      rows.append(x)
      y.append(0)
    }
    let theta = try XCTUnwrap(try LinearAlgebra.leastSquares(rows.flatMap { $0 }, rows: rows.count, y))
    // The teams were met in the order of the file: map the codes to the test's indices.
    XCTAssertEqual(r.homeAdvantage, theta[1], accuracy: 1e-10)
    XCTAssertEqual(r.backToBackOwn, theta[2], accuracy: 1e-10)
    XCTAssertEqual(r.backToBackOpponent, theta[3], accuracy: 1e-10)
    for h in 0..<30 {
      for a in 0..<30 where a != h {
        let projected = try XCTUnwrap(r.project(home: "T\(h)", away: "T\(a)"))
        let home = theta[0] + theta[1] / 2 + theta[4 + h] - theta[34 + a]
        let away = theta[0] - theta[1] / 2 + theta[4 + a] - theta[34 + h]
        XCTAssertEqual(projected.home, home, accuracy: 1e-10)
        XCTAssertEqual(projected.away, away, accuracy: 1e-10)
      }
    }
  }

  /// Ratings as of a day read no game on or after it: every later result changed (and later
  /// games added), the ratings and every walk-forward projection up to the day are bit-identical.
  func testNoLookAhead() throws {
    let first = Season(days: 60, seed: 11, season: "2030-31")
    let second = Season(days: 60, seed: 12, season: "2031-32", startDay: CivilDay.number("2031-10-20")!)
    let games = first.games + second.games
    let cut = "2031-11-05"
    var altered = games
    var rng = RandomStream(seed: 5, id: 0)
    for i in altered.indices where altered[i].date >= cut {
      let u = rng.uniforms(2)
      altered[i].homeScore = 70 + Int(u[0] * 80)
      altered[i].awayScore = altered[i].homeScore + 1 + Int(u[1] * 30)
    }
    let a = try RatingsReplay.ratings(games, asOf: cut, settings: .defaults)
    let b = try RatingsReplay.ratings(altered, asOf: cut, settings: .defaults)
    XCTAssertEqual(a, b)
    XCTAssertEqual(a.season, "2031-32")
    XCTAssertEqual(a.asOf, cut)
    let pa = try RatingsReplay.projections(games, settings: .defaults)
    let pb = try RatingsReplay.projections(altered, settings: .defaults)
    let before = games.indices.filter { games[$0].date <= cut }
    XCTAssertEqual(before.map { pa[$0] }, before.map { pb[$0] })
    XCTAssertNotEqual(pa, pb)
    // A game on the day is projected by the ratings as of the day.
    let onDay = try XCTUnwrap(games.firstIndex { $0.date == cut })
    let g = games[onDay]
    let expected = a.project(
      home: g.home, away: g.away, homeBackToBack: a.backToBack(g.home, on: cut), awayBackToBack: a.backToBack(g.away, on: cut))
    let projected = try XCTUnwrap(pa[onDay]), rated = try XCTUnwrap(expected)
    XCTAssertEqual(projected.home, rated.home, accuracy: 1e-9)
    XCTAssertEqual(projected.away, rated.away, accuracy: 1e-9)
  }

  /// The first season's first games have no projection until both teams have played
  /// `minimumGames`; the next season projects from its first day (the carried priors).
  func testProjectionsNeedGamesInTheFile() throws {
    let first = Season(days: 30, seed: 1, season: "2030-31")
    let second = Season(days: 5, seed: 2, season: "2031-32", startDay: CivilDay.number("2031-10-20")!)
    let p = try RatingsReplay.projections(first.games + second.games, settings: .defaults)
    XCTAssertNil(p[0])
    XCTAssertTrue(p[first.games.count...].allSatisfy { $0 != nil })
  }

  /// The pool: the market's probability at weight 0, the model's at 1, and in between the
  /// log-odds mean; the fitted weight recovers the weight outcomes were drawn with, within 4
  /// standard errors (from the Fisher information of the one parameter).
  func testPoolingWeights() throws {
    XCTAssertEqual(LogOddsPool.pool(model: 0.7, market: 0.4, weight: 0), 0.4)
    XCTAssertEqual(LogOddsPool.pool(model: 0.7, market: 0.4, weight: 1), 0.7)
    let half = LogOddsPool.pool(model: 0.7, market: 0.4, weight: 0.5)
    XCTAssertEqual(log(half / (1 - half)), (log(0.7 / 0.3) + log(0.4 / 0.6)) / 2, accuracy: 1e-12)

    var rng = RandomStream(seed: 17, id: 0)
    let truth = 0.3, n = 20_000
    var outcomes: [MarketOutcome] = []
    var information = 0.0
    let odds = try Odds(decimal: 1.91)
    for i in 0..<n {
      let u = rng.uniforms(3)
      let model = 0.2 + 0.6 * u[0], market = 0.2 + 0.6 * u[1]
      let p = LogOddsPool.pool(model: model, market: market, weight: truth)
      let dz = log(model / (1 - model)) - log(market / (1 - market))
      information += p * (1 - p) * dz * dz
      outcomes.append(
        MarketOutcome(
          game: i, season: "s", model: .init(win: model, lose: 1 - model), simulations: 1, firstOdds: odds,
          secondOdds: odds, market: market, outcome: u[2] < p ? 1 : -1, wholeLine: false))
    }
    let w = try XCTUnwrap(PoolingFit.weight(outcomes))
    XCTAssertEqual(w, truth, accuracy: 4 / information.squareRoot())
  }

  /// Advice pooled at weight 0 stands on the market's probability, at weight 1 on the model's.
  func testAdviceStandsOnThePooledProbability() throws {
    let odds = try Odds(decimal: 2.1)
    func side(_ w: Double) -> SideAdvice {
      var policy = AdvicePolicy()
      policy.poolWeights = [.moneyline: w]
      return MarketAdvice(
        names: (.home, .away), odds: (odds, odds), simulated: .init(win: 0.62, lose: 0.38), simulations: 10_000,
        exact: .init(win: 0.62, lose: 0.38),
        market: [MarketProbability(probability: 0.55, method: .singleBook), MarketProbability(probability: 0.45, method: .singleBook)],
        policy: policy.on(.moneyline)
      ).sides[0]
    }
    XCTAssertEqual(side(0).probabilities.win, 0.55, accuracy: 1e-15)
    XCTAssertEqual(side(1).probabilities.win, 0.62, accuracy: 1e-15)
    XCTAssertEqual(side(0).poolWeight, 0)
    XCTAssertEqual(side(0).model.win, 0.62)
  }
}
