import ArgumentParser
import FantasyTrade
import Foundation
import LineFeeds
import Renderers
import ServiceContracts

/// `mcsim trade`: one trade from the original service's request file, or every legal trade of a
/// squad against a pool. Parsing and rendering only; the numbers come from FantasyTrade.
struct TradeCommand: ParsableCommand, RequiredInputs {
  static let configuration = CommandConfiguration(
    commandName: "trade",
    abstract: "Scores AFL fantasy trades, with the probability that each one pays off.",
    discussion: """
      One trade: mcsim trade REQUEST.json
      Every legal trade of a squad: mcsim trade --squad SQUAD.json --pool PLAYERS.json
      """)

  @Argument(help: "A trade request with player_in, player_out, round_number, team_value and league_avg_value: a file, - for stdin, or a URL.")
  var request: String?

  @Option(help: "A squad (a file, - or a URL): a list of players or pool ids, or the iOS request object with current_team.")
  var squad: String?

  @Option(help: "Players (a file, - or a URL) in the client's AFL player shape, to trade in from.")
  var pool: String?

  @Option(parsing: .unconditional, help: "Dollars available on top of the outgoing player's price (default: the squad file's budget, else 0).")
  var budget: Double?

  @Option(parsing: .unconditional, help: "How many of the best trades to list.")
  var top: Int = 10

  @Option(name: .customLong("round"), parsing: .unconditional, help: "The round of the season (default: the squad file's, else 13).")
  var roundNumber: Int?

  @Option(parsing: .unconditional, help: "Your team value in dollars (default: the squad file's, else 15800000).")
  var teamValue: Double?

  @Option(parsing: .unconditional, help: "The league's average team value in dollars (default: the squad file's, else 15200000).")
  var leagueAvgValue: Double?

  @Option(name: .customLong("player-in"), help: "Only trades bringing in this pool player id.")
  var playerIn: String?

  @Option(name: .customLong("player-out"), help: "Only trades sending out this squad player id.")
  var playerOut: String?

  @Flag(help: "Apply the original formula to the projections only, without simulation.")
  var deterministic = false

  @OptionGroup(title: "Simulation") var randomOptions: RandomOptions
  @OptionGroup(title: "Input") var input: InputOptions
  @OptionGroup(title: "Output") var output: OutputOptions

  func validate() throws {
    if request != nil && (playerIn != nil || playerOut != nil || budget != nil) {
      throw ValidationError("--player-in, --player-out and --budget apply to --squad and --pool only.")
    }
    guard top >= 1 else { throw ValidationError("--top \(top): must be at least 1.") }
    if let budget, !(budget.isFinite && budget >= 0) { throw ValidationError("--budget \(budget): must be 0 or more dollars.") }
    if let roundNumber, roundNumber < 1 { throw ValidationError("--round \(roundNumber): must be at least 1.") }
    for (option, value) in [("--team-value", teamValue), ("--league-avg-value", leagueAvgValue)] {
      if let value, !(value.isFinite && value > 0) { throw ValidationError("\(option) \(value): must be a positive number of dollars.") }
    }
    if [request, squad, pool].filter({ $0 == "-" }).count > 1 {
      throw ValidationError("Only one input can be read from stdin.")
    }
  }

  func requireInputs() throws {
    if request != nil && (squad != nil || pool != nil) {
      throw ValidationError("Give either a request file or --squad and --pool, not both.")
    }
    if request == nil && !(squad != nil && pool != nil) {
      throw ValidationError("Give a request file, or both --squad and --pool.")
    }
  }

  func run() throws {
    try requireInputs()
    let settings = deterministic
      ? nil
      : SimulationSettings(
        simulations: randomOptions.sims ?? SimulationSettings.defaultSimulations, seed: randomOptions.seed,
        threads: randomOptions.threads)
    let json = output.json
    if let request {
      var decoded = try read(TradeRequest.self, from: request, .tradeRequest)
      // The options win over the file's values, with a note saying so.
      let source = InputSource(request).description
      decoded.roundNumber = Precedence.resolve(
        "--round", roundNumber, "round_number", decoded.roundNumber, source: source)
      decoded.teamValue = Precedence.resolve("--team-value", teamValue, "team_value", decoded.teamValue, source: source)
      decoded.leagueAvgValue = Precedence.resolve(
        "--league-avg-value", leagueAvgValue, "league_avg_value", decoded.leagueAvgValue, source: source)
      let trade: Trade
      do { trade = try decoded.validated() } catch { throw CLIError.badInput(source, error) }
      let report: TradeReport
      if let settings {
        let progress = ElapsedLine.forTerminal("simulating \(settings.simulations) draws")
        defer { progress?.finish() }
        report = try TradeReport.simulated(trade, settings: settings)
      } else {
        report = TradeReport.deterministic(trade)
      }
      print(json ? try encode(report) : TradeTable.render(report))
    } else if let squad, let pool {
      let squadFile = try read(SquadFile.self, from: squad, .squad)
      let poolFile = try read(PoolFile.self, from: pool, .pool)
      let source = InputSource(squad).description
      let defaults = TradeContext.original
      let options = TradeSearch.Options(
        budget: Precedence.resolve("--budget", budget, "budget", squadFile.budget, source: source) ?? 0,
        context: TradeContext(
          roundNumber: Precedence.resolve("--round", roundNumber, "round_number", squadFile.roundNumber, source: source)
            ?? defaults.roundNumber,
          teamValue: Precedence.resolve("--team-value", teamValue, "team_value", squadFile.teamValue, source: source)
            ?? defaults.teamValue,
          leagueAvgValue: Precedence.resolve(
            "--league-avg-value", leagueAvgValue, "league_avg_value", squadFile.leagueAvgValue, source: source)
            ?? defaults.leagueAvgValue),
        top: top,
        playerInID: Precedence.resolve("--player-in", playerIn.map { PlayerID($0) }, "player_in_id", squadFile.playerInID, source: source),
        playerOutID: Precedence.resolve("--player-out", playerOut.map { PlayerID($0) }, "player_out_id", squadFile.playerOutID, source: source))
      let rosters = Rosters(squad: squadFile.currentTeam, pool: poolFile.players)
      let progress = settings.flatMap { ElapsedLine.forTerminal("simulating \($0.simulations) draws of each trade") }
      let result: TradeSearchResult
      do {
        defer { progress?.finish() }
        result = try TradeSearch(rosters: rosters, options: options).run(settings: settings)
      }
      print(json ? try encode(result) : TradeTable.render(result))
      for skipped in result.skipped where !json {
        FileHandle.standardError.write(Data("skipped \(skipped.description)\n".utf8))
      }
    }
  }

  /// Reads and decodes an input (a file, - for stdin, or a URL), reporting unknown fields.
  private func read<T: Decodable>(_ type: T.Type, from argument: String, _ schema: FieldSchema) throws -> T {
    let source = InputSource(argument)
    let data: Data
    do { data = try source.read() } catch { throw CLIError.badInput(source.description, error) }
    let value: T
    do { value = try InputDecodingError.decode(type, from: data) } catch {
      throw CLIError.badInput(source.description, error)
    }
    try input.report(unknown: UnknownFields.find(in: data, schema), in: source.description)
    return value
  }

  private func encode<T: Encodable>(_ value: T) throws -> String {
    try JSONOutput.encode(value, style: output.style)
  }
}
