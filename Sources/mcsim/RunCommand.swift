import ArgumentParser
import Foundation
import LineFeeds
import OddsMath
import Renderers
import ServiceContracts
import Simulation
import UseCases

/// `mcsim run`: one game, one totals line.
struct RunCommand: ParsableCommand, RequiredInputs {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Simulate one game and price its totals line.",
    discussion: """
      Prices accept decimal (1.91) or American (-110, +150) odds. Examples:
        mcsim run --line 225.5 --home 115 --away 112
        mcsim run --request Scenarios/simulate_request.json --json
      """
  )

  @Option(parsing: .unconditional, help: "The totals line, in (0, 1000) (e.g. 225.5; a whole number can push).")
  var line: Double?

  @Option(parsing: .unconditional, help: "Projected points of the home team, in [0, 1000].")
  var home: Double?

  @Option(parsing: .unconditional, help: "Projected points of the away team, in [0, 1000].")
  var away: Double?

  @Option(
    help:
      "A betting-agent simulate request (a JSON file, - for stdin, or a URL) instead of --line/--home/--away; options given beside it win over its fields."
  )
  var request: String?

  @Option(name: .customLong("over-odds"), parsing: .unconditional, help: "Price of the over, decimal or American (default 1.91).")
  var overOdds: String?

  @Option(name: .customLong("under-odds"), parsing: .unconditional, help: "Price of the under, decimal or American (default 1.91).")
  var underOdds: String?

  @Flag(
    help:
      "Also run the agent's named scenarios (moves from this game's pace, variance, overtime, correlation, skew) at half the simulations, and the total given the outcome (home/away win, close, blowout, regulation/overtime)."
  )
  var scenarios = false

  @Option(
    help: "Also write the picture (the total's distribution with the exact curve and the line, the margin's, the joint heat map) to this SVG file.")
  var svg: String?

  @Flag(help: "Also report how P(under) moves with each projection and sd (central differences of 5%).")
  var sensitivity = false

  @OptionGroup(title: "Stakes") var kellyOptions: KellyOptions
  @OptionGroup(title: "Advice (docs/one-game.md)") var adviceOptions: AdviceOptions
  @OptionGroup(title: "Model") var modelOptions: ModelOptions
  @OptionGroup(title: "Model") var modelFile: ModelFileOptions
  @OptionGroup(title: "Periods (docs/periods-and-in-play.md)") var periodOptions: PeriodOptions
  @OptionGroup(title: "In play (docs/periods-and-in-play.md)") var stateOptions: StateOptions
  @OptionGroup(title: "Simulation") var randomOptions: RandomOptions
  @OptionGroup(title: "Input") var input: InputOptions
  @OptionGroup(title: "Output") var output: OutputOptions
  @OptionGroup(title: "Shards (docs/shards.md)") var shardOptions: ShardOptions

  func validate() throws {
    if request != nil, line != nil || home != nil || away != nil {
      throw ValidationError("--request replaces --line, --home and --away; give one or the other.")
    }
  }

  func requireInputs() throws {
    guard request != nil || (line != nil && home != nil && away != nil) else {
      throw ValidationError("Missing --line, --home or --away (or give --request FILE).")
    }
  }

  func run() throws {
    try requireInputs()
    try shardOptions.run(seed: randomOptions.seed) { try execute(tape: $0) }
  }

  /// The run: whole (no tape), one shard recorded (its share simulated, nothing printed), or
  /// the parts replayed (`mcsim merge`).
  func execute(tape: SimulationTape?) throws {
    let printing = !(tape?.isRecording ?? false)
    let config = try adviceOptions.configFile()
    let prices = (over: try price("--over-odds", overOdds), under: try price("--under-odds", underOdds))
    let decoded = try request.map(readRequest)
    let choice = try modelFile.choice(config: config)
    let run = try adviceOptions.resolving(kelly: kellyOptions) {
      try choice.context(
        options: modelOptions.layers, simulations: randomOptions.sims, input: decoded.map { $0.request.settings(from: $0.source) }, advice: $0)
    }
    let (context, resolved, policy) = (run.context, run.model, run.policy)
    var options = randomOptions.settings.options()
    options.simulations = context.simulations
    options.tape = tape
    let game =
      try decoded.map { try fromRequest($0.request, source: $0.source, prices, base: context.model, options: options) }
      ?? fromOptions(prices, base: context.model)
    let grade = adviceOptions.useExact(config, request: game.requestExact), report = game.requestExact ?? grade
    var job = GamePricingRequest(
      model: game.model, market: game.market, options: options, policy: policy, exact: grade, reportExact: report,
      scenarios: scenarios || game.scenarios, conditionalScenarios: scenarios, sensitivity: sensitivity || game.sensitivity,
      sensitivityExact: report, pictures: svg != nil, periodModel: resolved.periods)
    try periodOptions.apply(to: &job)
    try stateOptions.apply(to: &job)
    let priced: PricedGame
    do {
      try game.market.validate()
      let progress = printing ? ProgressLine.forTerminal() : nil
      defer { progress?.finish() }
      priced = try GamePricing.price(job, progress: progress?.update)
    } catch {
      throw CLIError.fail(error)
    }
    guard printing else { return }
    try render(priced, provenance: context.provenance)
  }

  /// One game as the run prices it: its model and market, and what its request asked.
  struct Game {
    var model: GameModel
    var market: TotalsMarket
    /// A request's include_exact, when it gives one, as the server reads it: grade on the exact
    /// probabilities and report them (the option and the config file still win for grading).
    var requestExact: Bool?
    var scenarios = false
    var sensitivity = false
  }

  /// A price option's value, read by the one rule (nil when not given).
  private func price(_ option: String, _ text: String?) throws -> Odds? {
    try text.map { try PriceText.parse($0, option: option).odds }
  }

  /// The game of --line, --home and --away, priced at the options' prices (else the default).
  private func fromOptions(_ prices: (over: Odds?, under: Odds?), base: GameModel) -> Game {
    var model = base
    model.homeMean = home!
    model.awayMean = away!
    let market = TotalsMarket(
      line: line!, overOdds: prices.over ?? TotalsMarket.defaultOdds, underOdds: prices.under ?? TotalsMarket.defaultOdds)
    return Game(model: model, market: market)
  }

  /// The request's game, the options given beside it winning over its fields with a note for
  /// each; a bad value is blamed on the option that set it, else on the request (exit 1).
  private func fromRequest(
    _ decoded: SimulateRequest, source: String, _ prices: (over: Odds?, under: Odds?), base: GameModel,
    options: SimulationOptions
  ) throws -> Game {
    let fileMarket = try CLIError.reading(source) { try decoded.market() }
    func note(_ option: String, _ flag: Any, _ field: String, _ file: Any) {
      if decoded.givenFields.contains(field) { Precedence.note(option, flag, field, file, source: source) }
    }
    let (over, under) = prices
    if over != nil { note("--over-odds", overOdds!, "over_odds", decoded.overOdds) }
    if under != nil { note("--under-odds", underOdds!, "under_odds", decoded.underOdds) }
    for given in modelOptions.given where given.field == "home_std_dev" || given.field == "away_std_dev" {
      note(given.option, given.value, given.field, given.field == "home_std_dev" ? decoded.homeStdDev : decoded.awayStdDev)
    }
    if let sims = randomOptions.sims { note("--sims", sims, "n_sims", decoded.nSims) }
    var game = Game(
      model: base, market: TotalsMarket(line: fileMarket.line, overOdds: over ?? fileMarket.overOdds, underOdds: under ?? fileMarket.underOdds),
      requestExact: decoded.givenFields.contains("include_exact") ? decoded.includeExact : nil,
      scenarios: decoded.includeScenarios, sensitivity: decoded.includeSensitivity)
    game.model.homeMean = decoded.homeProjection
    game.model.awayMean = decoded.awayProjection
    do { try game.model.validate() } catch {
      throw modelOptions.given.contains { $0.field == error.field || CLIError.optionNames[error.field] == $0.option }
        ? CLIError.fail(error) : CLIError.badInput(source, error)
    }
    if randomOptions.sims == nil { try CLIError.reading(source) { try options.validate() } }
    return game
  }

  /// The picture (--svg) and the report, as JSON or the table, with what the run stood on.
  private func render(_ priced: PricedGame, provenance: Provenance) throws {
    let report = priced.report
    if let svg, let pictures = priced.pictures {
      do { try Data(GameChart(report, pictures).render().utf8).write(to: URL(fileURLWithPath: svg)) } catch {
        throw CLIError.runtime("--svg \(svg): cannot write the picture: \(error.localizedDescription)")
      }
    }
    if output.json {
      print(try JSONOutput.encode(SuccessEnvelope(report, provenance: provenance), style: output.style))
    } else {
      print(GameReportText(report).render())
      if let line = ProvenanceText.line(provenance) { print(line) }
    }
  }

  /// The simulate request given with --request, read and checked (exit 1 naming it), with the
  /// name of where it was read from.
  func readRequest(_ argument: String) throws -> (request: SimulateRequest, source: String) {
    let source = InputSource(argument)
    let data: Data
    do { data = try source.read() } catch { throw CLIError.badInput(source.description, error) }
    let decoded: SimulateRequest
    do { decoded = try InputFile.decode(source.description) { try SimulateRequest.decode(data) } } catch {
      throw CLIError.badInput(source.description, error)
    }
    try input.report(unknown: UnknownFields.find(in: data, .simulateRequest), in: source.description)
    return (decoded, source.description)
  }
}
