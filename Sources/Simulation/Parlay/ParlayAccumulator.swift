import CRandom
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
    /// A copula margin: the threshold is on the standard latent, not on the rounded stat.
    var latent = false
  }

  struct Game {
    let floor: Double
    let kind: Overtime.Kind
    let rate: Double, points: Double, sd: Double
  }

  let legs: [Leg]
  /// The same legs for the C kernel.
  let kernelLegs: [mc_parlay_leg]
  let games: [Game]
  let floors: [Double]
  let seed: UInt64
  /// Skewed teams: the column of their points and c = sd delta / scale, the weight of the |U|
  /// part the accumulator adds to the drawn normal part before rounding (`SkewNormal`).
  let skew: [(column: Int, coefficient: Double)]

  /// The streams of the overtime draws (chunk k of each: `StreamLayout.stream(named:chunk:)`):
  /// uniforms deciding overtime and the fair split coin, normals for the points.
  static let overtimeDecisionID = StreamLayout.streamID(named: "parlay-overtime")
  static let overtimePointsID = StreamLayout.streamID(named: "parlay-overtime-points")
  /// The |U| normals of skewed teams (chunk k of it: `StreamLayout.stream(named:chunk:)`).
  static let skewID = StreamLayout.streamID(named: "parlay-skew")

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
        let index = parlay.player(for: leg)!, p = parlay.players[index]
        guard p.margin != .normal else {
          return Leg(game: -1, home: 0, away: 0, column: g2 + index, sign: s, threshold: s * line)
        }
        let t = p.margin.latentThreshold(line: line, side: side, mean: p.mean, sd: p.sd)
        return Leg(game: -1, home: 0, away: 0, column: g2 + index, sign: s, threshold: s * t, latent: true)
      }
    }
    kernelLegs = legs.map {
      mc_parlay_leg(
        game: Int32($0.game), column: Int32($0.column), latent: $0.latent ? 1 : 0, home: $0.home, away: $0.away,
        sign: $0.sign, threshold: $0.threshold)
    }
    floors = games.map(\.floor)
    skew = parlay.games.enumerated().flatMap { g, m -> [(column: Int, coefficient: Double)] in
      guard m.skewness != 0 else { return [] }
      let s = SkewNormal(skewness: m.skewness)
      return [(2 * g, m.homeSD * s.delta / s.scale), (2 * g + 1, m.awaySD * s.delta / s.scale)]
    }
  }

  /// Whether a leg wins on final scores (h, a): the histogram path's test, the same
  /// conditions as the draws'.
  func wins(_ leg: Leg, home h: Double, away a: Double) -> Bool {
    leg.home * h + leg.away * a > leg.threshold
  }
}

/// Counts, over the draws of the multivariate path, how often each leg and all legs together
/// win. Team scores are finished like the two-team kernel's: rounded half up, floored, then
/// overtime by the game's model (flat: with probability rate, round(max(0, N(points, sd)))
/// points split by a fair coin; tie: five-minute periods while level), from the chunk's own
/// overtime streams. Player stats are round(max(0, x)). Integer counts only: the fold is exact
/// in any order.
///
/// A block is worked column by column, so the loops vectorise: each game's final scores for
/// every draw, then each leg's win over every draw, and-ed into the draw's "all won" flag.
struct ParlayAccumulator: DrawAccumulator {
  let parlay: CompiledParlay
  private(set) var legWins: [UInt64]
  /// won[k]: the draws on which exactly k legs won.
  private(set) var won: [UInt64]
  private(set) var rows: UInt64 = 0
  var joint: UInt64 { won[won.count - 1] }
  private var decisions = RandomStream(seed: 0, id: 0)
  private var overtime = OvertimeNormals()
  private var skewNormals = RandomStream(seed: 0, id: 0)
  /// A skewed parlay's block with the |U| parts added, and their normals.
  private var skewedDraws: [Double] = []
  private var halfNormals: [Double] = []
  /// Scratch of the block: uniforms (draw-major, one per game), final scores (game-major,
  /// home then away), the all-won flags.
  private var uniforms: [Double] = []
  private var scores: [Double] = []
  private var flags: [UInt16] = []

  init(_ parlay: CompiledParlay) {
    self.parlay = parlay
    legWins = [UInt64](repeating: 0, count: parlay.legs.count)
    won = [UInt64](repeating: 0, count: parlay.legs.count + 1)
  }

  mutating func begin(chunk: Int) {
    let layout = StreamLayout(seed: parlay.seed)
    decisions = layout.stream(named: CompiledParlay.overtimeDecisionID, chunk: chunk)
    overtime = OvertimeNormals(stream: layout.stream(named: CompiledParlay.overtimePointsID, chunk: chunk))
    if !parlay.skew.isEmpty { skewNormals = layout.stream(named: CompiledParlay.skewID, chunk: chunk) }
  }

  /// floor(x + 1/2), as the kernels round.
  @inline(__always) static func round(_ x: Double) -> Double { (x + 0.5).rounded(.down) }

