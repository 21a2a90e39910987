import XCTest

import Simulation

/// A game in play: the start is the pre-game model; the quarters' sum is the full game's
/// regulation; the remainder given the score is the normal's Schur complement (checked against
/// an independent one on the halves); the clock is continuous across a quarter's end; a state at
/// the final buzzer prices as certain; a level regulation goes to overtime.
final class InPlayGameTests: XCTestCase {
  /// Quarters with a within-quarter correlation of 0.3 and a reverting margin (a team's quarters
  /// -1.5 apart, the other team's +1.5): eigenvalues at least 12, so positive definite.
  static let quarters: PeriodModel = {
    var c = [[Double]](repeating: [Double](repeating: 0, count: 8), count: 8)
    for i in 0..<8 {
      for j in 0..<8 {
        let sameTeam = (i < 4) == (j < 4)
        c[i][j] = i % 4 == j % 4 ? (sameTeam ? 30 : 9) : (sameTeam ? -1.5 : 1.5)
      }
    }
    return PeriodModel(homeShares: [0.26, 0.25, 0.25, 0.24], awayShares: [0.25, 0.25, 0.25, 0.25], covariance: c)
  }()

  static let game = GameModel(
    homeMean: 114, awayMean: 110, homeSD: 11.5, awaySD: 11, correlation: 0.35,
    overtime: Overtime(kind: .tie, points: 21, sd: 6))

  func testTheStartIsThePreGameModel() throws {
    var skewed = Self.game
    skewed.skewness = 0.05
    skewed.overtime = Overtime(kind: .flat, rate: 0.06, points: 24, sd: 9)
    let live = Self.quarters.inPlay(skewed, at: .start)
    XCTAssertEqual(live.model, skewed)
    XCTAssertEqual(live.remainingHome, 114)
    XCTAssertEqual(live.remainingAway, 110)
    // Before tip-off every period is still to come.
    XCTAssertEqual(Set(live.periods.keys), Set(GamePeriod.allCases))
  }

  /// The anchored quarters sum to the full game's regulation covariance (M B M' = B*).
  func testTheQuartersSumToTheFullGame() {
    let sigma = Self.quarters.anchored(to: Self.game)
    func sum(_ a: Range<Int>, _ b: Range<Int>) -> Double { a.reduce(0) { s, i in b.reduce(s) { $0 + sigma[i][$1] } } }
    XCTAssertEqual(sum(0..<4, 0..<4), 11.5 * 11.5, accuracy: 1e-9)
    XCTAssertEqual(sum(4..<8, 4..<8), 11 * 11, accuracy: 1e-9)
    XCTAssertEqual(sum(0..<4, 4..<8), 0.35 * 11.5 * 11, accuracy: 1e-9)
    // The first tick of the game: everything still to come, nothing learned.
    let early = Self.quarters.inPlay(Self.game, at: GameState(period: 1, secondsLeft: 719.999_999, homeScore: 0, awayScore: 0))
    XCTAssertEqual(early.model.homeSD, 11.5, accuracy: 1e-5)
    XCTAssertEqual(early.model.awaySD, 11, accuracy: 1e-5)
    XCTAssertEqual(early.model.correlation, 0.35, accuracy: 1e-5)
    XCTAssertEqual(early.model.homeMean, 114, accuracy: 1e-4)
  }

