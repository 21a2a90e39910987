/// The three ways a single bet settles, with their probabilities (summing to 1).
public struct SettlementProbabilities: Hashable, Sendable {
  public var win: Double
  public var lose: Double
  public var push: Double

  public init(win: Double, lose: Double, push: Double = 0) {
    self.win = win
    self.lose = lose
    self.push = push
  }
}

/// What a bet at a price is worth, given the probabilities of winning, losing and pushing.
///
///   EV per unit staked     ev   = p_win * (d - 1) - p_lose          (a push returns the stake)
///   edge                   edge = p_win - 1/d
///   full Kelly stake       f*   = (b p_win - p_lose) / (b (p_win + p_lose)),  b = d - 1, floored at 0
///
/// f* maximises E[log wealth] = p_win log(1 + b f) + p_lose log(1 - f); a push leaves wealth
/// unchanged, so it only rescales the two other outcomes. Without pushes f* = (b p - q) / b.
public struct BetEvaluation: Hashable, Sendable {
  public let odds: Odds
  public let probabilities: SettlementProbabilities

  public init(odds: Odds, probabilities: SettlementProbabilities) {
    self.odds = odds
    self.probabilities = probabilities
  }

  public var expectedValue: Double {
    probabilities.win * odds.netPayout - probabilities.lose
  }

  public var edge: Double { probabilities.win - odds.impliedProbability }

  public var fullKelly: Double {
    let b = odds.netPayout
    let decided = probabilities.win + probabilities.lose
    guard decided > 0 else { return 0 }
    return max(0, (b * probabilities.win - probabilities.lose) / (b * decided))
  }

  /// A fraction of full Kelly, capped: min(fraction * f*, cap).
  public func kellyStake(fraction: Double, cap: Double) -> Double {
    min(fraction * fullKelly, cap)
  }
}
