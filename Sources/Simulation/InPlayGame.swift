/// A game under way, priced on what is left of it: the final score is the score so far plus the
/// rest of the game, whose regulation points are the quarter model's normal conditioned on the
/// points scored so far (its reversion included), overtime following a level regulation.
///
/// The quarter model gives the shape (how the game's variance spreads over the quarters and how
/// the margin reverts); the full-game model gives the regulation's means and 2 x 2 covariance:
/// the quarters' covariance is mixed across the teams, quarter by quarter, by the 2 x 2 matrix
/// that takes its regulation block to the full game's (M = chol(full) chol(quarters)^-1), so the
/// sum of the quarters is exactly the full game's regulation. Within a quarter points accrue as
/// a Brownian motion: a fraction f of the quarter played holds f of its mean and variance, and
/// f of its covariance with every other quarter.
///
/// At the start (period 1, 12:00, 0-0) it is the pre-game model itself, skewness included. Any
/// later state is normal (the quarter model is), with each remaining sd at least `minimumSD`, so a
/// state at the final buzzer prices the final score as certain. Overtime is the tie model's,
/// whatever the game's pre-game overtime model (in play, overtime follows exactly a level
/// regulation), each five-minute period at the game's regulation rates (`liveOvertime`).
package struct InPlayGame: Hashable, Sendable {
  package var state: GameState
  /// The final score's model.
  package var model: GameModel
  /// The regulation points (in overtime, the current period's) each team is expected to add.
  package var remainingHome: Double
  package var remainingAway: Double
  /// The periods not yet started, their scores given the state.
  package var periods: [GamePeriod: PeriodScores]

  /// A remaining sd below this is this: 0.001 of a point puts 1 - 2 Phi(-500) = 1 on the nearest
  /// whole score.
  package static let minimumSD = 0.001
}

extension PeriodModel {
  /// The game `game` (its pre-game model) at `state`.
  package func inPlay(_ game: GameModel, at state: GameState) -> InPlayGame {
    if state.isStart {
      var periods: [GamePeriod: PeriodScores] = [:]
      for p in GamePeriod.allCases { periods[p] = period(p, homeRegulation: game.homeMean, awayRegulation: game.awayMean) }
      return InPlayGame(state: state, model: game, remainingHome: game.homeMean, remainingAway: game.awayMean, periods: periods)
    }
    // The anchored quarters, once: the overtime's rates and the conditioning both stand on them.
    let sigma = anchored(to: game)
    let overtime = liveOvertime(game, anchored: sigma)
    let home = Double(state.homeScore), away = Double(state.awayScore)
    // The lower of the two scores floors both finals: no team ends below a score already
    // reached where the trailing team is concerned (the engine's floor is one for both teams).
    var live = GameModel(
      homeMean: home, awayMean: away, homeSD: InPlayGame.minimumSD, awaySD: InPlayGame.minimumSD, correlation: 0,
      overtime: overtime, scoreFloor: min(state.homeScore, state.awayScore), skewness: 0)
    live.sdFloor = InPlayGame.minimumSD
    if state.isOvertime {
      // The rest of this overtime period: each team's share of it, independent of the other.
      let r = state.secondsLeft / GameState.overtimeSeconds
      let mean = overtime.points / 2 * r
      live.homeMean += mean
      live.awayMean += mean
      live.homeSD = max(InPlayGame.minimumSD, overtime.sd / 2.0.squareRoot() * r.squareRoot())
      live.awaySD = live.homeSD
      return InPlayGame(state: state, model: live, remainingHome: mean, remainingAway: mean, periods: [:])
    }
    let rest = conditioned(game, at: state, anchored: sigma)
    live.homeMean += rest.mean[0]
    live.awayMean += rest.mean[1]
    let vh = rest.covariance[0][0], va = rest.covariance[1][1]
    live.homeSD = max(InPlayGame.minimumSD, vh.squareRoot())
    live.awaySD = max(InPlayGame.minimumSD, va.squareRoot())
    // A floored sd carries no correlation worth keeping (the rest is all but certain).
    let floored = vh.squareRoot() < InPlayGame.minimumSD || va.squareRoot() < InPlayGame.minimumSD
    live.correlation = floored ? 0 : min(1, max(-1, rest.covariance[0][1] / (vh * va).squareRoot()))
    var periods: [GamePeriod: PeriodScores] = [:]
    for (k, p) in rest.periods.enumerated() {
      let i = 2 + 2 * k
      periods[p] = PeriodScores(
        homeMean: rest.mean[i], awayMean: rest.mean[i + 1], homeVariance: rest.covariance[i][i],
        awayVariance: rest.covariance[i + 1][i + 1], covariance: rest.covariance[i][i + 1])
    }
    return InPlayGame(state: state, model: live, remainingHome: rest.mean[0], remainingAway: rest.mean[1], periods: periods)
  }

