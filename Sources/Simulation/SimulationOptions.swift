import Foundation
import RandomStreams

/// How many games to simulate, from which seed, on how many threads. The result depends on
/// (model, simulations, seed) only: threads change the speed, never a single count.
public struct SimulationOptions: Hashable, Sendable {
  public var simulations: Int
  public var seed: UInt64
  public var threads: Int
  /// How the run executes: nil simulates it whole; a recording tape simulates only its shard's
  /// share of every game and keeps the histograms (`--shard K/N`); a replaying tape hands back
  /// the parts' summed histograms instead of simulating (`mcsim merge`). An explicit part of
  /// the options, passed down with them to every simulation of the run.
  package var tape: SimulationTape?

  /// The ceilings every engine shares (`SimulationLimits`).
  public static let maxSimulations = SimulationLimits.maxSimulations
  public static let maxThreads = SimulationLimits.maxThreads

  /// Simulations of a game when nothing else says how many: the replaced agent's 10^4.
  public static let defaultSimulations = 10_000

  public init(
    simulations: Int = SimulationOptions.defaultSimulations, seed: UInt64, threads: Int = SimulationOptions.defaultThreads
  ) {
    self.simulations = simulations
    self.seed = seed
    self.threads = threads
    self.tape = nil
  }

  /// All cores of this machine.
  public static var defaultThreads: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

  /// The ceilings' one rule; the simulations named as the input names them (`n_sims`, a config's
  /// `sims`).
  public func validate(simulationsField: String = "n_sims") throws(InputError) {
    if let v = SimulationLimits.violation(simulations: simulations, threads: threads, simulationsField: simulationsField) {
      throw .invalid(field: v.field, value: v.value, reason: v.reason)
    }
  }
}
