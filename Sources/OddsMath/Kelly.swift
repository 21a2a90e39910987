/// Kelly staking on several mutually exclusive outcomes of one market at once (a horse race, a
/// 1X2, both sides of a total): the stakes that maximise E[log wealth] when exactly one outcome
/// wins. Kelly (1956) section 5; the algorithm as stated by Smoczynski & Tomkins (2010), "An
/// explicit solution to the problem of optimizing the allocations of a bettor's wealth when
/// wagering on horse races", Math. Scientist 35:
///
///   1. order outcomes by expected return e_i = p_i d_i, largest first;
///   2. S = {}, R = 1; take outcomes in order while e_k > R, adding k to S and setting
///      R = (1 - sum_{S} p_i) / (1 - sum_{S} 1/d_i);
///   3. stake f_i = p_i - R / d_i for i in S, 0 otherwise.
///
/// Several outcomes can be worth backing together; with one it reduces to f = p - (1 - p)/(d - 1).
/// The denominator stays positive: e_k > R with 1 - sum p >= p_k implies 1 - sum 1/d > 1/d_k.
/// For a single bet with pushes, use `BetEvaluation.fullKelly`.
public enum SimultaneousKelly {
  /// Full-Kelly bankroll fractions in input order. `probabilities` are the true probabilities
  /// of the outcomes (summing to at most 1; the rest is the chance none of them wins).
  public static func stakes(probabilities: [Double], odds: [Odds]) throws(KellyError) -> [Double] {
    guard probabilities.count == odds.count else {
      throw .countMismatch(probabilities: probabilities.count, odds: odds.count)
    }
    var total = 0.0
    for (i, p) in probabilities.enumerated() {
      guard p.isFinite, p >= 0, p <= 1 else { throw .invalidProbability(index: i, value: p) }
      total += p
    }
    guard total <= 1 + 1e-9 else { throw .probabilitiesExceedOne(total) }

    let order = probabilities.indices.sorted {
      probabilities[$0] * odds[$0].decimal > probabilities[$1] * odds[$1].decimal
    }
    var reserve = 1.0
    var unclaimed = 1.0  // 1 - sum p over the chosen set
    var unpriced = 1.0  // 1 - sum 1/d over the chosen set
    var chosen = 0
    for i in order {
      guard probabilities[i] * odds[i].decimal > reserve else { break }
      unclaimed -= probabilities[i]
      unpriced -= odds[i].impliedProbability
      reserve = unpriced > 0 ? max(0, unclaimed) / unpriced : 0
      chosen += 1
    }
    var stakes = [Double](repeating: 0, count: probabilities.count)
    for i in order.prefix(chosen) {
      stakes[i] = max(0, probabilities[i] - reserve / odds[i].decimal)
    }
    return stakes
  }

  /// A fraction of the full-Kelly stakes, scaled down as a whole so their sum is at most `cap`.
  public static func stakes(
    probabilities: [Double], odds: [Odds], fraction: Double, cap: Double
  ) throws(KellyError) -> [Double] {
    let full = try stakes(probabilities: probabilities, odds: odds).map { $0 * fraction }
    let sum = full.reduce(0, +)
    return sum > cap ? full.map { $0 * cap / sum } : full
  }
}

/// Why a Kelly request was refused.
public enum KellyError: Error, Equatable, Sendable, CustomStringConvertible {
  case countMismatch(probabilities: Int, odds: Int)
  case invalidProbability(index: Int, value: Double)
  case probabilitiesExceedOne(Double)

  public var description: String {
    switch self {
    case .countMismatch(let p, let o): "\(p) probabilities for \(o) prices"
    case .invalidProbability(let i, let v): "probability \(i + 1) must be in [0, 1], got \(v)"
    case .probabilitiesExceedOne(let s): "mutually exclusive outcomes cannot have probabilities summing to \(s) > 1"
    }
  }
}
