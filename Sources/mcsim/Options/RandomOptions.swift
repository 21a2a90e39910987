import ArgumentParser
import RandomStreams
import Simulation

/// How many simulations, from which seed, on how many threads.
struct RandomOptions: ParsableArguments {
  @Option(parsing: .unconditional, help: "Number of simulated games (at most 10^10).")
  var sims: Int = 10_000

  @Option(parsing: .unconditional, help: "Seed for a reproducible run; drawn and reported when omitted.")
  var seed: UInt64?

  @Option(parsing: .unconditional, help: "Worker threads (default: all cores); results do not depend on it.")
  var threads: Int = SimulationOptions.defaultThreads

  func options() -> SimulationOptions {
    SimulationOptions(simulations: sims, seed: seed ?? Seed.random(), threads: threads)
  }
}
