import ArgumentParser
import OddsMath

/// How much of full Kelly to stake, shared by every command that recommends stakes. Optional, so
/// that a config file's value applies when the option is not given.
struct KellyOptions: ParsableArguments {
  @Option(name: .customLong("kelly-fraction"), parsing: .unconditional, help: "Fraction of full Kelly to stake, in (0, 1] (default 0.25).")
  var kellyFraction: Double?

  @Option(name: .customLong("kelly-cap"), parsing: .unconditional, help: "Largest stake as a fraction of bankroll, in (0, 1] (default 0.05).")
  var kellyCap: Double?

  /// The options given, over `base`, or the usage error naming the option at fault.
  func policy(over base: KellyPolicy = KellyPolicy()) throws -> KellyPolicy {
    var kelly = base
    if let kellyFraction {
      kelly.fraction = kellyFraction
      guard kellyFraction.isFinite, kellyFraction > 0, kellyFraction <= 1 else {
        throw CLIError.fail(option: "--kelly-fraction", KellyPolicyError.invalidFraction(kellyFraction))
      }
    }
    if let kellyCap {
      kelly.cap = kellyCap
      guard kellyCap.isFinite, kellyCap > 0, kellyCap <= 1 else {
        throw CLIError.fail(option: "--kelly-cap", KellyPolicyError.invalidCap(kellyCap))
      }
    }
    return kelly
  }
}
