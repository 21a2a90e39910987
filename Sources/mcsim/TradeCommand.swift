import ArgumentParser
import FantasyTrade
import Foundation

/// `mcsim trade`: one trade from the original service's request file, or every legal trade of a
/// squad against a pool. Parsing and rendering only; the numbers come from FantasyTrade.
struct TradeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "trade",
    abstract: "Scores AFL fantasy trades, with the probability that each one pays off.",
    discussion: """
      One trade: mcsim trade REQUEST.json
      Every legal trade of a squad: mcsim trade --squad SQUAD.json --pool PLAYERS.json
      """)

  @Argument(help: "A trade request file with player_in, player_out, round_number, team_value and league_avg_value.")
  var request: String?

  @Option(help: "A squad file: a list of players or pool ids, or the iOS request object with current_team.")
  var squad: String?

  @Option(help: "A players file in the client's AFL player shape, to trade in from.")
  var pool: String?

  @Option(help: "Dollars available on top of the outgoing player's price (default: the squad file's budget, else 0).")
  var budget: Double?

  @Option(help: "How many of the best trades to list.")
  var top: Int = 10

  @Option(name: .customLong("round"), help: "The round of the season (default: the squad file's, else 13).")
  var roundNumber: Int?

  @Option(help: "Your team value in dollars (default: the squad file's, else 15800000).")
  var teamValue: Double?

  @Option(help: "The league's average team value in dollars (default: the squad file's, else 15200000).")
  var leagueAvgValue: Double?

  @Option(name: .customLong("in"), help: "Only trades bringing in this pool player id.")
  var playerIn: String?

  @Option(name: .customLong("out"), help: "Only trades sending out this squad player id.")
  var playerOut: String?

  @Flag(help: "Apply the original formula to the projections only, without simulation.")
  var deterministic = false

  @Option(help: "Number of simulated draws of the coming rounds.")
  var sims: Int = SimulationSettings.defaultSimulations

  @Option(help: "Seed of the random streams; a fresh one is drawn and reported when absent.")
  var seed: UInt64?

  @Option(help: "Number of worker threads; the results do not depend on it.")
  var threads: Int = ProcessInfo.processInfo.activeProcessorCount

  @Flag(help: "Print JSON for machines instead of a table.")
  var json = false

  func validate() throws {
    let batch = squad != nil || pool != nil
    if request != nil && batch {
      throw ValidationError("Give either a request file or --squad and --pool, not both.")
    }
    if request == nil && !(squad != nil && pool != nil) {
      throw ValidationError("Give a request file, or both --squad and --pool.")
    }
    if request != nil && (playerIn != nil || playerOut != nil || budget != nil) {
      throw ValidationError("--in, --out and --budget apply to --squad and --pool only.")
    }
    guard sims >= 1 else { throw ValidationError("--sims must be at least 1.") }
    guard threads >= 1 else { throw ValidationError("--threads must be at least 1.") }
    guard top >= 1 else { throw ValidationError("--top must be at least 1.") }
  }

  func run() throws {
    let settings = deterministic ? nil : SimulationSettings(simulations: sims, seed: seed, threads: threads)
    if let request {
      let trade = try read(TradeRequest.self, from: request).validated()
      let report: TradeReport
      if let settings {
        report = try TradeReport.simulated(trade, settings: settings)
      } else {
        report = TradeReport.deterministic(trade)
      }
      print(json ? try encode(report) : TradeTable.render(report))
    } else if let squad, let pool {
      let squadFile = try read(SquadFile.self, from: squad)
      let poolFile = try read(PoolFile.self, from: pool)
      let defaults = TradeContext.original
      let options = TradeSearch.Options(
        budget: budget ?? squadFile.budget ?? 0,
        context: TradeContext(
          roundNumber: roundNumber ?? squadFile.roundNumber ?? defaults.roundNumber,
          teamValue: teamValue ?? squadFile.teamValue ?? defaults.teamValue,
          leagueAvgValue: leagueAvgValue ?? squadFile.leagueAvgValue ?? defaults.leagueAvgValue),
        top: top, playerInID: playerIn.map { PlayerID($0) } ?? squadFile.playerInID,
        playerOutID: playerOut.map { PlayerID($0) } ?? squadFile.playerOutID)
      let rosters = Rosters(squad: squadFile.currentTeam, pool: poolFile.players)
      let result = try TradeSearch(rosters: rosters, options: options).run(settings: settings)
      print(json ? try encode(result) : TradeTable.render(result))
      for skipped in result.skipped where !json {
        FileHandle.standardError.write(Data("skipped \(skipped.description)\n".utf8))
      }
    }
  }

  private func read<T: Decodable>(_ type: T.Type, from path: String) throws -> T {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw TradeFileError(path: path, message: "cannot read the file")
    }
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch let error as DecodingError {
      throw TradeFileError(path: path, message: TradeInputError(error).description)
    }
  }

  private func encode<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }
}

/// An input file that cannot be read or decoded, named with the field at fault.
struct TradeFileError: Error, CustomStringConvertible {
  var path: String
  var message: String
  var description: String { "\(path): \(message)" }
}
