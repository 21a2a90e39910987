import Foundation
import RandomStreams

/// How many games to simulate, from which seed, on how many threads. The result depends on
/// (model, simulations, seed) only: threads change the speed, never a single count.
public struct SimulationOptions: Hashable, Sendable {
  public var simulations: Int
  public var seed: UInt64
  public var threads: Int

  /// The ceilings every engine shares (`SimulationLimits`).
  public static let maxSimulations = SimulationLimits.maxSimulations
  public static let maxThreads = SimulationLimits.maxThreads

  public init(simulations: Int = 10_000, seed: UInt64, threads: Int = SimulationOptions.defaultThreads) {
    self.simulations = simulations
    self.seed = seed
    self.threads = threads
  }

  /// All cores of this machine.
  public static var defaultThreads: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

  public func validate() throws(InputError) {
    if let v = SimulationLimits.violation(simulations: simulations, threads: threads, simulationsField: "n_sims") {
      throw .invalid(field: v.field, value: v.value, reason: v.reason)
    }
  }
}
