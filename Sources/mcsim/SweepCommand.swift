import ArgumentParser
import Foundation
import Renderers
import ServiceContracts
import UseCases

/// `mcsim sweep`: one game's totals market on a grid of lines, prices and model parameters,
/// every point on the same random numbers.
struct SweepCommand: ParsableCommand, RequiredInputs {
  static let configuration = CommandConfiguration(
    commandName: "sweep",
    abstract: "Show how one game's prices move with the line, the price and the model's assumptions.",
    discussion: """
      Every value option takes one value or a grid: a range start:end:step (215:235:0.5) or a \
      list (0,0.2,0.5). One or two options may have a grid. The line and the price are read \
      off one simulated game (no extra simulation); each value of a model parameter is \
      simulated on the same random numbers as every other. Examples:
        mcsim sweep --line 215:235:0.5 --home 115 --away 112 --svg line.svg
        mcsim sweep --line 215:235:1 --rho 0,0.2,0.5 --home 115 --away 112 --sims 1000000 --csv
        mcsim sweep --line 225.5 --shift -6:6:1 --home 115 --away 112 --json
      """
  )

  @Option(parsing: .unconditionalSingleValue, help: "The totals line or a grid of lines, in (0, 1000).")
  var line: [String] = []

  @Option(parsing: .unconditionalSingleValue, help: "Projected points of the home team (or a grid), in [0, 1000].")
  var home: [String] = []

  @Option(parsing: .unconditionalSingleValue, help: "Projected points of the away team (or a grid), in [0, 1000].")
  var away: [String] = []

  @Option(parsing: .unconditionalSingleValue, help: "Points added to both projections (or a grid; the total moves by twice the shift).")
  var shift: [String] = []

  @Option(
    name: .customLong("home-sd"), parsing: .unconditionalSingleValue, help: "Standard deviation of the home team's points (or a grid) (default 10).")
  var homeSD: [String] = []

  @Option(
    name: .customLong("away-sd"), parsing: .unconditionalSingleValue, help: "Standard deviation of the away team's points (or a grid) (default 10).")
  var awaySD: [String] = []

  @Option(name: .customLong("sd-scale"), parsing: .unconditionalSingleValue, help: "A factor on both sds (or a grid).")
  var sdScale: [String] = []

  @Option(parsing: .unconditionalSingleValue, help: "Correlation of the two teams' points (or a grid), in [-1, 1] (default 0.5).")
  var rho: [String] = []

  @Option(
    name: .customLong("ot-rate"), parsing: .unconditionalSingleValue,
    help: "Overtime probability of the flat model (or a grid), in [0, 1] (default 0.06).")
  var otRate: [String] = []

  @Option(name: .customLong("ot-points"), parsing: .unconditionalSingleValue, help: "Mean overtime points (or a grid), in [0, 100] (default 12).")
  var otPoints: [String] = []

  @Option(parsing: .unconditionalSingleValue, help: "Skewness of each team's points (or a grid) (default 0).")
  var skew: [String] = []

  @Option(
    parsing: .unconditionalSingleValue,
    help:
      "Price of both the over and the under, decimal, American or fractional (or a grid: a list of prices, or a range of decimal odds), instead of --over-odds/--under-odds."
  )
  var price: [String] = []

  @Option(name: .customLong("over-odds"), parsing: .unconditional, help: "Price of the over, decimal or American (default 1.91).")
  var overOdds: String?

  @Option(name: .customLong("under-odds"), parsing: .unconditional, help: "Price of the under, decimal or American (default 1.91).")
  var underOdds: String?

  @Option(
    name: .customLong("offered-line"), parsing: .unconditional,
    help: "The market's line, marked on a line sweep (the line itself when it is not swept).")
  var offeredLine: Double?

  @Option(parsing: .unconditional, help: "The home team's spread (-3.5: home gives 3.5): adds cover probabilities.")
  var spread: Double?

  @Flag(help: "Add moneyline (win) probabilities.")
  var moneyline = false

  @Option(
    name: .customLong("ot-model"),
    help: ArgumentHelp("Overtime model: flat, tie or none (default flat).", valueName: ModelSetting.overtimeNames.joined(separator: "|")))
  var otModel: String?

  @Option(name: .customLong("ot-sd"), parsing: .unconditional, help: "Standard deviation of the overtime points, in [0, 50] (default 3).")
  var otSD: Double?

  @Option(name: .customLong("score-floor"), parsing: .unconditional, help: "Raise regulation scores below this to it, in [0, 400].")
  var scoreFloor: Int?

  @Flag(help: "Print CSV, one row per grid point.")
  var csv = false

  @Option(help: "Also write the picture (curves with 95% bands, or a heat map for two parameters) to this SVG file.")
  var svg: String?

  @OptionGroup(title: "Model") var modelFile: ModelFileOptions
  @OptionGroup(title: "Stakes") var kellyOptions: KellyOptions
  @OptionGroup(title: "Advice (docs/one-game.md)") var adviceOptions: AdviceOptions
  @OptionGroup(title: "Simulation") var randomOptions: RandomOptions
  @OptionGroup(title: "Output") var output: OutputOptions
  @OptionGroup(title: "Shards (docs/shards.md)") var shardOptions: ShardOptions

  /// The sweep's own names for the engine's fields.
  static let optionNames: [String: String] = [
    "line": "--line", "price": "--price", "home": "--home", "away": "--away", "shift": "--shift",
    "home_sd": "--home-sd", "away_sd": "--away-sd", "sd_scale": "--sd-scale", "rho": "--rho", "ot_rate": "--ot-rate",
    "ot_points": "--ot-points", "skew": "--skew", "spread": "--spread", "sweep": "--line",
  ]

