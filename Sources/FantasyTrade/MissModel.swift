/// How a red-dot player misses rounds: out for the next round with probability q and, while
/// out, out again each further round with probability q; once he plays he plays the rest. The
/// number of leading rounds missed, K, is geometric truncated at the horizon:
///
///     P(K = k) = q^k (1 - q)   for k < 5,      P(K = 5) = q^5.
///
/// A missed round scores 0 points and leaves the price unchanged (no game, no price change).
package struct MissModel: Hashable, Sendable {
  package var probability: Double

  package init(probability: Double) { self.probability = probability }

  /// P(K = k) for k = 0 ... rounds.
  package func leadingMissProbabilities(rounds: Int = ProjectedPlayer.rounds) -> [Double] {
    let q = probability
    var out: [Double] = []
    var reach = 1.0  // q^k
    for _ in 0..<rounds {
      out.append(reach * (1 - q))
      reach *= q
    }
    out.append(reach)
    return out
  }

  /// E[K] / rounds = (q + q^2 + ... + q^5) / 5: the expected share of rounds missed.
  package func expectedMissedShare(rounds: Int = ProjectedPlayer.rounds) -> Double {
    var share = 0.0
    var power = 1.0
    for _ in 0..<rounds {
      power *= probability
      share += power
    }
    return share / Double(rounds)
  }
}