  /// At half time the second half given the first is the bivariate normal's conditional, computed
  /// here on the 4 x 4 covariance of the halves' scores.
  func testHalfTimeIsTheNormalsConditional() throws {
    let sigma = Self.quarters.anchored(to: Self.game)
    let halves = [[0, 1], [4, 5], [2, 3], [6, 7]]  // home h1, away h1, home h2, away h2
    let s = halves.map { a in halves.map { b in a.reduce(0.0) { acc, i in b.reduce(acc) { $0 + sigma[i][$1] } } } }
    let mu = [114 * 0.51, 110 * 0.5, 114 * 0.49, 110 * 0.5]
    let scored = [60.0, 50.0]
    let det = s[0][0] * s[1][1] - s[0][1] * s[1][0]
    let inv = [[s[1][1] / det, -s[0][1] / det], [-s[1][0] / det, s[0][0] / det]]
    func gain(_ t: Int, _ k: Int) -> Double { s[t][0] * inv[0][k] + s[t][1] * inv[1][k] }
    let expected = (2..<4).map { t in mu[t] + gain(t, 0) * (scored[0] - mu[0]) + gain(t, 1) * (scored[1] - mu[1]) }
    let variance = (2..<4).map { t in s[t][t] - gain(t, 0) * s[0][t] - gain(t, 1) * s[1][t] }
    let covariance = s[2][3] - gain(2, 0) * s[0][3] - gain(2, 1) * s[1][3]

    let live = Self.quarters.inPlay(Self.game, at: GameState(period: 3, secondsLeft: 720, homeScore: 60, awayScore: 50))
    XCTAssertEqual(live.remainingHome, expected[0], accuracy: 1e-9)
    XCTAssertEqual(live.remainingAway, expected[1], accuracy: 1e-9)
    XCTAssertEqual(live.model.homeMean, 60 + expected[0], accuracy: 1e-9)
    XCTAssertEqual(live.model.homeSD, variance[0].squareRoot(), accuracy: 1e-9)
    XCTAssertEqual(live.model.awaySD, variance[1].squareRoot(), accuracy: 1e-9)
    XCTAssertEqual(live.model.correlation, covariance / (variance[0] * variance[1]).squareRoot(), accuracy: 1e-9)
    XCTAssertEqual(live.model.overtime.kind, .tie)
    // A home lead larger than expected is partly given back: the margin reverts.
    let surprise = (60.0 - 50) - (mu[0] - mu[1])
    let leanBack = (live.remainingHome - live.remainingAway) - (mu[2] - mu[3])
    XCTAssertLessThan(leanBack, 0)
    XCTAssertLessThan(abs(leanBack), abs(surprise))
    // Periods not started are priced; the first half and its quarters are not.
    XCTAssertEqual(Set(live.periods.keys), [.q3, .q4, .h2])
    let h2 = try XCTUnwrap(live.periods[.h2])
    XCTAssertEqual(h2.homeMean, expected[0], accuracy: 1e-9)
    XCTAssertEqual(h2.homeVariance, variance[0], accuracy: 1e-9)
  }

  /// Exchanging home and away exchanges the answers: the anchoring is the symmetric solution of
  /// M B M = T, not a Cholesky factor's (which answered 45.55 and 44.45 for the same team).
  func testExchangingHomeAndAwayExchangesTheAnswers() {
    let game = GameModel(homeMean: 118, awayMean: 104, homeSD: 14, awaySD: 8, correlation: -0.2, overtime: Self.game.overtime)
    let swappedQuarters = PeriodModel(
      homeShares: Self.quarters.awayShares, awayShares: Self.quarters.homeShares,
      covariance: (0..<8).map { i in (0..<8).map { j in Self.quarters.covariance[(i + 4) % 8][(j + 4) % 8] } })
    var swappedGame = game
    (swappedGame.homeMean, swappedGame.awayMean, swappedGame.homeSD, swappedGame.awaySD) = (104, 118, 8, 14)
    let state = GameState(period: 3, secondsLeft: 432, homeScore: 78, awayScore: 71)
    let a = Self.quarters.inPlay(game, at: state)
    let b = swappedQuarters.inPlay(swappedGame, at: GameState(period: 3, secondsLeft: 432, homeScore: 71, awayScore: 78))
    XCTAssertEqual(a.remainingHome, b.remainingAway, accuracy: 1e-9)
    XCTAssertEqual(a.remainingAway, b.remainingHome, accuracy: 1e-9)
    XCTAssertEqual(a.model.homeSD, b.model.awaySD, accuracy: 1e-9)
    XCTAssertEqual(a.model.correlation, b.model.correlation, accuracy: 1e-9)
  }

