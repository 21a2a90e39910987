import ArgumentParser
import UseCases

/// The game model's options, shared by every command that simulates a game. Each is optional so
/// that a command knows which were given: a given option wins over an input file's value.
struct ModelOptions: ParsableArguments {
  @Option(
    name: .customLong("home-sd"), parsing: .unconditional,
    help:
      "Standard deviation of the home team's points, in [\(ModelSetting.minSD), \(Int(ModelSetting.maxSD))] (default: the model's; --model seed: 10)."
  )
  var homeSD: Double?

  @Option(
    name: .customLong("away-sd"), parsing: .unconditional,
    help:
      "Standard deviation of the away team's points, in [\(ModelSetting.minSD), \(Int(ModelSetting.maxSD))] (default: the model's; --model seed: 10)."
  )
  var awaySD: Double?

  @Option(parsing: .unconditional, help: "Correlation of the two teams' points, in [-1, 1] (default: the model's; --model seed: 0.5).")
  var rho: Double?

  @Option(
    name: .customLong("ot-model"),
    help: ArgumentHelp(
      "Overtime model: flat adds OT at a fixed rate, tie plays OT when regulation ends level (default flat).",
      valueName: ModelSetting.overtimeNames.joined(separator: "|")))
  var otModel: String?

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
      "Skewness of each team's points, in [-\(ModelSetting.maxSkewness), \(ModelSetting.maxSkewness)] (0 for normal; the service's skew scenario used 0.19); a large skew narrows the reachable --rho."
  )
  var skew: Double?

  /// The options given, checked over the defaults before any input is read, as every command
  /// that takes them checks them: a value out of range is a usage error (exit 64) naming its
  /// option, never a game's error row or a fault of an input file. A default that a given
  /// option makes invalid (the correlation 0.5 that `--skew -0.5` cannot reach) blames the
  /// options given. Checks that need an input's own values (a model file's, a game's) come
  /// after, where those are read.
  func validate() throws {
    if let otModel { try Self.overtime(otModel) }
    let given = self.given
    guard let problem: any FieldProblem = ModelSetting.problem(of: given.map(\.setting)) else { return }
    let field = problem.field, value = problem.value, reason = problem.reason
    // A ValidationError, as the parser's own: exit 64, the option named first.
    let option = CLIError.optionNames[field] ?? field
    if let at = given.first(where: { $0.option == option }) { throw ValidationError("\(option) \(at.value): \(reason)") }
    throw ValidationError(
      "\(given.map { "\($0.option) \($0.value)" }.joined(separator: " ")): the default \(field) \(value) \(reason)")
  }

  /// The overtime model named `name` (`--ot-model`), a usage error naming it when there is none.
  @discardableResult
  static func overtime(_ name: String) throws -> ModelSetting { try CLIError.usage { try ModelSetting.otModel(named: name) } }

  /// One given option: its name, the file field it overrides, and its setting.
  struct Given {
    let option: String
    let field: String
    let setting: ModelSetting
    /// The value as a person reads it.
    var value: String { setting.value }
  }

  /// Each option given: its name, the file field it overrides, and its setting (written once).
  var given: [Given] {
    var out: [Given] = []
    if let homeSD { out.append(Given(option: "--home-sd", field: "home_std_dev", setting: .homeSD(homeSD))) }
    if let awaySD { out.append(Given(option: "--away-sd", field: "away_std_dev", setting: .awaySD(awaySD))) }
    if let rho { out.append(Given(option: "--rho", field: "rho", setting: .rho(rho))) }
    if let otModel, let setting = try? ModelSetting.otModel(named: otModel) {
      out.append(Given(option: "--ot-model", field: "ot_model", setting: setting))
    }
    if let otRate { out.append(Given(option: "--ot-rate", field: "ot_rate", setting: .otRate(otRate))) }
    if let otPoints { out.append(Given(option: "--ot-points", field: "ot_points", setting: .otPoints(otPoints))) }
    if let otSD { out.append(Given(option: "--ot-sd", field: "ot_sd", setting: .otSD(otSD))) }
    if let scoreFloor { out.append(Given(option: "--score-floor", field: "score_floor", setting: .scoreFloor(scoreFloor))) }
    if let skew { out.append(Given(option: "--skew", field: "skew", setting: .skew(skew))) }
    return out
  }

  /// The options given as layers of settings, one an option, for `RunContext`.
  var layers: [SettingsLayer] { given.map { SettingsLayer(.option($0.option), model: [$0.setting]) } }
}
