import RandomStreams
import Simulation

/// How many simulations, from which seed, on how many threads, as an edge was given them (each
/// nil when not): the limits, the one range check and the defaults of every job that simulates.
package struct RandomSettings: Sendable, Hashable {
  package var simulations: Int?
  package var seed: UInt64?
  package var threads: Int?

  package init(simulations: Int? = nil, seed: UInt64? = nil, threads: Int? = nil) {
    self.simulations = simulations
    self.seed = seed
    self.threads = threads
  }

  /// The most simulations a job takes, and the most threads.
  package static let maxSimulations = SimulationOptions.maxSimulations
  package static let maxThreads = SimulationOptions.maxThreads
  /// Threads when none are asked for: all cores.
  package static var defaultThreads: Int { SimulationOptions.defaultThreads }
  /// A seed drawn from the system, for a run given none (it reports the one drawn).
  package static func drawSeed() -> UInt64 { Seed.random() }

  /// The threads asked for, else all cores.
  package var resolvedThreads: Int { threads ?? Self.defaultThreads }

  /// Every value given out of range, each named by its setting (`sims`, `threads`).
  package func problems() -> [InputError] {
    var out: [InputError] = []
    if let simulations, !(1...Self.maxSimulations).contains(simulations) {
      out.append(.invalid(field: "sims", value: "\(simulations)", reason: "must be between 1 and \(Self.maxSimulations)"))
    }
    if let threads, !(1...Self.maxThreads).contains(threads) {
      out.append(.invalid(field: "threads", value: "\(threads)", reason: "must be between 1 and \(Self.maxThreads)"))
    }
    return out
  }

  /// The options of a run: `simulations` (a resolved count: an input's, a config file's), else
  /// those given, else the default; the seed given, else one drawn; the threads.
  package func options(simulations resolved: Int? = nil, seed fallback: UInt64? = nil) -> SimulationOptions {
    SimulationOptions(
      simulations: resolved ?? simulations ?? Defaults.simulations, seed: seed ?? fallback ?? Self.drawSeed(),
      threads: resolvedThreads)
  }
}
