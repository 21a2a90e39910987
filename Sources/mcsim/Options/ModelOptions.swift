import ArgumentParser
import Simulation
import UseCases

extension Overtime.Kind: ExpressibleByArgument {}

/// The game model's options, shared by every command that simulates a game. Each is optional so
/// that a command knows which were given: a given option wins over an input file's value.
struct ModelOptions: ParsableArguments {
  static let defaults = Defaults.model

  @Option(
    name: .customLong("home-sd"), parsing: .unconditional,
    help: "Standard deviation of the home team's points, in [\(GameModel.minSD), \(Int(GameModel.maxSD))] (default: the model's; --model seed: 10).")
  var homeSD: Double?

  @Option(
    name: .customLong("away-sd"), parsing: .unconditional,
    help: "Standard deviation of the away team's points, in [\(GameModel.minSD), \(Int(GameModel.maxSD))] (default: the model's; --model seed: 10).")
  var awaySD: Double?

  @Option(parsing: .unconditional, help: "Correlation of the two teams' points, in [-1, 1] (default: the model's; --model seed: 0.5).")
  var rho: Double?

  @Option(
    name: .customLong("ot-model"), help: "Overtime model: flat adds OT at a fixed rate, tie plays OT when regulation ends level (default flat).")
  var otModel: Overtime.Kind?

  @Option(
    name: .customLong("ot-rate"), parsing: .unconditional,
    help: "Probability of overtime in the flat model, in [0, 1] (default: the model's; --model seed: 0.06).")
  var otRate: Double?

  @Option(
    name: .customLong("ot-points"), parsing: .unconditional,
    help: "Mean points both teams add in overtime (flat) or per period (tie), in [0, 100] (default: the model's; --model seed: 12).")
  var otPoints: Double?

  @Option(
    name: .customLong("ot-sd"), parsing: .unconditional,
    help: "Standard deviation of those overtime points, in [0, 50] (default: the model's; --model seed: 3).")
  var otSD: Double?

  @Option(
    name: .customLong("score-floor"), parsing: .unconditional,
    help: "Raise regulation scores below this to it, in [0, 400] (the replaced service used 70).")
  var scoreFloor: Int?

  @Option(
    parsing: .unconditional,
    help:
      "Skewness of each team's points, in [-\(SkewNormal.maxSkewness), \(SkewNormal.maxSkewness)] (0 for normal; the service's skew scenario used 0.19); a large skew narrows the reachable --rho."
  )
  var skew: Double?

  /// The options given, checked over the defaults before any input is read, as every command
  /// that takes them checks them: a value out of range is a usage error (exit 64) naming its
  /// option, never a game's error row or a fault of an input file. A default that a given
  /// option makes invalid (the correlation 0.5 that `--skew -0.5` cannot reach) blames the
  /// options given. Checks that need an input's own values (a model file's, a game's) come
  /// after, where those are read.
  func validate() throws {
    let given = self.given
    guard !given.isEmpty else { return }
    var model = Self.defaults
    model.homeMean = 100
    model.awayMean = 100
    apply(to: &model)
    guard case .invalid(let field, let value, let reason)? = model.problems().first else { return }
    // A ValidationError, as the parser's own: exit 64, the option named first.
    let option = CLIError.optionNames[field] ?? field
    if let at = given.first(where: { $0.option == option }) { throw ValidationError("\(option) \(at.value): \(reason)") }
    throw ValidationError(
      "\(given.map { "\($0.option) \($0.value)" }.joined(separator: " ")): the default \(field) \(value) \(reason)")
  }

  /// The model at these projections: `base` (the defaults, or a config file's model over them)
  /// with the options given over it.
  func model(home: Double, away: Double, base: GameModel = Self.defaults) -> GameModel {
    var m = base
    m.homeMean = home
    m.awayMean = away
    apply(to: &m)
    return m
  }

  /// The options given, over `model`.
  func apply(to m: inout GameModel) {
    for o in given { o.set(&m) }
  }

  /// One given option: its name, the file field it overrides, and how it reads and sets a model.
  struct Given {
    let option: String
    let field: String
    /// The value as a person reads it, and exactly (what a model's value is compared by).
    let value: String
    let exact: String
    let get: (GameModel) -> String
    let getExact: (GameModel) -> String
    let set: (inout GameModel) -> Void
  }

  /// Each option given: its name, the file field it overrides, and its setting (written once).
  var settings: [(option: String, field: String, setting: ModelSetting)] {
    var out: [(String, String, ModelSetting)] = []
    if let homeSD { out.append(("--home-sd", "home_std_dev", .homeSD(homeSD))) }
    if let awaySD { out.append(("--away-sd", "away_std_dev", .awaySD(awaySD))) }
    if let rho { out.append(("--rho", "rho", .rho(rho))) }
    if let otModel { out.append(("--ot-model", "ot_model", .otModel(otModel))) }
    if let otRate { out.append(("--ot-rate", "ot_rate", .otRate(otRate))) }
    if let otPoints { out.append(("--ot-points", "ot_points", .otPoints(otPoints))) }
    if let otSD { out.append(("--ot-sd", "ot_sd", .otSD(otSD))) }
    if let scoreFloor { out.append(("--score-floor", "score_floor", .scoreFloor(scoreFloor))) }
    if let skew { out.append(("--skew", "skew", .skew(skew))) }
    return out
  }

  /// The options given as layers of settings, one an option, for `RunContext`.
  var layers: [SettingsLayer] { settings.map { SettingsLayer(.option($0.option), model: [$0.setting]) } }

  var given: [Given] {
    settings.map { o in
      Given(
        option: o.option, field: o.field, value: o.setting.value, exact: o.setting.exact,
        get: { ModelSetting.current(o.setting.name, of: $0).value },
        getExact: { ModelSetting.current(o.setting.name, of: $0).exact }, set: o.setting.set)
    }
  }
}
