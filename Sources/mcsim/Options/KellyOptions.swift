import ArgumentParser

/// How much of full Kelly to stake, shared by every command that recommends stakes. Optional, so
/// that a config file's value applies when the option is not given; checked with the rest of the
/// advice settings (`AdviceOptions.settings`).
struct KellyOptions: ParsableArguments {
  @Option(name: .customLong("kelly-fraction"), parsing: .unconditional, help: "Fraction of full Kelly to stake, in (0, 1] (default 0.25).")
  var kellyFraction: Double?

  @Option(name: .customLong("kelly-cap"), parsing: .unconditional, help: "Largest stake as a fraction of bankroll, in (0, 1] (default 0.05).")
  var kellyCap: Double?
}
