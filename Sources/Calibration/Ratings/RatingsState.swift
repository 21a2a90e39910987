import Foundation
import Multivariate

/// The weighted, regularised normal equations of team ratings, accumulated game by game in date
/// order (`RatingsReplay` drives it). Each game gives two observations, one per team's points:
///
///   y = league + s home_advantage / 2 + offense_team - defense_opponent
///       + backToBackOwn [team tired] + backToBackOpponent [opponent tired] + e,   s = +1 home, -1 away,
///
/// weighted 2^(-age / half-life) with age in days before the day after the last game counted
/// (a game fades by real days between game dates; the rating of any later day before the next
/// game is the same). The ridge holds each team's offense and defense to its prior with
/// `teamRidge` games, the home advantage and rest effects with `leagueRidge`, the league's level
/// barely (1e-3): (X^T W X + Lambda) theta = X^T W y + Lambda theta_0, solved by Cholesky
/// (LAPACK dposv) over the parameters of the league and the teams met so far.
///
/// A new season closes the last one: its final ratings, recentred (offense and defense each
/// averaging 0, the league level taking the difference) and multiplied by `carry`, are the new
/// season's priors; its games leave the equations.
struct RatingsState {
  static let leagueParameters = 4
  static let leagueLevelRidge = 1e-3

  let settings: RatingsSettings
  /// Teams in order of first appearance; parameters 4 + t (offense) and 4 + capacity + t (defense).
  private(set) var teamCodes: [String] = []
  private var index: [String: Int] = [:]
  private let capacity: Int
  private let p: Int
  private var a: [Double]
  private var b: [Double]
  private var prior: [Double]
  private(set) var season: String?
  private(set) var lastDay: Int?
  private var lastPlayed: [Int] = []
  private(set) var seasonGames: [Int] = []
  private(set) var fileGames: [Int] = []

  init(settings: RatingsSettings, teams capacity: Int) {
    self.settings = settings
    self.capacity = capacity
    p = Self.leagueParameters + 2 * capacity
    a = [Double](repeating: 0, count: p * p)
    b = [Double](repeating: 0, count: p)
    prior = [Double](repeating: 0, count: p)
  }

  /// The index of `code`, registering a team met for the first time.
  mutating func team(_ code: String) -> Int {
    if let i = index[code] { return i }
    let i = teamCodes.count
    precondition(i < capacity, "more teams than the capacity given")
    index[code] = i
    teamCodes.append(code)
    lastPlayed.append(Int.min / 2)
    seasonGames.append(0)
    fileGames.append(0)
    return i
  }

  func index(of code: String) -> Int? { index[code] }

  /// The day number of team `t`'s last game, nil before its first.
  func lastPlayedDay(_ t: Int) -> Int? { fileGames[t] > 0 ? lastPlayed[t] : nil }

  /// True when team `t` played the day before `day`.
  func backToBack(_ t: Int, on day: Int) -> Bool { lastPlayed[t] == day - 1 }

  /// Starts `season` when it is not the current one: the last season's ratings, recentred and
  /// carried, become the priors, and its games leave the equations.
  mutating func begin(season s: String) throws(MultivariateError) {
    guard s != season else { return }
    if season != nil {
      var theta = try solve()
      recentre(&theta)
      for j in 0..<Self.leagueParameters { prior[j] = theta[j] }
      for j in Self.leagueParameters..<p { prior[j] = settings.carry * theta[j] }
      for j in a.indices { a[j] = 0 }
      for j in b.indices { b[j] = 0 }
      for t in seasonGames.indices { seasonGames[t] = 0 }
    }
    season = s
  }

  /// Fades the equations to `day` (a game date at or after the last).
  mutating func advance(to day: Int) {
    if let last = lastDay, day > last {
      let f = exp2(-Double(day - last) / settings.halfLifeDays)
      for j in a.indices { a[j] *= f }
      for j in b.indices { b[j] *= f }
    }
    if lastDay.map({ day > $0 }) ?? true { lastDay = day }
  }

