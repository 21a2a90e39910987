import ArgumentParser
import RandomStreams
import Simulation

/// How many simulations, from which seed, on how many threads.
struct RandomOptions: ParsableArguments {
  @Option(parsing: .unconditional, help: "Number of simulated games (default 10000, at most 10^10).")
  var sims: Int?

  @Option(parsing: .unconditional, help: "Seed for a reproducible run; drawn and reported when omitted.")
  var seed: UInt64?

  @Option(parsing: .unconditional, help: "Worker threads (default: all cores); results do not depend on it.")
  var threads: Int = SimulationOptions.defaultThreads

  func options() -> SimulationOptions {
    SimulationOptions(simulations: sims ?? 10_000, seed: seed ?? Seed.random(), threads: threads)
  }

  /// Whether --sims was given (it then overrides a request's n_sims).
  var simsGiven: Bool { sims != nil }
}
