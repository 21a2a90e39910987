import Foundation
import RandomStreams

/// How many draws, from which seed, on how many threads. The answer depends on the first two
/// only: work is split into fixed chunks keyed by index, never by thread.
public struct SimulationSettings: Hashable, Sendable {
  /// The replaced services' default.
  public static let defaultSimulations = 10_000

  public var simulations: Int
  public var seed: UInt64
  public var threads: Int

  /// `seed` nil draws a fresh one (`Seed.random()`); the result reports it.
  public init(
    simulations: Int = defaultSimulations, seed: UInt64? = nil,
    threads: Int = ProcessInfo.processInfo.activeProcessorCount
  ) {
    self.simulations = simulations
    self.seed = seed ?? Seed.random()
    self.threads = threads
  }

  public func validate() throws(TradeInputError) {
    guard simulations >= 1 else {
      throw .invalid(field: "simulations", value: "\(simulations)", reason: "must be at least 1")
    }
    guard threads >= 1 else {
      throw .invalid(field: "threads", value: "\(threads)", reason: "must be at least 1")
    }
  }

  /// The run's draws in chunks of `chunkSize`, each player's chunk on its own stream
  /// (`StreamLayout.stream(named:chunk:)`).
  func layout(chunkSize: Int) -> StreamLayout {
    StreamLayout(seed: seed, chunkSize: chunkSize)
  }
}
