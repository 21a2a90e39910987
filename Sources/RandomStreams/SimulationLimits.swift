/// The bounds every engine puts on a run: how many draws and on how many threads. The game
/// engine and the trade engine check the same numbers with the same words, so `--sims` means
/// the same in every command.
package enum SimulationLimits {
  /// 10^10 (about a minute of one core per 10^10 / 2e8).
  package static let maxSimulations = 10_000_000_000
  package static let maxThreads = 512

  /// The first bound `simulations` or `threads` breaks, as (field, value, reason); nil when both
  /// are in range. `simulationsField` is the caller's name for the count (`n_sims`, `simulations`).
  package static func violation(simulations: Int, threads: Int, simulationsField: String)
    -> (field: String, value: String, reason: String)?
  {
    if !(1...maxSimulations).contains(simulations) {
      return (simulationsField, "\(simulations)", "must be between 1 and \(maxSimulations)")
    }
    if !(1...maxThreads).contains(threads) {
      return ("threads", "\(threads)", "must be between 1 and \(maxThreads)")
    }
    return nil
  }
}
