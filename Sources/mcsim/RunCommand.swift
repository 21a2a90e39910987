import ArgumentParser
import Foundation
import LineFeeds
import OddsMath
import ServiceContracts
import Simulation

/// `mcsim run`: one game, one totals line.
struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Simulate one game and price its totals line.",
    discussion: """
      Prices accept decimal (1.91) or American (-110, +150) odds. Examples:
        mcsim run --line 225.5 --home 115 --away 112
        mcsim run --request Scenarios/simulate_request.json --json
      """
  )

  @Option(parsing: .unconditional, help: "The totals line (e.g. 225.5; a whole number can push).")
  var line: Double?

  @Option(parsing: .unconditional, help: "Projected points of the home team.")
  var home: Double?

  @Option(parsing: .unconditional, help: "Projected points of the away team.")
  var away: Double?

  @Option(help: "A betting-agent simulate request (JSON file, or - for stdin) instead of --line/--home/--away.")
  var request: String?

  @Option(name: .customLong("over-odds"), parsing: .unconditional, help: "Price of the over, decimal or American.")
  var overOdds: String = "1.91"

  @Option(name: .customLong("under-odds"), parsing: .unconditional, help: "Price of the under, decimal or American.")
  var underOdds: String = "1.91"

  @Flag(help: "Also run the agent's named scenarios (pace, variance, overtime, correlation, skew) at half the simulations.")
  var scenarios = false

  @Flag(help: "Also report how P(under) moves with each projection and sd (central differences of 5%).")
  var sensitivity = false

  @OptionGroup(title: "Stakes") var kellyOptions: KellyOptions
  @OptionGroup(title: "Model") var modelOptions: ModelOptions
  @OptionGroup(title: "Simulation") var randomOptions: RandomOptions
  @OptionGroup(title: "Output") var output: OutputOptions
  @OptionGroup(title: "Shards (README \"Shards\")") var shardOptions: ShardOptions

  func validate() throws {
    if request != nil {
      guard line == nil, home == nil, away == nil else {
        throw ValidationError("--request replaces --line, --home and --away; give one or the other.")
      }
    } else {
      guard line != nil, home != nil, away != nil else {
        throw ValidationError("Missing --line, --home or --away (or give --request FILE).")
      }
    }
  }

  func run() throws {
    if let (shard, source) = try shardOptions.resolved() {
      guard let seed = randomOptions.seed else {
        throw ValidationError("--shard needs --seed: every shard must draw from the same seed.")
      }
      try ShardOptions.record(shard, source: source, seed: seed, partial: shardOptions.partial!) {
        try execute(printing: false)
      }
      return
    }
    try execute(printing: true)
  }

  /// The run; a shard (`printing` false) simulates its share and prints nothing.
  func execute(printing: Bool) throws {
    let kelly = try kellyOptions.policy()
    let model: GameModel
    let market: TotalsMarket
    var options = randomOptions.options()
    var wantScenarios = scenarios, wantSensitivity = sensitivity
    if let request {
      let decoded: SimulateRequest
      do { decoded = try SimulateRequest.decode(try InputFile.read(request)) } catch {
        throw CLIError.badInput(request, error)
      }
      do { market = try decoded.market() } catch { throw CLIError.badInput(request, error) }
      model = decoded.model(base: modelOptions.model(home: decoded.homeProjection, away: decoded.awayProjection))
      do { try model.validate() } catch { throw CLIError.badInput(request, error) }
      if !randomOptions.simsGiven {
        options.simulations = decoded.nSims
        do { try options.validate() } catch { throw CLIError.badInput(request, error) }
      }
      wantScenarios = wantScenarios || decoded.includeScenarios
      wantSensitivity = wantSensitivity || decoded.includeSensitivity
    } else {
      model = modelOptions.model(home: home!, away: away!)
      let over: Odds, under: Odds
      do { over = try Odds(parsing: overOdds) } catch { throw CLIError.fail(option: "--over-odds", error) }
      do { under = try Odds(parsing: underOdds) } catch { throw CLIError.fail(option: "--under-odds", error) }
      market = TotalsMarket(line: line!, overOdds: over, underOdds: under)
    }
    let report: GameReport
    do {
      try market.validate()
      let progress = printing ? ProgressLine.forTerminal() : nil
      let start = DispatchTime.now()
      let histogram = try GameSimulator.simulate(model, options: options, progress: progress?.update)
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
      progress?.finish()
      report = GameReport(
        model: model, market: market, kelly: kelly, options: options, histogram: histogram,
        exact: ExactScoreDistribution.compute(model), elapsedSeconds: elapsed,
        scenarios: wantScenarios ? try TotalsScenarios(model: model, line: market.line, options: options) : nil,
        sensitivity: wantSensitivity ? try TotalsSensitivity(model: model, line: market.line, options: options) : nil)
    } catch {
      throw CLIError.fail(error)
    }
    guard printing else { return }
    if output.json {
      print(try JSONOutput.encode(SuccessEnvelope(report), style: output.style))
    } else {
      print(GameReportText(report).render())
    }
  }
}
