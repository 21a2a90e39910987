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

  /// The win probability minus the price's implied probability (the agent's edge: its totals
  /// never pushed).
  public var edge: Double { probabilities.win - odds.impliedProbability }

  /// The edge among settled bets: P(win | no push) minus the implied probability. Its sign is
  /// always EV's (EV = D (w/D - 1/d) d with D = win + lose), where `edge` calls a +EV bet on a
  /// line that can push negative (win 0.475, push 0.06 at 1.99: EV +0.5%, edge -2.8%, decided edge +0.3%). 0 when
  /// every outcome pushes.
  public var decidedEdge: Double {
    let decided = probabilities.win + probabilities.lose
    return decided > 0 ? probabilities.win / decided - odds.impliedProbability : 0
  }

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
