import ArgumentParser
import OddsMath

/// How much of full Kelly to stake, shared by every command that recommends stakes.
struct KellyOptions: ParsableArguments {
  @Option(name: .customLong("kelly-fraction"), parsing: .unconditional, help: "Fraction of full Kelly to stake, in (0, 1].")
  var kellyFraction: Double = 0.25

  @Option(name: .customLong("kelly-cap"), parsing: .unconditional, help: "Largest stake as a fraction of bankroll, in (0, 1].")
  var kellyCap: Double = 0.05

  /// The policy, or the usage error naming the option at fault.
  func policy() throws -> KellyPolicy {
    let kelly = KellyPolicy(fraction: kellyFraction, cap: kellyCap)
    do { try kelly.validate() } catch {
      throw CLIError.fail(option: error == .invalidCap(kellyCap) ? "--kelly-cap" : "--kelly-fraction", error)
    }
    return kelly
  }
}