  func validate() throws {
    if csv && output.json { throw ValidationError("--csv and --json: choose one.") }
    if let otModel { try ModelOptions.overtime(otModel) }
    if !price.isEmpty && (overOdds != nil || underOdds != nil) {
      throw ValidationError("--price sets both prices: give --price or --over-odds/--under-odds, not both.")
    }
  }

  func requireInputs() throws {
    guard !line.isEmpty, !home.isEmpty, !away.isEmpty else {
      throw ValidationError("Missing --line, --home or --away.")
    }
  }

  func run() throws {
    try requireInputs()
    try shardOptions.run(seed: randomOptions.seed) { try execute($0) }
  }

  /// The sweep: whole (no tape), one shard recorded (its share of every model simulated,
  /// nothing printed), or the parts replayed (`mcsim merge`).
  func execute(_ execution: ShardExecution) throws {
    let grids = try self.grids()
    // The base model: defaults, a config's, a model file's, then the options that are not grids.
    let config = try adviceOptions.configFile()
    var fixed: [SettingsLayer] = []
    if let otModel { fixed.append(SettingsLayer(.option("--ot-model"), model: [try ModelOptions.overtime(otModel)])) }
    if let otSD { fixed.append(SettingsLayer(.option("--ot-sd"), model: [.otSD(otSD)])) }
    if let scoreFloor { fixed.append(SettingsLayer(.option("--score-floor"), model: [.scoreFloor(scoreFloor)])) }
    // A grid of one value is an option like any other: said where it replaces a file's value.
    for (parameter, values) in SweepPricing.grids(grids).sorted(by: { $0.key.rawValue < $1.key.rawValue }) where values.count == 1 {
      if let setting = SweepPricing.fixed(parameter, values[0]) {
        fixed.append(SettingsLayer(.option("--" + parameter.rawValue.replacingOccurrences(of: "_", with: "-")), model: [setting]))
      }
    }
    let choice = try modelFile.choice(config: config)
    let run = try adviceOptions.resolving(kelly: kellyOptions) { try choice.context(options: fixed, simulations: randomOptions.sims, advice: $0) }
    let (context, policy) = (run.context, run.policy)
    var options = randomOptions.settings.options()
    options.simulations = context.simulations
    options.tape = execution.tape
    var request = SweepPricingRequest(
      base: context.model, grids: SweepPricing.grids(grids),
      overOdds: try overOdds.map { try PriceText.parse($0, option: "--over-odds").odds } ?? Defaults.price,
      underOdds: try underOdds.map { try PriceText.parse($0, option: "--under-odds").odds } ?? Defaults.price,
      offeredLine: offeredLine, spread: spread, moneyline: moneyline, options: options, exact: adviceOptions.useExact(config),
      policy: policy)
    request.name = { Self.optionNames[$0.rawValue] ?? $0.rawValue }
    request.provenance = context.provenance
    let priced = try Self.pricing { try SweepPricing.price(request) }
    guard !execution.isRecording else { return }
    try render(priced)
  }

  /// `price`, a refusal named by the option that gave the value.
  private static func pricing<T>(_ price: () throws -> T) throws -> T {
    do { return try price() } catch let error as any FieldProblem {
      if let option = Self.optionNames[error.field] {
        throw error.value.isEmpty
          ? CLIError.fail("\(option): \(error.reason)", field: option) : CLIError.option(option, error.value, error.reason)
      }
      throw CLIError.fail(error)
    }
  }

  /// Each parameter swept, its grid read from its option (a parameter swept once at most).
  private func grids() throws -> [String: [Double]] {
    let given: [(String, String, [String])] = [
      ("line", "--line", line), ("price", "--price", price), ("home", "--home", home), ("away", "--away", away),
      ("shift", "--shift", shift), ("home_sd", "--home-sd", homeSD), ("away_sd", "--away-sd", awaySD),
      ("sd_scale", "--sd-scale", sdScale), ("rho", "--rho", rho), ("ot_rate", "--ot-rate", otRate),
      ("ot_points", "--ot-points", otPoints), ("skew", "--skew", skew),
    ]
    var grids: [String: [Double]] = [:]
    for (parameter, option, texts) in given where !texts.isEmpty {
      guard texts.count == 1 else {
        throw CLIError.option(option, texts.joined(separator: " "), "given twice: a parameter can be swept only once")
      }
      grids[parameter] = try parameter == "price" ? SweepGrid.prices(option, texts[0]) : SweepGrid.parse(option, texts[0])
    }
    return grids
  }

  /// The picture (--svg) and the sweep, as JSON, CSV or the table.
  private func render(_ priced: PricedSweep) throws {
    let (sweep, provenance) = (priced.sweep, priced.provenance)
    if let svg {
      do { try Data(SweepChart(sweep).render().utf8).write(to: URL(fileURLWithPath: svg)) } catch {
        throw CLIError.runtime("--svg \(svg): cannot write the picture: \(error.localizedDescription)")
      }
    }
    if output.json {
      print(try JSONOutput.encode(SuccessEnvelope(sweep, provenance: provenance), style: output.style))
    } else if csv {
      print(SweepCSV.render(sweep), terminator: "")
    } else {
      print(SweepTable(sweep).render())
      if let line = ProvenanceText.line(provenance) { print(line) }
    }
  }
}
