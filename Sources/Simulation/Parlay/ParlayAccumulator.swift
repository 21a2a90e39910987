import Multivariate
import RandomStreams

/// The legs of a parlay in the form the multivariate path evaluates them on each draw:
/// a game leg is c_h H + c_a A > threshold on its game's final scores, a player leg
/// sign * stat > sign * line, with every stat and score an integer (held as a Double).
final class CompiledParlay: Sendable {
  struct Leg {
    /// Game legs: the game; player legs: -1.
    let game: Int
    let home: Double, away: Double
    /// Player legs: the column of the draw and the sign (+1 over, -1 under).
    let column: Int
    let sign: Double
    let threshold: Double
  }

  struct Game {
    let floor: Double
    let kind: Overtime.Kind
    let rate: Double, points: Double, sd: Double
  }

  let legs: [Leg]
  let games: [Game]
  let seed: UInt64

  /// The streams of the overtime draws (chunk k of each: `StreamLayout.stream(named:chunk:)`):
  /// uniforms deciding overtime and the fair split coin, normals for the points.
  static let overtimeDecisionID = StreamLayout.streamID(named: "parlay-overtime")
  static let overtimePointsID = StreamLayout.streamID(named: "parlay-overtime-points")

  init(_ parlay: Parlay, seed: UInt64) {
    self.seed = seed
    let g2 = 2 * parlay.games.count
    games = parlay.games.map {
      Game(
        floor: $0.scoreFloor.map(Double.init) ?? -.infinity, kind: $0.overtime.kind, rate: $0.overtime.rate,
        points: $0.overtime.points, sd: $0.overtime.sd)
    }
    legs = parlay.legs.map { leg in
      switch leg.market {
      case .total(let side, let line):
        let s = side == .over ? 1.0 : -1.0
        return Leg(game: leg.game, home: s, away: s, column: 0, sign: 0, threshold: s * line)
      case .spread(let team, let line):
        let s = team == .home ? 1.0 : -1.0
        return Leg(game: leg.game, home: s, away: -s, column: 0, sign: 0, threshold: -line)
      case .moneyline(let team):
        let s = team == .home ? 1.0 : -1.0
        return Leg(game: leg.game, home: s, away: -s, column: 0, sign: 0, threshold: 0)
      case .teamTotal(let team, let side, let line):
        let s = side == .over ? 1.0 : -1.0
        return Leg(
          game: leg.game, home: team == .home ? s : 0, away: team == .away ? s : 0, column: 0, sign: 0,
          threshold: s * line)
      case .player(_, _, let side, let line):
        let s = side == .over ? 1.0 : -1.0
        return Leg(game: -1, home: 0, away: 0, column: g2 + parlay.player(for: leg)!, sign: s, threshold: s * line)
      }
    }
  }

  /// Whether a leg wins on final scores (h, a): the histogram path's test, the same
  /// conditions as the draws'.
  func wins(_ leg: Leg, home h: Double, away a: Double) -> Bool {
    leg.home * h + leg.away * a > leg.threshold
  }
}

/// Counts, over the draws of the multivariate path, how often each leg and all legs together
/// win. Team scores are finished like the two-team kernel's: rounded, floored, then overtime by
/// the game's model (flat: with probability rate, round(max(0, N(points, sd))) points split by a
/// fair coin; tie: five-minute periods while level), from the chunk's own overtime streams.
/// Player stats are round(max(0, x)). Integer counts only: the fold is exact in any order.
struct ParlayAccumulator: DrawAccumulator {
  let parlay: CompiledParlay
  private(set) var joint: UInt64 = 0
  private(set) var legWins: [UInt64]
  private(set) var rows: UInt64 = 0
  private var decisions = RandomStream(seed: 0, id: 0)
  private var points = RandomStream(seed: 0, id: 0)
  private var uniforms: [Double] = []
  private var normals = [Double](repeating: 0, count: 64)
  private var nextNormal = 64
  private var home: [Double]
  private var away: [Double]

  init(_ parlay: CompiledParlay) {
    self.parlay = parlay
    legWins = [UInt64](repeating: 0, count: parlay.legs.count)
    home = [Double](repeating: 0, count: parlay.games.count)
    away = home
  }

  mutating func begin(chunk: Int) {
    let layout = StreamLayout(seed: parlay.seed)
    decisions = layout.stream(named: CompiledParlay.overtimeDecisionID, chunk: chunk)
    points = layout.stream(named: CompiledParlay.overtimePointsID, chunk: chunk)
    nextNormal = normals.count
  }

  private mutating func normal() -> Double {
    if nextNormal == normals.count {
      normals.withUnsafeMutableBufferPointer { points.fillNormal($0) }
      nextNormal = 0
    }
    defer { nextNormal += 1 }
    return normals[nextNormal]
  }

  @inline(__always) private static func round(_ x: Double) -> Double { (x + 0.5).rounded(.down) }

  mutating func add(_ draws: UnsafeBufferPointer<Double>, rows n: Int, dimension d: Int) {
    let gameCount = parlay.games.count
    if uniforms.count < n * gameCount { uniforms = [Double](repeating: 0, count: n * gameCount) }
    uniforms.withUnsafeMutableBufferPointer { decisions.fillUniform(UnsafeMutableBufferPointer(rebasing: $0[0..<(n * gameCount)])) }
    let games = parlay.games, legs = parlay.legs
    var joint = self.joint
    for i in 0..<n {
      let x = draws.baseAddress! + i * d
      for g in 0..<gameCount {
        let game = games[g]
        var h = max(Self.round(x[2 * g]), game.floor)
        var a = max(Self.round(x[2 * g + 1]), game.floor)
        switch game.kind {
        case .none: break
        case .flat:
          let u = uniforms[i * gameCount + g]
          if u < game.rate {
            let k = max(0, Self.round(game.points + game.sd * normal()))
            let share = ((k + (u < 0.5 * game.rate ? 0 : 1)) / 2).rounded(.down)
            h += share
            a += k - share
          }
        case .tie:
          var period = 0
          while h == a && period < 10_000 {
            let m = 0.5 * game.points, s = game.sd * 0.70710678118654752440
            h += max(0, Self.round(m + s * normal()))
            a += max(0, Self.round(m + s * normal()))
            period += 1
          }
        }
        home[g] = h
        away[g] = a
      }
      var all = true
      for (j, leg) in legs.enumerated() {
        let win: Bool
        if leg.game >= 0 {
          win = leg.home * home[leg.game] + leg.away * away[leg.game] > leg.threshold
        } else {
          win = leg.sign * max(0, Self.round(x[leg.column])) > leg.threshold
        }
        if win { legWins[j] &+= 1 } else { all = false }
      }
      if all { joint &+= 1 }
    }
    self.joint = joint
    rows &+= UInt64(n)
  }

  mutating func merge(_ next: ParlayAccumulator) {
    joint &+= next.joint
    rows &+= next.rows
    for j in legWins.indices { legWins[j] &+= next.legWins[j] }
  }
}