  /// Counts one game played on the current day (`advance` first).
  mutating func add(_ g: HistoricalGame, home h: Int, away w: Int, homeTired: Bool, awayTired: Bool) {
    let l = Self.leagueParameters
    func observe(_ x: [(Int, Double)], _ y: Double) {
      for (i, xi) in x {
        b[i] += xi * y
        for (j, xj) in x { a[i * p + j] += xi * xj }
      }
    }
    var home: [(Int, Double)] = [(0, 1), (1, 0.5), (l + h, 1), (l + capacity + w, -1)]
    var away: [(Int, Double)] = [(0, 1), (1, -0.5), (l + w, 1), (l + capacity + h, -1)]
    if homeTired {
      home.append((2, 1))
      away.append((3, 1))
    }
    if awayTired {
      away.append((2, 1))
      home.append((3, 1))
    }
    observe(home, Double(g.homeScore))
    observe(away, Double(g.awayScore))
    let day = lastDay ?? 0
    lastPlayed[h] = day
    lastPlayed[w] = day
    seasonGames[h] += 1
    seasonGames[w] += 1
    fileGames[h] += 1
    fileGames[w] += 1
  }

  /// The parameters as of any day after the last game counted (and before the next), over the
  /// league's four and the teams met so far; unmet teams keep their priors.
  func solve() throws(MultivariateError) -> [Double] {
    let l = Self.leagueParameters, n = teamCodes.count
    let active = Array(0..<l) + (0..<n).map { l + $0 } + (0..<n).map { l + capacity + $0 }
    let k = active.count
    let f = lastDay == nil ? 0 : exp2(-1 / settings.halfLifeDays)
    var m = [Double](repeating: 0, count: k * k), rhs = [Double](repeating: 0, count: k)
    for (r, i) in active.enumerated() {
      let ridge = ridge(i)
      rhs[r] = f * b[i] + ridge * prior[i]
      for (c, j) in active.enumerated() where c <= r { m[r * k + c] = f * a[i * p + j] }
      m[r * k + r] += ridge
    }
    guard let x = try LinearAlgebra.solvePositiveDefinite(m, rhs) else {
      throw .invalid(field: "ratings", value: "normal equations", reason: "not positive definite")
    }
    var theta = prior
    for (r, i) in active.enumerated() { theta[i] = x[r] }
    return theta
  }

  private func ridge(_ i: Int) -> Double {
    i == 0 ? Self.leagueLevelRidge : i < Self.leagueParameters ? settings.leagueRidge : settings.teamRidge
  }

  /// Offense and defense each averaging 0 over the teams met, the league level taking the
  /// difference: every projection is unchanged.
  func recentre(_ theta: inout [Double]) {
    let n = teamCodes.count, l = Self.leagueParameters
    guard n > 0 else { return }
    let mo = (0..<n).reduce(0) { $0 + theta[l + $1] } / Double(n)
    let md = (0..<n).reduce(0) { $0 + theta[l + capacity + $1] } / Double(n)
    for t in 0..<n {
      theta[l + t] -= mo
      theta[l + capacity + t] -= md
    }
    theta[0] += mo - md
  }

  /// The projected points of team `h` at home against `w` under `theta`.
  func project(_ theta: [Double], home h: Int, away w: Int, homeTired: Bool, awayTired: Bool) -> Projection {
    let l = Self.leagueParameters
    let hb = homeTired ? 1.0 : 0, ab = awayTired ? 1.0 : 0
    return Projection(
      home: theta[0] + theta[1] / 2 + theta[l + h] - theta[l + capacity + w] + hb * theta[2] + ab * theta[3],
      away: theta[0] - theta[1] / 2 + theta[l + w] - theta[l + capacity + h] + ab * theta[2] + hb * theta[3])
  }

  func offense(_ theta: [Double], _ t: Int) -> Double { theta[Self.leagueParameters + t] }
  func defense(_ theta: [Double], _ t: Int) -> Double { theta[Self.leagueParameters + capacity + t] }
}
