import ArgumentParser
import UseCases

/// How many simulations, from which seed, on how many threads: the same options, limits and
/// messages in every command that simulates (run, slate, trade). The ranges are
/// `RandomSettings`'.
struct RandomOptions: ParsableArguments {
  @Option(
    parsing: .unconditional,
    help:
      "Number of simulations, 1 to 10^10, winning over a config file's sims and a run request's or slate file's n_sims where the command reads one (default 10000)."
  )
  var sims: Int?

  @Option(parsing: .unconditional, help: "Seed for a reproducible run; drawn and reported when omitted.")
  var seed: UInt64?

  // Optional, so the help prints its default once, in words: the parser's own "(default: N)"
  // would print this machine's core count, a different page on every machine.
  @Option(
    name: .customLong("threads"), parsing: .unconditional,
    help: "Worker threads, 1 to \(RandomSettings.maxThreads) (default: all cores); results do not depend on it.")
  var threadsGiven: Int?

  /// The options given.
  var settings: RandomSettings { RandomSettings(simulations: sims, seed: seed, threads: threadsGiven) }

  /// The threads asked for, all cores by default.
  var threads: Int { settings.resolvedThreads }

  func validate() throws {
    // A ValidationError, as the parser's own: exit 64, the option named.
    if let problem = settings.problems().first {
      throw ValidationError("\(CLIError.option(field: problem.field)) \(problem.value): \(problem.reason)")
    }
  }

  /// Whether --sims was given (it then overrides a request's n_sims).
  var simsGiven: Bool { sims != nil }
}
