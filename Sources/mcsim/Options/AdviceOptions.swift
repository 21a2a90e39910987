import ArgumentParser
import Foundation
import LineFeeds
import ServiceContracts
import UseCases

/// What turns prices into advice (docs/one-game.md, "Advice"), shared by `run` and `slate`: the config
/// file, the bankroll and exposure, the filters, the market check. Each option wins over the
/// config file's key, which wins over the default.
struct AdviceOptions: ParsableArguments {
  @Option(help: "A config file (JSON; docs/one-game.md, \"Config file\"); default: mcsim.json in the working directory, if there is one.")
  var config: String?

  @Option(parsing: .unconditional, help: "Bankroll in money; stakes are shown in money (default 1: stakes read as fractions).")
  var bankroll: Double?

  @Option(
    name: .customLong("max-exposure"), parsing: .unconditional,
    help: "Most staked in all (a slate's bets together, or one bet), as a fraction of bankroll, in (0, 1] (default 0.2).")
  var maxExposure: Double?

  @Option(
    name: .customLong("min-ev"), parsing: .unconditional,
    help: "Recommend only bets whose EV per unit staked is above this, a fraction in [-1, 1] (0.03 is 3%; default 0).")
  var minEV: Double?

  @Option(
    name: .customLong("min-edge"), parsing: .unconditional,
    help: "Recommend only bets whose edge (p - 1/odds) is above this, a fraction in [-1, 1] (default 0).")
  var minEdge: Double?

  @Option(
    name: .customLong("max-market-gap"), parsing: .unconditional,
    help: "Gap between model and devigged market probability that flags model_market_disagree, in (0, 1] (default 0.1).")
  var maxMarketGap: Double?

  @Option(
    name: .customLong("max-ev-interval"), parsing: .unconditional,
    help: "Widest 95% interval of EV (half-width) a simulation-only probability may advise on (default 0.02).")
  var maxEVInterval: Double?

  @Option(parsing: .unconditional, help: "Blend weight W of the model: p = W x model + (1 - W) x market, in [0, 1] (default 1).")
  var blend: Double?

  @Flag(
    name: .customLong("trust-model"), inversion: .prefixedNo,
    help: "Stake bets flagged model_market_disagree all the same (--no-trust-model overrides a config's trust_model).")
  var trustModel: Bool?

  @Flag(name: .customLong("exact"), inversion: .prefixedNo, help: "Grade on the model's exact probabilities where it has them (default on).")
  var exact: Bool?

  /// The config file read (given, or mcsim.json in the working directory), or nil.
  func configFile() throws -> ConfigFile? { try Self.load(config) }

  /// `config` if given, else mcsim.json in the working directory if there is one; a bad file is
  /// refused naming the key (exit 1).
  static func load(_ config: String?) throws -> ConfigFile? {
    let path: String
    if let config {
      path = config
    } else if FileManager.default.fileExists(atPath: ConfigFile.defaultName) {
      path = ConfigFile.defaultName
    } else {
      return nil
    }
    let source = InputSource(path)
    let data: Data
    do { data = try source.read() } catch { throw CLIError.badInput("config \(source)", error) }
    do { return try ConfigFile.decode(data, source: source.description) } catch {
      throw CLIError.badInput("config \(source)", error)
    }
  }

  /// The options given, as a layer of advice settings.
  func settings(kelly: KellyOptions) -> AdviceSettings {
    var s = AdviceSettings()
    (s.bankroll, s.maxExposure, s.minEV, s.minEdge) = (bankroll, maxExposure, minEV, minEdge)
    (s.maxMarketGap, s.maxEVInterval, s.blend, s.trustModel) = (maxMarketGap, maxEVInterval, blend, trustModel)
    (s.kellyFraction, s.kellyCap) = (kelly.kellyFraction, kelly.kellyCap)
    return s
  }

  /// `resolve` given the options' advice settings (the run's context, whose policy lays them
  /// over the config file's: `ModelChoice.context`); a refused option is a usage error naming it
  /// (exit 64).
  func resolving<T>(kelly: KellyOptions, _ resolve: (AdviceSettings) throws -> T) throws -> T {
    try CLIError.mapping({ try resolve(settings(kelly: kelly)) }) { CLIError.option(CLIError.option(field: $0.field), $0.value, $0.reason) }
  }

  /// The advice options a command has no use for, each refused by name (exit 64) rather than
  /// taken and ignored.
  enum Unused { case exact, blend, marketGap, trustModel }

  func refuse(_ unused: [Unused], because reason: String) throws {
    for u in unused {
      let (name, given): (String, Bool) =
        switch u {
        case .exact: (exact == true ? "--exact" : "--no-exact", exact != nil)
        case .blend: ("--blend", blend != nil)
        case .marketGap: ("--max-market-gap", maxMarketGap != nil)
        case .trustModel: ("--trust-model", trustModel != nil)
        }
      if given { throw ValidationError("\(name) has no effect here: \(reason).") }
    }
  }

  /// Whether to grade on exact probabilities: the option, else the config's `exact`, else an
  /// input's own `include_exact`, else the command line's default (`Defaults.exact`).
  func useExact(_ config: ConfigFile?, request: Bool? = nil) -> Bool { exact ?? config?.exact ?? request ?? Defaults.exact }
}
