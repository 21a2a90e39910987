import Synchronization

/// Exact distributions kept by model from one evaluation of a slate to the next (a live slate's
/// refreshes): an exact distribution is a function of its model alone, so a kept one is, bit for
/// bit, the one computed again. After each evaluation only the models it used are kept, so the
/// cache holds at most a slate's models (`keepOnlyUsed`). Safe from any thread: the games of a
/// slate are priced on the simulation's threads.
package final class ExactDistributionCache: Sendable {
  private struct State {
    var kept: [GameModel: ScoreDistribution?] = [:]
    var used: Set<GameModel> = []
    var computed = 0
  }
  private let state = Mutex(State())

  package init() {}

  /// The model's exact distribution (nil where it has none): kept, else computed and kept.
  package func distribution(_ model: GameModel) -> ScoreDistribution? {
    if let kept = state.withLock({ s -> ScoreDistribution?? in
      s.used.insert(model)
      return s.kept[model]
    }) {
      return kept
    }
    let computed = ExactScoreDistribution.compute(model)
    state.withLock {
      $0.kept[model] = computed
      $0.computed += 1
    }
    return computed
  }

  /// The model's distribution if kept (`.some(nil)`: kept as having none), without counting the
  /// model as used: a reader after the evaluation (FairBet's live board) keeps nothing alive.
  package func kept(_ model: GameModel) -> ScoreDistribution?? { state.withLock { $0.kept[model] } }

  /// Forgets the models not asked for since the last call.
  package func keepOnlyUsed() {
    state.withLock { s in
      s.kept = s.kept.filter { s.used.contains($0.key) }
      s.used = []
    }
  }

  /// How many distributions were computed (not found kept) so far.
  package var computedCount: Int { state.withLock { $0.computed } }
}
