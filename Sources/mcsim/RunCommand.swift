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

  @Option(help: "A betting-agent simulate request (a JSON file, - for stdin, or a URL) instead of --line/--home/--away; options given beside it win over its fields.")
  var request: String?

  @Option(name: .customLong("over-odds"), parsing: .unconditional, help: "Price of the over, decimal or American (default 1.91).")
  var overOdds: String?

  @Option(name: .customLong("under-odds"), parsing: .unconditional, help: "Price of the under, decimal or American (default 1.91).")
  var underOdds: String?

  @Flag(help: "Also run the agent's named scenarios (moves from this game's pace, variance, overtime, correlation, skew) at half the simulations, and the total given the outcome (home/away win, close, blowout, regulation/overtime).")
  var scenarios = false

  @Option(help: "Also write the picture (the total's distribution with the exact curve and the line, the margin's, the joint heat map) to this SVG file.")
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
    var wantScenarios = scenarios, wantSensitivity = sensitivity
    // A request's include_exact, when it gives one, as the server reads it: grade on the exact
    // probabilities and report them (the option and the config file still win for grading).
    var requestExact: Bool? = nil
    func price(_ option: String, _ text: String?) throws -> Odds? {
      guard let text else { return nil }
      return try PriceText.parse(text, option: option)
    }
    let overFlag = try price("--over-odds", overOdds), underFlag = try price("--under-odds", underOdds)
    let decoded = try request.map(readRequest)
    let (context, _, resolved) = try modelFile.context(
      config: config, options: modelOptions.layers, random: randomOptions, input: decoded.map { $0.request.settings(from: $0.source) })
    let policy = try adviceOptions.policy(kelly: kellyOptions, config: config, pooling: resolved.pooling)
    var options = randomOptions.options()
    options.simulations = context.simulations
    options.tape = tape
    var model = context.model
    let market: TotalsMarket
    if let (decoded, source) = decoded {
      let fileMarket: TotalsMarket
      do { fileMarket = try decoded.market() } catch { throw CLIError.badInput(source, error) }
      // The options given beside the request win over its fields, with a note for each.
      func note(_ option: String, _ flag: Any, _ field: String, _ file: Any) {
        if decoded.givenFields.contains(field) { Precedence.note(option, flag, field, file, source: source) }
      }
      if overFlag != nil { note("--over-odds", overOdds!, "over_odds", decoded.overOdds) }
      if underFlag != nil { note("--under-odds", underOdds!, "under_odds", decoded.underOdds) }
      market = TotalsMarket(
        line: fileMarket.line, overOdds: overFlag ?? fileMarket.overOdds, underOdds: underFlag ?? fileMarket.underOdds)
      for given in modelOptions.given where given.field == "home_std_dev" || given.field == "away_std_dev" {
        note(given.option, given.value, given.field, given.field == "home_std_dev" ? decoded.homeStdDev : decoded.awayStdDev)
      }
      if let sims = randomOptions.sims { note("--sims", sims, "n_sims", decoded.nSims) }
      model.homeMean = decoded.homeProjection
      model.awayMean = decoded.awayProjection
      do { try model.validate() } catch {
        throw modelOptions.given.contains { $0.field == error.field || CLIError.optionNames[error.field] == $0.option }
          ? CLIError.fail(error) : CLIError.badInput(source, error)
      }
      if randomOptions.sims == nil {
        do { try options.validate() } catch { throw CLIError.badInput(source, error) }
      }
      if decoded.givenFields.contains("include_exact") { requestExact = decoded.includeExact }
      wantScenarios = wantScenarios || decoded.includeScenarios
      wantSensitivity = wantSensitivity || decoded.includeSensitivity
    } else {
      model.homeMean = home!
      model.awayMean = away!
      market = TotalsMarket(
        line: line!, overOdds: overFlag ?? TotalsMarket.defaultOdds, underOdds: underFlag ?? TotalsMarket.defaultOdds)
    }
    let periodQuotes = periodOptions.quotes()
    let state = try stateOptions.state()
    let priced: PricedGame
    do {
      try market.validate()
      let progress = printing ? ProgressLine.forTerminal() : nil
      let grade = adviceOptions.useExact(config, request: requestExact), report = requestExact ?? grade
      var job = GamePricingRequest(
        model: model, market: market, options: options, policy: policy, exact: grade, reportExact: report,
        scenarios: wantScenarios, conditionalScenarios: scenarios, sensitivity: wantSensitivity,
        sensitivityExact: report, pictures: svg != nil, periods: periodQuotes, periodModel: resolved.periods)
      job.state = state
      priced = try GamePricing.price(job, progress: progress?.update)
      progress?.finish()
    } catch {
      throw CLIError.fail(error)
    }
    let report = priced.report
    guard printing else { return }
    if let svg, let pictures = priced.pictures {
      do { try Data(GameChart(report, pictures).render().utf8).write(to: URL(fileURLWithPath: svg)) } catch {
        throw CLIError.runtime("--svg \(svg): cannot write the picture: \(error.localizedDescription)")
      }
    }
    if output.json {
      print(try JSONOutput.encode(SuccessEnvelope(report, provenance: context.provenance), style: output.style))
    } else {
      print(GameReportText(report).render())
      if let line = ProvenanceText.line(context.provenance) { print(line) }
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
