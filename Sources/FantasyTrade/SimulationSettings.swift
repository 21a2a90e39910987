import Foundation
import RandomStreams

/// How many draws, from which seed, on how many threads. The answer depends on the first two
/// only: work is split into fixed chunks keyed by index, never by thread.
package struct SimulationSettings: Hashable, Sendable {
  /// The replaced services' default.
  package static let defaultSimulations = 10_000

  package var simulations: Int
  package var seed: UInt64
  package var threads: Int

  /// `seed` nil draws a fresh one (`Seed.random()`); the result reports it.
  package init(
    simulations: Int = defaultSimulations, seed: UInt64? = nil,
    threads: Int = ProcessInfo.processInfo.activeProcessorCount
  ) {
    self.simulations = simulations
    self.seed = seed ?? Seed.random()
    self.threads = threads
  }

  package func validate() throws(TradeInputError) {
    if let v = SimulationLimits.violation(simulations: simulations, threads: threads, simulationsField: "simulations") {
      throw .invalid(field: v.field, value: v.value, reason: v.reason)
    }
  }

  /// The run's draws in chunks of `chunkSize`, each player's chunk on its own stream
  /// (`StreamLayout.stream(named:chunk:)`).
  func layout(chunkSize: Int) -> StreamLayout {
    StreamLayout(seed: seed, chunkSize: chunkSize)
  }
}
