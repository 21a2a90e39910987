import RandomStreams

/// One player's simulated totals over the projected rounds, for a chunk of draws.
///
/// The model is per round: round r scores proj[r] + sd * z_r with independent z_r ~ N(0, 1)
/// and moves the price by (score - breakeven) * 97.5; a red dot misses the K leading rounds of
/// `MissModel` (0 points, no price change). Only the totals over the rounds enter the trade
/// formula, and given K = k they are exactly
///
///     points = P_k + sd * sqrt(5 - k) * z,      cash = C_k + 97.5 * sd * sqrt(5 - k) * z,
///
/// with P_k, C_k the CPython sums of the projected scores and price changes of the played rounds
/// and z ~ N(0, 1) (a sum of independent normals is normal). So each draw takes one normal, and
/// one uniform for K (K >= k exactly when u < q^k): the same distribution as drawing the five
/// rounds, at a fifth of the random numbers. With sd = 0 and no misses every draw is P_0 and
/// C_0, the original's totals to the last bit.
///
/// Chunk c of a player's draws comes from his named stream of `StreamLayout`
/// (`stream(named:chunk:)`, the id hashed from his player id): his draws do not depend on which
/// other players are simulated, on the thread that computes them or on the order.
final class PlayerDraws {
  /// Draws per chunk (fixed, so results do not depend on the thread count).
  let capacity: Int
  /// Total points of each draw (the first `count` of the last fill are valid).
  let points: UnsafeMutableBufferPointer<Double>
  /// Total price change of each draw (dollars).
  let cash: UnsafeMutableBufferPointer<Double>
  private let normals: UnsafeMutableBufferPointer<Double>
  private let uniforms: UnsafeMutableBufferPointer<Double>

  init(capacity: Int) {
    self.capacity = capacity
    points = .allocate(capacity: capacity)
    cash = .allocate(capacity: capacity)
    normals = .allocate(capacity: capacity)
    uniforms = .allocate(capacity: capacity)
  }

  deinit {
    for buffer in [points, cash, normals, uniforms] { buffer.deallocate() }
  }

  /// Fills `points[0..<count]` and `cash[0..<count]` with the player's draws from `stream`
  /// (his stream of the chunk, `StreamLayout.stream(named:chunk:)`).
  func fill(_ totals: PlayerTotals, stream: RandomStream, count: Int) {
    fill(totals, stream: stream, count: count, points: points.baseAddress!, cash: cash.baseAddress!)
  }

  /// The same, writing to caller-owned memory (the batch keeps one pair of rows per player and
  /// one scratch per worker).
  func fill(
    _ totals: PlayerTotals, stream: RandomStream, count: Int,
    points: UnsafeMutablePointer<Double>, cash: UnsafeMutablePointer<Double>
  ) {
    precondition(count <= capacity)
    var stream = stream
    let z = UnsafeMutableBufferPointer(rebasing: normals[0..<count])
    stream.fillNormal(z)
    guard totals.missProbability > 0 else {
      let (p, c, s, cs) = (totals.points[0], totals.cash[0], totals.scale[0], totals.cashScale[0])
      for i in 0..<count {
        points[i] = p + s * z[i]
        cash[i] = c + cs * z[i]
      }
      return
    }
    let u = UnsafeMutableBufferPointer(rebasing: uniforms[0..<count])
    stream.fillUniform(u)
    for i in 0..<count {
      var k = 0
      while k < ProjectedPlayer.rounds && u[i] < totals.missThresholds[k] { k += 1 }
      points[i] = totals.points[k] + totals.scale[k] * z[i]
      cash[i] = totals.cash[k] + totals.cashScale[k] * z[i]
    }
  }
}

/// What `PlayerDraws` needs of a player, per number k of leading rounds missed (k = 0 ... 5).
struct PlayerTotals: Sendable {
  /// P_k: CPython sum of the projected scores, missed rounds counted as 0.
  var points: [Double] = []
  /// C_k: CPython sum of the price changes, missed rounds counted as 0.
  var cash: [Double] = []
  /// sd * sqrt(5 - k) and 97.5 times it.
  var scale: [Double] = []
  var cashScale: [Double] = []
  /// q^1 ... q^5: K >= k exactly when u < q^k.
  var missThresholds: [Double] = []
  var missProbability: Double

  init(_ player: ProjectedPlayer) {
    let rounds = ProjectedPlayer.rounds
    let changes = player.projectedPriceChanges
    missProbability = player.missProbability
    var power = 1.0
    for k in 0...rounds {
      let played = k..<rounds
      points.append(PythonNumerics.sum((0..<rounds).map { played.contains($0) ? player.projectedScores[$0] : 0 }))
      cash.append(PythonNumerics.sum((0..<rounds).map { played.contains($0) ? changes[$0] : 0 }))
      let s = player.scoreSD * Double(rounds - k).squareRoot()
      scale.append(s)
      cashScale.append(s * TradeFormula.pricePerPoint)
      if k > 0 { missThresholds.append(power) }
      power *= player.missProbability
    }
  }
}