  mutating func add(_ draws: UnsafeBufferPointer<Double>, rows n: Int, dimension d: Int) {
    guard !parlay.skew.isEmpty else { return addFinished(draws, rows: n, dimension: d) }
    // Skewed teams: points = normal part + c |U|, U from the chunk's own stream, draw by draw.
    let k = parlay.skew.count
    if skewedDraws.count < n * d { skewedDraws = [Double](repeating: 0, count: n * d) }
    if halfNormals.count < n * k { halfNormals = [Double](repeating: 0, count: n * k) }
    halfNormals.withUnsafeMutableBufferPointer {
      skewNormals.fillNormal(UnsafeMutableBufferPointer(rebasing: $0[0..<(n * k)]))
    }
    var block: [Double] = []
    swap(&block, &skewedDraws)
    block.withUnsafeMutableBufferPointer { out in
      for i in 0..<(n * d) { out[i] = draws[i] }
      for i in 0..<n {
        for (j, s) in parlay.skew.enumerated() { out[i * d + s.column] += s.coefficient * abs(halfNormals[i * k + j]) }
      }
      addFinished(UnsafeBufferPointer(rebasing: out[0..<(n * d)]), rows: n, dimension: d)
    }
    swap(&block, &skewedDraws)
  }

  /// A block whose team columns are the regulation points (before rounding).
  private mutating func addFinished(_ draws: UnsafeBufferPointer<Double>, rows n: Int, dimension d: Int) {
    let gameCount = parlay.games.count
    if uniforms.count < n * gameCount { uniforms = [Double](repeating: 0, count: n * gameCount) }
    if scores.count < 2 * n * gameCount { scores = [Double](repeating: 0, count: 2 * n * gameCount) }
    if flags.count < n { flags = [UInt16](repeating: 0, count: n) }
    let x = draws.baseAddress!
    // Regulation scores (C), overtime on the draws that have it (Swift: rare, and drawing from
    // the chunk's streams), then the legs (C).
    scores.withUnsafeMutableBufferPointer { f in
      mc_parlay_scores(x, d, n, gameCount, parlay.floors, f.baseAddress)
    }
    let anyOvertime = parlay.games.contains { $0.kind != .none }
    if anyOvertime {
      uniforms.withUnsafeMutableBufferPointer {
        decisions.fillUniform(UnsafeMutableBufferPointer(rebasing: $0[0..<(n * gameCount)]))
      }
      var finals: [Double] = []
      swap(&finals, &scores)
      var normals = overtime
      finals.withUnsafeMutableBufferPointer { f in
        uniforms.withUnsafeBufferPointer { u in
          for (g, game) in parlay.games.enumerated() {
            let hs = f.baseAddress! + 2 * g * n, as_ = f.baseAddress! + (2 * g + 1) * n
            switch game.kind {
            case .none: break
            case .flat:
              for i in 0..<n where u[i * gameCount + g] < game.rate {
                let v = u[i * gameCount + g]
                let k = max(0, Self.round(game.points + game.sd * normals.next()))
                // Given overtime, v / rate is uniform: below one half, the odd point goes away.
                let share = ((k + (v < 0.5 * game.rate ? 0 : 1)) * 0.5).rounded(.down)
                hs[i] += share
                as_[i] += k - share
              }
            case .tie:
              let m = 0.5 * game.points, s = game.sd * 0.70710678118654752440
              for i in 0..<n where hs[i] == as_[i] {
                var period = 0
                while hs[i] == as_[i] && period < 10_000 {
                  hs[i] += max(0, Self.round(m + s * normals.next()))
                  as_[i] += max(0, Self.round(m + s * normals.next()))
                  period += 1
                }
              }
            }
          }
        }
      }
      swap(&finals, &scores)
      overtime = normals
    }
    scores.withUnsafeBufferPointer { f in
      flags.withUnsafeMutableBufferPointer { flag in
        legWins.withUnsafeMutableBufferPointer { w in
          won.withUnsafeMutableBufferPointer { k in
            mc_parlay_count(
              x, d, n, f.baseAddress, parlay.kernelLegs, parlay.kernelLegs.count, w.baseAddress, k.baseAddress,
              flag.baseAddress)
          }
        }
      }
    }
    rows &+= UInt64(n)
  }

  mutating func merge(_ next: ParlayAccumulator) {
    for k in won.indices { won[k] &+= next.won[k] }
    rows &+= next.rows
    for j in legWins.indices { legWins[j] &+= next.legWins[j] }
  }
}

/// The overtime points' normals of a chunk, taken in order from its own stream, 64 at a time.
struct OvertimeNormals {
  private var stream: RandomStream
  private var buffer: [Double]
  private var index: Int

  init(stream: RandomStream = RandomStream(seed: 0, id: 0)) {
    self.stream = stream
    buffer = [Double](repeating: 0, count: 64)
    index = 64
  }

  @inline(__always) mutating func next() -> Double {
    if index == buffer.count {
      buffer.withUnsafeMutableBufferPointer { stream.fillNormal($0) }
      index = 0
    }
    defer { index += 1 }
    return buffer[index]
  }
}
