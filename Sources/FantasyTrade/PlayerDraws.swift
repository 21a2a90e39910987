import RandomStreams

/// One player's simulated totals over the projected rounds, for a chunk of draws.
///
/// Draw i of chunk c comes from the stream `(Seed.derive(seed, c), streamID)`: the player's own
/// stream, so his draws do not depend on which other players are simulated, on the thread that
/// computes them or on the order. In draw i, round r:
///
///     score = proj[r] + sd * z          z ~ N(0, 1)
///     change = (score - breakeven) * 97.5   (TradeFormula.priceChange)
///     a missed round (MissModel, one uniform per round) scores 0 and changes nothing.
///
/// Points and cash are summed with CPython's `sum` (PythonNumerics), so with sd = 0 and no
/// misses every draw's totals equal the original's to the last bit. The rounds are the outer
/// loop so the inner loop over draws vectorises.
final class PlayerDraws {
  /// Draws per chunk (fixed, so results do not depend on the thread count).
  let capacity: Int
  /// Sum of the scores of each draw (the first `count` of the last fill are valid).
  let points: UnsafeMutableBufferPointer<Double>
  /// Sum of the price changes of each draw (dollars).
  let cash: UnsafeMutableBufferPointer<Double>
  private let normals: UnsafeMutableBufferPointer<Double>
  private let uniforms: UnsafeMutableBufferPointer<Double>
  private let compensation: UnsafeMutableBufferPointer<Double>
  private let cashCompensation: UnsafeMutableBufferPointer<Double>
  private let out: UnsafeMutableBufferPointer<Bool>

  init(capacity: Int) {
    self.capacity = capacity
    let n = capacity * ProjectedPlayer.rounds
    points = .allocate(capacity: capacity)
    cash = .allocate(capacity: capacity)
    compensation = .allocate(capacity: capacity)
    cashCompensation = .allocate(capacity: capacity)
    out = .allocate(capacity: capacity)
    normals = .allocate(capacity: n)
    uniforms = .allocate(capacity: n)
  }

  deinit {
    for buffer in [points, cash, compensation, cashCompensation, normals, uniforms] { buffer.deallocate() }
    out.deallocate()
  }

  /// Fills `points[0..<count]` and `cash[0..<count]` with chunk `chunk` of the player's draws.
  func fill(_ player: ProjectedPlayer, seed: UInt64, streamID: UInt64, chunk: Int, count: Int) {
    fill(
      player, seed: seed, streamID: streamID, chunk: chunk, count: count,
      points: points.baseAddress!, cash: cash.baseAddress!)
  }

  /// The same, writing the totals to caller-owned memory (the batch keeps one pair of rows per
  /// player and one scratch per worker).
  func fill(
    _ player: ProjectedPlayer, seed: UInt64, streamID: UInt64, chunk: Int, count: Int,
    points s: UnsafeMutablePointer<Double>, cash cs: UnsafeMutablePointer<Double>
  ) {
    precondition(count <= capacity)
    var stream = RandomStream(seed: Seed.derive(seed, UInt64(chunk)), id: streamID)
    let rounds = ProjectedPlayer.rounds
    let n = count * rounds
    stream.fillNormal(.init(rebasing: normals[0..<n]))
    let q = player.missProbability
    if q > 0 {
      stream.fillUniform(.init(rebasing: uniforms[0..<n]))
      for i in 0..<count { out[i] = true }
    }
    let sd = player.scoreSD
    let breakeven = player.breakeven
    let (c, cc) = (compensation, cashCompensation)
    for i in 0..<count { s[i] = 0; c[i] = 0; cs[i] = 0; cc[i] = 0 }
    for r in 0..<rounds {
      let proj = player.projectedScores[r]
      let z = normals.baseAddress! + r * count
      if q > 0 {
        let u = uniforms.baseAddress! + r * count
        for i in 0..<count {
          let missed = out[i] && u[i] < q
          out[i] = missed
          let score = missed ? 0 : proj + sd * z[i]
          let change = missed ? 0 : TradeFormula.priceChange(score: score, breakeven: breakeven)
          Self.add(score, to: &s[i], &c[i])
          Self.add(change, to: &cs[i], &cc[i])
        }
      } else {
        for i in 0..<count {
          let score = proj + sd * z[i]
          Self.add(score, to: &s[i], &c[i])
          Self.add(TradeFormula.priceChange(score: score, breakeven: breakeven), to: &cs[i], &cc[i])
        }
      }
    }
    for i in 0..<count {
      if c[i] != 0 && c[i].isFinite { s[i] += c[i] }
      if cc[i] != 0 && cc[i].isFinite { cs[i] += cc[i] }
    }
  }

  /// One Neumaier step of CPython's `sum` (see PythonNumerics.sum).
  @inline(__always)
  private static func add(_ x: Double, to s: inout Double, _ c: inout Double) {
    let t = s + x
    c += abs(s) >= abs(x) ? (s - t) + x : (x - t) + s
    s = t
  }
}

/// Stream ids: a player's id hashed with FNV-1a (64 bit), so a player keeps his draws whatever
/// the order or content of the files.
enum StreamID {
  static func of(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return hash
  }
}