  /// Overtime in play: the tie model, each five-minute period five minutes of this game at its
  /// regulation rates: points 5/48 of the projected regulation total, each team's variance 5/12
  /// of its mean quarter variance (anchored to the full game's), at least the tie model's
  /// minimums (1 point, sd 0.5).
  package func liveOvertime(_ game: GameModel, anchored given: [[Double]]? = nil) -> Overtime {
    let sigma = given ?? anchored(to: game)
    let quarterVariance = (0..<8).reduce(0.0) { $0 + sigma[$1][$1] } / 8
    let teamSD = (quarterVariance * 5 / 12).squareRoot()
    return Overtime(
      kind: .tie, rate: game.overtime.rate, points: max((game.homeMean + game.awayMean) * 5 / 48, 1),
      sd: max(teamSD * 2.0.squareRoot(), 0.5))
  }

  /// The quarters' covariance mixed across the teams so that its regulation block B is the full
  /// game's T: (M x I4) C (M x I4)' with M the symmetric positive definite solution of M B M = T,
  /// M = B^-1/2 (B^1/2 T B^1/2)^1/2 B^-1/2 (a Cholesky factor would also solve it, but would
  /// answer differently with home and away exchanged).
  package func anchored(to game: GameModel) -> [[Double]] {
    let w = [Self.weights(home: true, quarters: [0, 1, 2, 3]), Self.weights(home: false, quarters: [0, 1, 2, 3])]
    let b = [[covariance(w[0], w[0]), covariance(w[0], w[1])], [covariance(w[1], w[0]), covariance(w[1], w[1])]]
    let c = game.correlation * game.homeSD * game.awaySD
    let target = [[game.homeSD * game.homeSD, c], [c, game.awaySD * game.awaySD]]
    let root = Self.sqrt2(b), rootInverse = Self.inverse2(root)
    let m = Self.product2(rootInverse, Self.product2(Self.sqrt2(Self.product2(root, Self.product2(target, root))), rootInverse))
    // K = M x I4 over (home q1..q4, away q1..q4).
    var k = [[Double]](repeating: [Double](repeating: 0, count: 8), count: 8)
    for a in 0..<2 {
      for b in 0..<2 {
        for q in 0..<4 { k[4 * a + q][4 * b + q] = m[a][b] }
      }
    }
    var kc = [[Double]](repeating: [Double](repeating: 0, count: 8), count: 8)
    for i in 0..<8 {
      for j in 0..<8 { kc[i][j] = (0..<8).reduce(0.0) { $0 + k[i][$1] * covariance[$1][j] } }
    }
    var out = kc
    for i in 0..<8 {
      for j in 0..<8 { out[i][j] = (0..<8).reduce(0.0) { $0 + kc[i][$1] * k[j][$1] } }
    }
    return out
  }

  /// The symmetric square root of a 2 x 2 symmetric positive semi-definite matrix:
  /// (A + sqrt(det A) I) / sqrt(trace A + 2 sqrt(det A)).
  static func sqrt2(_ a: [[Double]]) -> [[Double]] {
    let s = max(a[0][0] * a[1][1] - a[0][1] * a[1][0], 0).squareRoot()
    let t = (a[0][0] + a[1][1] + 2 * s).squareRoot()
    return [[(a[0][0] + s) / t, a[0][1] / t], [a[1][0] / t, (a[1][1] + s) / t]]
  }

  static func inverse2(_ a: [[Double]]) -> [[Double]] {
    let d = a[0][0] * a[1][1] - a[0][1] * a[1][0]
    return [[a[1][1] / d, -a[0][1] / d], [-a[1][0] / d, a[0][0] / d]]
  }

  static func product2(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
    (0..<2).map { i in (0..<2).map { j in a[i][0] * b[0][j] + a[i][1] * b[1][j] } }
  }