  /// Inside a quarter: the state at 3:00 left in the second quarter against an independent
  /// construction, the quarter split into its played part P and its rest R (covariances f and
  /// 1 - f of the quarter's, P and R independent, each carrying f or 1 - f of the quarter's
  /// covariance with every other quarter), the remainder conditioned on the played sums by
  /// solving the normal equations.
  func testInsideAQuarterIsTheSplitQuartersConditional() {
    let sigma = Self.quarters.anchored(to: Self.game)
    let f = 0.75, j = 1
    // Variables: the eight quarters with quarter j's two scores replaced by P (played) and R.
    // Index map: 0..7 the quarters (j and j+4 hold P), 8 and 9 hold R of home and away.
    func source(_ v: Int) -> (quarter: Int, share: Double) {
      switch v {
      case 8: (j, 1 - f)
      case 9: (j + 4, 1 - f)
      case j, j + 4: (v, f)
      default: (v, 1)
      }
    }
    var c = [[Double]](repeating: [Double](repeating: 0, count: 10), count: 10)
    for a in 0..<10 {
      for b in 0..<10 {
        let (qa, sa) = source(a), (qb, sb) = source(b)
        let samePiece = (a >= 8) == (b >= 8)
        if qa % 4 == j && qb % 4 == j {
          c[a][b] = samePiece ? sa * sigma[qa][qb] : 0  // P and R independent, each f or 1 - f of the block
        } else if qa % 4 == j {
          c[a][b] = sa * sigma[qa][qb]
        } else if qb % 4 == j {
          c[a][b] = sb * sigma[qa][qb]
        } else {
          c[a][b] = sigma[qa][qb]
        }
      }
    }
    let mean = (0..<10).map { v -> Double in
      let (q, s) = source(v)
      return s * (q < 4 ? 114 * Self.quarters.homeShares[q] : 110 * Self.quarters.awayShares[q - 4])
    }
    let played: [[Double]] = [
      (0..<10).map { $0 == 0 || $0 == j ? 1 : 0 }, (0..<10).map { $0 == 4 || $0 == j + 4 ? 1 : 0 },
    ]
    let rest: [[Double]] = [
      (0..<10).map { $0 == 8 || $0 == 2 || $0 == 3 ? 1 : 0 }, (0..<10).map { $0 == 9 || $0 == 6 || $0 == 7 ? 1 : 0 },
    ]
    func cov(_ a: [Double], _ b: [Double]) -> Double {
      (0..<10).reduce(0.0) { s, x in (0..<10).reduce(s) { $0 + a[x] * c[x][$1] * b[$1] } }
    }
    func dot(_ a: [Double]) -> Double { zip(a, mean).reduce(0) { $0 + $1.0 * $1.1 } }
    let s = played.map { a in played.map { b in cov(a, b) } }
    let det = s[0][0] * s[1][1] - s[0][1] * s[1][0]
    let scored = [50.0, 41.0]
    // Solve S g = (scored - mean) once; each remainder's mean moves by its covariance with it.
    let d = [scored[0] - dot(played[0]), scored[1] - dot(played[1])]
    let g = [(s[1][1] * d[0] - s[0][1] * d[1]) / det, (s[0][0] * d[1] - s[1][0] * d[0]) / det]
    let expected = rest.map { r in dot(r) + cov(r, played[0]) * g[0] + cov(r, played[1]) * g[1] }
    func residual(_ r: [Double]) -> Double {
      let k = [cov(r, played[0]), cov(r, played[1])]
      let w = [(s[1][1] * k[0] - s[0][1] * k[1]) / det, (s[0][0] * k[1] - s[1][0] * k[0]) / det]
      return cov(r, r) - w[0] * k[0] - w[1] * k[1]
    }
    let live = Self.quarters.inPlay(Self.game, at: GameState(period: 2, secondsLeft: 180, homeScore: 50, awayScore: 41))
    XCTAssertEqual(live.remainingHome, expected[0], accuracy: 1e-9)
    XCTAssertEqual(live.remainingAway, expected[1], accuracy: 1e-9)
    XCTAssertEqual(live.model.homeSD, residual(rest[0]).squareRoot(), accuracy: 1e-9)
    XCTAssertEqual(live.model.awaySD, residual(rest[1]).squareRoot(), accuracy: 1e-9)
  }

