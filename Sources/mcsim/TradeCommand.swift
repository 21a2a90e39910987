import ArgumentParser
import Foundation
import LineFeeds
import Renderers
import ServiceContracts
import UseCases

/// `mcsim trade`: one trade from the original service's request file, or every legal trade of a
/// squad against a pool. Parsing and rendering only; the job is TradeScoring's.
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
    let scoring = TradeScoring(
      simulations: randomOptions.sims, seed: randomOptions.seed, threads: randomOptions.threads,
      deterministic: deterministic)
    if let request {
      try scoreOne(request, scoring)
    } else if let squad, let pool {
      try search(squad: squad, pool: pool, scoring)
    }
  }

  /// One trade from a request file, the options over the file's values (with a note).
  private func scoreOne(_ request: String, _ scoring: TradeScoring) throws {
    var decoded = try read(TradeRequest.self, from: request, .tradeRequest)
    let source = InputSource(request).description
    decoded.roundNumber = Precedence.resolve("--round", roundNumber, "round_number", decoded.roundNumber, source: source)
    decoded.teamValue = Precedence.resolve("--team-value", teamValue, "team_value", decoded.teamValue, source: source)
    decoded.leagueAvgValue = Precedence.resolve(
      "--league-avg-value", leagueAvgValue, "league_avg_value", decoded.leagueAvgValue, source: source)
    // Every bad field at once, as the server names them.
    let problems = decoded.problems()
    if let first = problems.first {
      throw CLIError.fail(
        "\(source): " + problems.map(\.description).joined(separator: "; "), code: .failure, field: first.field, value: first.value)
    }
    let trade = try CLIError.reading(source) { try decoded.validated() }
    let report = try ElapsedLine.during(scoring.cost > 0 ? "simulating \(scoring.cost) draws" : nil) {
      try scoring.score(trade)
    }
    print(output.json ? try encode(report) : TradeTable.render(report))
  }

  /// Every legal trade of a squad against a pool, the options over the squad file's values.
  private func search(squad: String, pool: String, _ scoring: TradeScoring) throws {
    let squadFile = try read(SquadFile.self, from: squad, .squad)
    let poolFile = try read(PoolFile.self, from: pool, .pool)
    let source = InputSource(squad).description
    func resolve<T: Equatable>(_ option: String, _ flag: T?, _ field: String, _ file: T?) -> T? {
      Precedence.resolve(option, flag, field, file, source: source)
    }
    let terms = TradeScoring.Terms(
      budget: resolve("--budget", budget, "budget", squadFile.budget),
      roundNumber: resolve("--round", roundNumber, "round_number", squadFile.roundNumber),
      teamValue: resolve("--team-value", teamValue, "team_value", squadFile.teamValue),
      leagueAvgValue: resolve("--league-avg-value", leagueAvgValue, "league_avg_value", squadFile.leagueAvgValue),
      playerIn: resolve("--player-in", playerIn, "player_in_id", squadFile.playerInID?.text),
      playerOut: resolve("--player-out", playerOut, "player_out_id", squadFile.playerOutID?.text), top: top)
    let search = try TradeScoring.search(squad: squadFile.currentTeam, pool: poolFile.players, terms: terms)
    let result = try ElapsedLine.during(scoring.cost > 0 ? "simulating \(scoring.cost) draws of each trade" : nil) {
      try scoring.run(search)
    }
    print(output.json ? try encode(result) : TradeTable.render(result))
    for skipped in result.skipped where !output.json {
      FileHandle.standardError.write(Data("skipped \(skipped.description)\n".utf8))
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