  /// The rest of regulation given the points scored so far, as one normal: entries 0 and 1 the
  /// remaining home and away points, then each not-yet-started period's home and away scores.
  ///
  /// The ten variables are the eight quarter scores and the two teams' bridge terms B of the
  /// quarter under way (independent of the quarters, covariance f (1 - f) of its 2 x 2 block):
  /// scored so far = the finished quarters + f x the current one + B; the rest of the current
  /// quarter = (1 - f) x it - B. The remainder given the score is the Schur complement.
  func conditioned(
    _ game: GameModel, at state: GameState, anchored sigma: [[Double]]
  ) -> (mean: [Double], covariance: [[Double]], periods: [GamePeriod]) {
    let j = state.period - 1
    let f = 1 - state.secondsLeft / GameState.quarterSeconds
    var c = [[Double]](repeating: [Double](repeating: 0, count: 10), count: 10)
    for a in 0..<8 {
      for b in 0..<8 { c[a][b] = sigma[a][b] }
    }
    let h = Self.index(home: true, quarter: j), w = Self.index(home: false, quarter: j)
    for (x, i) in [(8, h), (9, w)] {
      for (y, k) in [(8, h), (9, w)] { c[x][y] = f * (1 - f) * sigma[i][k] }
    }
    let means = (0..<4).map { game.homeMean * homeShares[$0] } + (0..<4).map { game.awayMean * awayShares[$0] }
    func vector(_ body: (inout [Double]) -> Void) -> [Double] {
      var v = [Double](repeating: 0, count: 10)
      body(&v)
      return v
    }
    var observed: [[Double]] = []
    var targets: [[Double]] = []
    for home in [true, false] {
      let bridge = home ? 8 : 9
      observed.append(
        vector { v in
          for q in 0..<j { v[Self.index(home: home, quarter: q)] = 1 }
          v[Self.index(home: home, quarter: j)] = f
          v[bridge] = 1
        })
      targets.append(
        vector { v in
          v[Self.index(home: home, quarter: j)] = 1 - f
          for q in (j + 1)..<4 { v[Self.index(home: home, quarter: q)] = 1 }
          v[bridge] = -1
        })
    }
    // Periods whose every quarter is still to come (the current one only if none of it is played).
    let periods = GamePeriod.allCases.filter { p in p.quarters.allSatisfy { $0 > j || ($0 == j && f == 0) } }
    for p in periods {
      for home in [true, false] { targets.append(vector { v in for q in p.quarters { v[Self.index(home: home, quarter: q)] = 1 } }) }
    }
    func mean(_ v: [Double]) -> Double { (0..<8).reduce(0.0) { $0 + v[$1] * means[$1] } }
    func cov(_ a: [Double], _ b: [Double]) -> Double {
      var s = 0.0
      for i in 0..<10 where a[i] != 0 {
        for k in 0..<10 where b[k] != 0 { s += a[i] * c[i][k] * b[k] }
      }
      return s
    }
    let so = observed.map { a in observed.map { b in cov(a, b) } }
    let det = so[0][0] * so[1][1] - so[0][1] * so[1][0]
    let scored = [Double(state.homeScore), Double(state.awayScore)]
    var m = targets.map(mean)
    var s = targets.map { a in targets.map { b in cov(a, b) } }
    // Nothing played (the start of the first quarter): nothing to condition on.
    if det > 1e-12 * max(1, so[0][0] * so[1][1]) {
      let inv = [[so[1][1] / det, -so[0][1] / det], [-so[1][0] / det, so[0][0] / det]]
      let cross = targets.map { t in observed.map { o in cov(t, o) } }  // n x 2
      let gain = cross.map { row in (0..<2).map { k in row[0] * inv[0][k] + row[1] * inv[1][k] } }
      let surprise = (0..<2).map { scored[$0] - mean(observed[$0]) }
      for i in targets.indices {
        m[i] += gain[i][0] * surprise[0] + gain[i][1] * surprise[1]
        for k in targets.indices { s[i][k] -= gain[i][0] * cross[k][0] + gain[i][1] * cross[k][1] }
      }
    }
    return (m, s, periods)
  }
}

/// What a game in play reports beside its markets: the state it was priced at and the points
/// each team is expected to add from there to the final buzzer (overtime included).
package struct InPlayReading: Hashable, Sendable {
  package var state: GameState
  package var remainingHome: Double
  package var remainingAway: Double
  package var remainingTotal: Double { remainingHome + remainingAway }

  /// From the final score's distribution (the exact one where the model has it).
  package init(state: GameState, final: ScoreDistribution) {
    self.state = state
    remainingHome = final.homeScores.mean - Double(state.homeScore)
    remainingAway = final.awayScores.mean - Double(state.awayScore)
  }
}