  /// The end of a quarter and the start of the next are one state.
  func testTheClockIsContinuousAcrossAQuarter() {
    let end = Self.quarters.inPlay(Self.game, at: GameState(period: 2, secondsLeft: 0, homeScore: 57, awayScore: 52))
    let next = Self.quarters.inPlay(Self.game, at: GameState(period: 3, secondsLeft: 720, homeScore: 57, awayScore: 52))
    XCTAssertEqual(end.model.homeMean, next.model.homeMean, accuracy: 1e-9)
    XCTAssertEqual(end.model.homeSD, next.model.homeSD, accuracy: 1e-9)
    XCTAssertEqual(end.model.correlation, next.model.correlation, accuracy: 1e-9)
    // And the rest shrinks as the clock runs.
    var last = Double.infinity
    for (period, left) in [(1, 600.0), (2, 360), (3, 700), (3, 100), (4, 300), (4, 10)] {
      let sd = Self.quarters.inPlay(Self.game, at: GameState(period: period, secondsLeft: left, homeScore: 0, awayScore: 0)).model.homeSD
      XCTAssertLessThan(sd, last, "Q\(period) \(left) s")
      last = sd
    }
  }

  func testTheFinalBuzzerIsCertain() throws {
    let live = Self.quarters.inPlay(Self.game, at: GameState(period: 4, secondsLeft: 0, homeScore: 101, awayScore: 98))
    XCTAssertEqual(live.remainingHome, 0, accuracy: 1e-9)
    try live.model.validate()
    let exact = try XCTUnwrap(ExactScoreDistribution.compute(live.model))
    XCTAssertEqual(exact.totals.probabilities(line: 199).equal, 1, accuracy: 1e-12)
    XCTAssertEqual(exact.margins.probabilities(line: 0).above, 1, accuracy: 1e-12)
    XCTAssertEqual(exact.margins.probabilities(line: 3.5).above, 0, accuracy: 1e-12)
    XCTAssertEqual(exact.homeScores.mean, 101, accuracy: 1e-9)
    // The simulation agrees, whatever the seed.
    let h = try GameSimulator.simulate(live.model, options: SimulationOptions(simulations: 20_000, seed: 3))
    XCTAssertEqual(ScoreDistribution(histogram: h).totals.probabilities(line: 199).equal, 1)
  }

  /// Level at the end of regulation: overtime, every game decided, each side half the time here
  /// (equal scores, one overtime model), and at least one period's points added.
  /// The lower score floors both finals: 13 seconds from the end, level at 100, no final is
  /// below 100 (the bare normal put 9% of a team's finals below its score).
  func testNoFinalFallsBelowTheLowerScore() throws {
    let live = Self.quarters.inPlay(Self.game, at: GameState(period: 4, secondsLeft: 13, homeScore: 100, awayScore: 100))
    let exact = try XCTUnwrap(ExactScoreDistribution.compute(live.model))
    XCTAssertEqual(exact.homeScores.probabilities(line: 99.5).below, 0, accuracy: 1e-15)
    XCTAssertEqual(exact.awayScores.probabilities(line: 99.5).below, 0, accuracy: 1e-15)
    XCTAssertEqual(exact.totals.probabilities(line: 199.5).below, 0, accuracy: 1e-15)
  }

