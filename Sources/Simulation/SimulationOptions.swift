import Foundation

/// How many games to simulate, from which seed, on how many threads. The result depends on
/// (model, simulations, seed) only: threads change the speed, never a single count.
public struct SimulationOptions: Hashable, Sendable, Codable {
  public var simulations: Int
  public var seed: UInt64
  public var threads: Int

  /// The ceiling on simulations per game: 10^10 (about a minute of one core per 10^10 / 2e8).
  public static let maxSimulations = 10_000_000_000
  public static let maxThreads = 512

  public init(simulations: Int = 10_000, seed: UInt64, threads: Int = SimulationOptions.defaultThreads) {
    self.simulations = simulations
    self.seed = seed
    self.threads = threads
  }

  /// All cores of this machine.
  public static var defaultThreads: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

  public func validate() throws(InputError) {
    guard simulations >= 1, simulations <= Self.maxSimulations else {
      throw .invalid(
        field: "n_sims", value: "\(simulations)",
        reason: "must be between 1 and \(Self.maxSimulations)")
    }
    guard threads >= 1, threads <= Self.maxThreads else {
      throw .invalid(field: "threads", value: "\(threads)", reason: "must be between 1 and \(Self.maxThreads)")
    }
  }
}
