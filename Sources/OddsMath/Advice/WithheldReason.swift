/// Why a bet with positive EV is not recommended and gets no stake. Reported by name in each
/// side's `withheld` list.
public enum WithheldReason: String, Hashable, Sendable, Codable, CaseIterable {
  /// Simulation only: the 95% interval of EV is wider than the policy allows
  /// (`AdvicePolicy.maxEVHalfWidth`); `simulations_needed` says how many would do.
  case tooFewSimulations = "too_few_simulations"
  /// Simulation only: the 95% interval of EV reaches 0 or below.
  case evIntervalIncludesZero = "ev_interval_includes_zero"
  /// The model's probability and the devigged market's differ by more than
  /// `AdvicePolicy.maxMarketGap` (not withheld with `trust_model`).
  case modelMarketDisagree = "model_market_disagree"
  /// EV at or below `AdvicePolicy.minEV`.
  case belowMinEV = "below_min_ev"
  /// Settled edge (`SideAdvice.settledEdge`) at or below `AdvicePolicy.minEdge`.
  case belowMinEdge = "below_min_edge"
  /// On a card of bets (props): the same selection (player, stat, side) is staked at another
  /// book or line whose stake is larger; one selection is one bet.
  case sameSelectionStaked = "same_selection_staked"
}