  func testALevelRegulationGoesToOvertime() throws {
    let live = Self.quarters.inPlay(Self.game, at: GameState(period: 4, secondsLeft: 0, homeScore: 100, awayScore: 100))
    let exact = try XCTUnwrap(ExactScoreDistribution.compute(live.model))
    let win = exact.margins.probabilities(line: 0)
    XCTAssertEqual(win.equal, 0, accuracy: 1e-9)
    XCTAssertEqual(win.above, 0.5, accuracy: 1e-9)
    XCTAssertEqual(exact.totals.probabilities(line: 200.5).above, 1, accuracy: 1e-9)
    XCTAssertGreaterThan(exact.totals.mean, 221)
    // In overtime with time left: its share of a period still to come.
    let ot = Self.quarters.inPlay(Self.game, at: GameState(period: 5, secondsLeft: 150, homeScore: 105, awayScore: 103))
    // A period is five minutes at the game's rates: 5/48 of the projected total, each team's
    // variance 5/12 of its mean quarter variance.
    let sigma = Self.quarters.anchored(to: Self.game)
    var diagonal = 0.0
    for i in 0..<8 { diagonal += sigma[i][i] }
    let teamVariance: Double = diagonal / 8 * 5 / 12
    let period = Self.quarters.liveOvertime(Self.game)
    XCTAssertEqual(period.points, 224.0 * 5 / 48, accuracy: 1e-12)
    XCTAssertEqual(period.sd, (2 * teamVariance).squareRoot(), accuracy: 1e-12)
    XCTAssertEqual(ot.remainingHome, 224.0 * 5 / 48 / 4, accuracy: 1e-12)
    XCTAssertEqual(ot.model.homeSD, (teamVariance / 2).squareRoot(), accuracy: 1e-12)
  }

  func testAStateIsValidatedByField() {
    XCTAssertEqual(GameState(period: 0, secondsLeft: 10, homeScore: 0, awayScore: 0).problems().first?.field, "state.period")
    XCTAssertEqual(GameState(period: 3, secondsLeft: 800, homeScore: 0, awayScore: 0).problems().first?.field, "state.clock")
    XCTAssertEqual(GameState(period: 5, secondsLeft: 301, homeScore: 0, awayScore: 0).problems().first?.field, "state.clock")
    XCTAssertEqual(GameState(period: 2, secondsLeft: 10, homeScore: -1, awayScore: 0).problems().first?.field, "state.home_score")
    // An overtime period starts level; nothing is scored before tip-off.
    XCTAssertEqual(GameState(period: 5, secondsLeft: 300, homeScore: 99, awayScore: 98).problems().first?.field, "state.home_score")
    XCTAssertEqual(GameState(period: 7, secondsLeft: 300, homeScore: 120, awayScore: 118).problems().first?.field, "state.home_score")
    XCTAssertEqual(GameState(period: 1, secondsLeft: 720, homeScore: 2, awayScore: 0).problems().first?.field, "state.home_score")
    XCTAssertTrue(GameState(period: 6, secondsLeft: 300, homeScore: 120, awayScore: 120).problems().isEmpty)
    XCTAssertEqual(try GameState.seconds(clock: "7:12"), 432)
    XCTAssertEqual(try GameState.seconds(clock: "0:35.2"), 35.2, accuracy: 1e-12)
    XCTAssertEqual(try GameState.seconds(clock: "35.2"), 35.2, accuracy: 1e-12)
    for bad in ["7:1", "7:60", "a:10", "-3", "1:2:3", "", "7:5.2", "0x1E", "+30", "1e2", " 7:12"] {
      XCTAssertThrowsError(try GameState.seconds(clock: bad), bad)
    }
    XCTAssertEqual(GameState(period: 3, secondsLeft: 432, homeScore: 0, awayScore: 0).clock, "7:12")
    XCTAssertEqual(GameState(period: 4, secondsLeft: 35.2, homeScore: 0, awayScore: 0).clock, "0:35.2")
    // Shown in tenths, rounded once: never "0:35" for 35.96 or "0:59" for 59.96.
    XCTAssertEqual(GameState(period: 4, secondsLeft: 35.96, homeScore: 0, awayScore: 0).clock, "0:36")
    XCTAssertEqual(GameState(period: 4, secondsLeft: 59.96, homeScore: 0, awayScore: 0).clock, "1:00")
    XCTAssertEqual(GameState(period: 4, secondsLeft: 0.04, homeScore: 0, awayScore: 0).clock, "0:00")
  }
}
