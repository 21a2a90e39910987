import ArgumentParser
import Foundation
import LineFeeds
import Renderers
import ServiceContracts
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
    try shardOptions.run(seed: randomOptions.seed) { try execute($0) }
  }

  /// The run: whole (no tape), one shard recorded (its share simulated, nothing printed), or
  /// the parts replayed (`mcsim merge`).
  func execute(_ execution: ShardExecution) throws {
    let config = try adviceOptions.configFile()
    let decoded = try request.map(readRequest)
    let choice = try modelFile.choice(config: config)
    let run = try adviceOptions.resolving(kelly: kellyOptions) {
      try choice.context(
        options: modelOptions.layers, simulations: randomOptions.sims, input: decoded.map { $0.request.settings(from: $0.source) }, advice: $0)
    }
    var job = try game(decoded, run: run, execution: execution)
    // A request's include_exact, as the server reads it: grade on the exact probabilities and
    // report them (the option and the config file still win for grading).
    let asked = decoded?.request.exactAsked, grade = adviceOptions.useExact(config, request: asked)
    (job.policy, job.exact, job.reportExact, job.sensitivityExact) = (run.policy, grade, asked ?? grade, asked ?? grade)
    (job.scenarios, job.conditionalScenarios) = (scenarios || job.scenarios, scenarios)
    (job.sensitivity, job.pictures, job.periodModel) = (sensitivity || job.sensitivity, svg != nil, run.model.periods)
    try periodOptions.apply(to: &job)
    try stateOptions.apply(to: &job)
    let priced: PricedGame
    do {
      try job.market.validate()
      let progress = execution.isRecording ? nil : ProgressLine.forTerminal()
      defer { progress?.finish() }
      priced = try GamePricing.price(job, progress: progress?.update)
    } catch {
      throw CLIError.fail(error)
    }
    guard !execution.isRecording else { return }
    try render(priced, provenance: run.context.provenance)
  }

  /// The game priced: the request's, the options given beside it winning over its fields with a
  /// note for each, or that of --line, --home and --away at the options' prices (else the
  /// default); on the run's model, simulated as the run's options and `execution` say.
  private func game(_ decoded: (request: SimulateRequest, source: String)?, run: ResolvedRun, execution: ShardExecution) throws
    -> GamePricingRequest
  {
    var options = randomOptions.settings.options(simulations: run.context.simulations)
    options.tape = execution.tape
    let over = try overOdds.map { try PriceText.parse($0, option: "--over-odds").odds }
    let under = try underOdds.map { try PriceText.parse($0, option: "--under-odds").odds }
    guard let (request, source) = decoded else {
      return GamePricingRequest(
        game: run.context.model, home: home!, away: away!, line: line!, overOdds: over, underOdds: under, options: options)
    }
    let job = try CLIError.reading(source) { try request.pricing(base: run.context.model, overOdds: over, underOdds: under, options: options) }
    noteOverrides(request, source: source)
    do { try job.model.validate() } catch {
      throw modelOptions.given.contains { $0.field == error.field || CLIError.optionNames[error.field] == $0.option }
        ? CLIError.fail(error) : CLIError.badInput(source, error)
    }
    if randomOptions.sims == nil { try CLIError.reading(source) { try job.options.validate() } }
    return job
  }

  /// A note for each option given beside the request that replaces one of its fields.
  private func noteOverrides(_ request: SimulateRequest, source: String) {
    func note(_ option: String, _ flag: Any, _ field: String, _ file: Any) {
      if request.givenFields.contains(field) { Precedence.note(option, flag, field, file, source: source) }
    }
    if let overOdds { note("--over-odds", overOdds, "over_odds", request.overOdds) }
    if let underOdds { note("--under-odds", underOdds, "under_odds", request.underOdds) }
    for given in modelOptions.given where given.field == "home_std_dev" || given.field == "away_std_dev" {
      note(given.option, given.value, given.field, given.field == "home_std_dev" ? request.homeStdDev : request.awayStdDev)
    }
    if let sims = randomOptions.sims { note("--sims", sims, "n_sims", request.nSims) }
    if !periodOptions.periods.isEmpty {
      note("--period", periodOptions.periods.joined(separator: ","), "period_lines", request.periods.map(\.period.rawValue).joined(separator: ","))
    }
    if let quarter = stateOptions.period, let state = request.state {
      note("--quarter", quarter, "state", "period \(state.period)")
    }
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
