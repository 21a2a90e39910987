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

    /// `step`: days between game dates (1: back-to-backs happen; more: none, and the fading spans
    /// several days between dates).
    init(
      days: Int, seed: UInt64, season: String = "2030-31", startDay: Int = CivilDay.number("2030-10-20")!, step: Int = 1
    ) {
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
          let ht = step == 1 && last[h] == day - 1, at = step == 1 && last[a] == day - 1
          let z = rng.normals(2)
          let hm = league + home / 2 + offense[h] - defense[a] + (ht ? tiredOwn : 0) + (at ? tiredOpponent : 0)
          let am = league - home / 2 + offense[a] - defense[h] + (at ? tiredOwn : 0) + (ht ? tiredOpponent : 0)
          var hs = Int((hm + sd * z[0]).rounded()), aw = Int((am + sd * z[1]).rounded())
          if hs == aw { hs += 1 }
          games.append(
            HistoricalGame(
              line: line, season: season, date: CivilDay.civil(startDay + step * day), home: "T\(h)", away: "T\(a)",
              homeScore: hs, awayScore: aw, overtime: false, overtimePoints: 0, closeTotal: nil, closeSpreadHome: nil,
              homeMoneyline: nil, awayMoneyline: nil, stage: "regular"))
          line += 1
          last[h] = day
          last[a] = day
        }
      }
    }
  }

  /// With almost no fading and a negligible prior the fit is least squares: each team's offense
  /// and defense within 4 standard errors of the truth. se = sd / sqrt(games), widened by 5%:
  /// the opponents' estimated strengths add about 1/29 of the variance (sqrt(1 + 1/29) = 1.017),
  /// the rest allows for the recentring and the slight fading. The home advantage, the league
  /// level and the back-to-back effects (se from the count of tired team-games) likewise.
  func testRatingsRecoverKnownStrengths() throws {
    let s = Season(days: 300, seed: 7)
    let settings = RatingsSettings(halfLifeDays: 5000, teamRidge: 1e-3, carry: 0, leagueRidge: 1e-3)
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
    // Tired team-games: a team that played the day before, home or away.
    var last: [String: Int] = [:], count = 0
    for g in s.games {
      let day = CivilDay.number(g.date)!
      if last[g.home] == day - 1 { count += 1 }
      if last[g.away] == day - 1 { count += 1 }
      last[g.home] = day
      last[g.away] = day
    }
    XCTAssertGreaterThan(count, s.games.count / 2)
    XCTAssertEqual(r.backToBackOwn, s.tiredOwn, accuracy: 4 * s.sd / Double(count).squareRoot())
    XCTAssertEqual(r.backToBackOpponent, s.tiredOpponent, accuracy: 4 * s.sd / Double(count).squareRoot())
  }

  /// The ratings solve (normal equations accumulated game by game with fading, Cholesky) agrees
  /// to 1e-10 with an independent solve: each season's weighted ridge problem written out as one
  /// augmented least-squares system [sqrt(W) X; sqrt(Lambda)] theta = [sqrt(W) y;
  /// sqrt(Lambda) theta_0], solved by QR (dgels), the weights 2^-(age / half-life) computed
  /// directly from each game's date. Two seasons: the first with back-to-backs, the second
  /// with three days between dates and the first's ratings, recentred and carried, as priors.
  func testNormalEquationsAgreeWithQR() throws {
    let one = Season(days: 40, seed: 3)
    let two = Season(days: 30, seed: 4, season: "2031-32", startDay: CivilDay.number("2031-10-20")!, step: 3)
    let settings = RatingsSettings(halfLifeDays: 20, teamRidge: 4, carry: 0.6, leagueRidge: 2)
    let r = try RatingsReplay.ratings(one.games + two.games, asOf: nil, settings: settings)
    // Parameters: league, home, tired own, tired opponent, offense T0..T29, defense T0..T29.
    let p = 4 + 60
    func solve(_ games: [HistoricalGame], prior: [Double]) throws -> [Double] {
      let end = CivilDay.number(games.last!.date)! + 1
      var rows: [[Double]] = [], y: [Double] = []
      var last: [String: Int] = [:]
      for g in games {
        let day = CivilDay.number(g.date)!
        let w = exp2(-Double(end - day) / settings.halfLifeDays).squareRoot()
        let h = Int(g.home.dropFirst())!, a = Int(g.away.dropFirst())!
        let ht = last[g.home] == day - 1, at = last[g.away] == day - 1
        var xh = [Double](repeating: 0, count: p), xa = xh
        xh[0] = 1; xh[1] = 0.5; xh[4 + h] = 1; xh[4 + 30 + a] = -1
        xa[0] = 1; xa[1] = -0.5; xa[4 + a] = 1; xa[4 + 30 + h] = -1
        if ht { xh[2] = 1; xa[3] = 1 }
        if at { xa[2] = 1; xh[3] = 1 }
        // Updated game by game: the same as after the date, as no team plays twice a day.
        last[g.home] = day
        last[g.away] = day
        rows.append(xh.map { $0 * w })
        y.append(Double(g.homeScore) * w)
        rows.append(xa.map { $0 * w })
        y.append(Double(g.awayScore) * w)
      }
      for j in 0..<p {
        let root = (j == 0 ? 1e-3 : j < 4 ? settings.leagueRidge : settings.teamRidge).squareRoot()
        var x = [Double](repeating: 0, count: p)
        x[j] = root
        rows.append(x)
        y.append(root * prior[j])
      }
      return try XCTUnwrap(try LinearAlgebra.leastSquares(rows.flatMap { $0 }, rows: rows.count, y))
    }
    // The first season from zero priors; its ratings recentred (offense and defense averaging 0,
    // the league level taking the difference) and carried into the second's priors.
    var first = try solve(one.games, prior: [Double](repeating: 0, count: p))
    let mo = first[4..<34].reduce(0, +) / 30, md = first[34..<64].reduce(0, +) / 30
    for j in 4..<34 { first[j] -= mo }
    for j in 34..<64 { first[j] -= md }
    first[0] += mo - md
    let prior = Array(first[0..<4]) + first[4...].map { settings.carry * $0 }
    let theta = try solve(two.games, prior: prior)
    XCTAssertEqual(r.season, "2031-32")
    XCTAssertEqual(r.homeAdvantage, theta[1], accuracy: 1e-10)
    XCTAssertEqual(r.backToBackOwn, theta[2], accuracy: 1e-10)
    XCTAssertEqual(r.backToBackOpponent, theta[3], accuracy: 1e-10)
    XCTAssertNotEqual(theta[2], 0)  // the first season's back-to-backs reached the second through its prior
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
  /// `minimumGames`. The next season projects from its first day, from last season's ratings
  /// carried; `ratings --as-of` that opening night gives the same ratings (an as-of day long after
  /// the last game starts the new season the walk would start), with no games this season yet.
  func testOpeningNightCarriesLastSeason() throws {
    let first = Season(days: 30, seed: 1, season: "2030-31")
    let second = Season(days: 5, seed: 2, season: "2031-32", startDay: CivilDay.number("2031-10-20")!)
    let games = first.games + second.games
    let p = try RatingsReplay.projections(games, settings: .defaults)
    XCTAssertNil(p[0])
    let opener = games[first.games.count]
    let night = try RatingsReplay.ratings(games, asOf: opener.date, settings: .defaults)
    XCTAssertNil(night.season)
    XCTAssertEqual(night.teams.count, 30)
    XCTAssertTrue(night.teams.allSatisfy { $0.games == 0 })
    let expected = try XCTUnwrap(night.project(home: opener.home, away: opener.away))
    let walked = try XCTUnwrap(p[first.games.count])
    XCTAssertEqual(walked.home, expected.home, accuracy: 1e-9)
    XCTAssertEqual(walked.away, expected.away, accuracy: 1e-9)
    // Carried: each team's rating is `carry` times its final rating of last season.
    let end = try RatingsReplay.ratings(first.games, asOf: nil, settings: .defaults)
    for t in night.teams {
      XCTAssertEqual(t.rating, RatingsSettings.defaults.carry * (end.team(t.team)?.rating ?? .nan), accuracy: 1e-9)
    }
  }

  /// Any day after the last result rates from every game: the teams of the last season, carried
  /// once into the next as on its opening night, with the last result's date and the days since;
  /// stale past two weeks, not the day after.
  func testAnyDayAfterTheLastResultRatesFromEveryGame() throws {
    let games = Season(days: 30, seed: 1, season: "2030-31").games
    let last = try XCTUnwrap(games.last?.date)
    let after = try RatingsReplay.ratings(games, asOf: nil, settings: .defaults)
    XCTAssertEqual(after.lastResult, last)
    XCTAssertEqual(after.daysSinceLastResult, 1)
    XCTAssertNil(after.staleDays)
    let fortnight = try RatingsReplay.ratings(games, asOf: CivilDay.civil(CivilDay.number(last)! + 14), settings: .defaults)
    XCTAssertNil(fortnight.staleDays)
    let later = CivilDay.civil(CivilDay.number(last)! + 500)
    let r = try RatingsReplay.ratings(games, asOf: later, settings: .defaults)
    XCTAssertEqual(r.asOf, later)
    XCTAssertEqual(r.lastResult, last)
    XCTAssertEqual(r.staleDays, 500)
    XCTAssertEqual(Set(r.teams.map(\.team)), Set(after.teams.map(\.team)))
    XCTAssertEqual(r.teams.count, 30)
    for t in r.teams {
      XCTAssertEqual(t.rating, RatingsSettings.defaults.carry * (after.team(t.team)?.rating ?? .nan), accuracy: 1e-9)
    }
  }

  /// A season label that comes back after another, or two seasons on one date, is refused with
  /// the line.
  func testSeasonsMustBeTogether() throws {
    var games = Season(days: 4, seed: 1).games
    games[20].season = "2031-32"
    XCTAssertThrowsError(try RatingsReplay.projections(games, settings: .defaults)) { error in
      XCTAssertTrue("\(error)".contains("line 22"), "\(error)")
    }
    games = Season(days: 4, seed: 1).games
    for i in 8..<16 { games[i].season = "2031-32" }
    XCTAssertThrowsError(try RatingsReplay.projections(games, settings: .defaults)) { error in
      XCTAssertTrue("\(error)".contains("season 2030-31 again"), "\(error)")
    }
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

  /// Simulation only, pooled: the EV interval is the Wilson interval of the simulated win
  /// probability mapped through the pool (computed here from the formula); at pool weight 1 the
  /// side is not pooled and its interval is the model's.
  func testPooledSimulatedEVInterval() throws {
    let odds = try Odds(decimal: 1.95)
    let n = 20_000.0, win = 0.58, market = 0.5
    func side(_ w: Double) -> SideAdvice {
      var policy = AdvicePolicy()
      policy.poolWeights = [.total: w]
      return MarketAdvice(
        names: (.over, .under), odds: (odds, odds), simulated: .init(win: win, lose: 1 - win), simulations: UInt64(n),
        exact: nil,
        market: [MarketProbability(probability: market, method: .singleBook), MarketProbability(probability: 1 - market, method: .singleBook)],
        policy: policy.on(.total)
      ).sides[0]
    }
    let z = 1.959963984540054, z2 = z * z
    let centre = win + z2 / (2 * n), spread = z * (win * (1 - win) / n + z2 / (4 * n * n)).squareRoot()
    let lower = (centre - spread) / (1 + z2 / n), upper = (centre + spread) / (1 + z2 / n)
    let w = 0.3
    let pooled = side(w)
    let interval = try XCTUnwrap(pooled.evInterval)
    XCTAssertEqual(interval[0], LogOddsPool.pool(model: lower, market: market, weight: w) * 1.95 - 1, accuracy: 1e-12)
    XCTAssertEqual(interval[1], LogOddsPool.pool(model: upper, market: market, weight: w) * 1.95 - 1, accuracy: 1e-12)
    XCTAssertEqual(pooled.ev, LogOddsPool.pool(model: win, market: market, weight: w) * 1.95 - 1, accuracy: 1e-12)
    XCTAssertLessThan(interval[1] - interval[0], upper * 1.95 - lower * 1.95)
    let alone = side(1)
    XCTAssertNil(alone.poolWeight)
    XCTAssertEqual(try XCTUnwrap(alone.evInterval)[0], lower * 1.95 - 1, accuracy: 1e-12)
  }
}
