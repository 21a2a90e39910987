import ArgumentParser
import FantasyTrade
import Foundation
import ServiceContracts

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
      return try ContractJSON.decoder().decode(type, from: data)
    } catch let error as DecodingError {
      throw TradeFileError(path: path, message: TradeInputError(error).description)
    }
  }

  private func encode<T: Encodable>(_ value: T) throws -> String {
    try JSONOutput.encode(value)
  }
}

/// An input file that cannot be read or decoded, named with the field at fault.
struct TradeFileError: Error, CustomStringConvertible {
  var path: String
  var message: String
  var description: String { "\(path): \(message)" }
}

/// The readable tables of `mcsim trade`.
enum TradeTable {
  static func render(_ r: TradeReport) -> String {
    let o = r.original
    var lines = [
      "Trade score \(f1(o.tradeScore)): \(o.verdict). \(o.recommendation).",
      "",
      pad("", 22) + pad("in", 12, right: true) + pad("out", 12, right: true),
      row("projected scores", o.projectedScores.playerIn.map(f0).joined(separator: " "),
        o.projectedScores.playerOut.map(f0).joined(separator: " "), wide: true),
      row("price after 5 rounds", money(o.projectedPrices.playerIn.last), money(o.projectedPrices.playerOut.last)),
      "",
      "scoring_score \(f1(o.scoringScore))   cash_score \(f0(o.cashScore))   overall_score \(f1(o.overallScore))"
        + "   weights \(f1(o.scoreBreakdown.scoringWeight))% points / \(f1(o.scoreBreakdown.cashWeight))% cash",
    ]
    if let s = r.simulation {
      lines += [
        "",
        "Simulated \(s.nSimulations) draws (seed \(s.seed); score_sd in \(f1(s.scoreSD.playerIn)), out \(f1(s.scoreSD.playerOut)))",
        pad("", 16) + ["mean", "sd", "p5", "p25", "p50", "p75", "p95"].map { pad($0, 10, right: true) }.joined(),
        distribution("trade_score", s.tradeScore),
        distribution("overall_score", s.overallScore),
        distribution("points gained", s.pointsGained),
        distribution("cash gained", s.cashGained, digits: 0),
        "",
        "confidence (trade beats keeping) \(f3(s.confidence)) +- \(f3(s.confidenceSE))",
      ]
    }
    let f = r.factors
    lines += [
      "score \(f1(r.score))   form \(f3(f.formFactor))   price \(f3(f.priceFactor))   fixture \(f3(f.fixtureFactor))"
        + "   ownership \(f3(f.ownershipFactor))   injury_risk \(f3(f.injuryRisk))",
      "",
    ]
    lines += o.explanations.map { "- " + $0 }
    return lines.joined(separator: "\n")
  }

  static func render(_ r: TradeSearchResult) -> String {
    var lines = [
      "\(r.nCandidates) legal trades of \(r.nSquad) squad players for \(r.nPool) pool players, budget \(money(r.budget)), "
        + "round \(r.context.roundNumber); "
        + (r.nSimulations.map { "\($0) draws, seed \(r.seed ?? 0)" } ?? "deterministic"),
      "",
      pad("#", 4) + pad("in", 22) + pad("out", 22) + pad("cost", 11, right: true) + pad("gain", 9, right: true)
        + pad("points", 9, right: true) + pad("cash", 10, right: true) + pad("conf", 7, right: true)
        + pad("score", 7, right: true) + "  verdict",
    ]
    for t in r.trades {
      lines.append(
        pad("\(t.rank)", 4) + pad(t.playerIn.name, 22) + pad(t.playerOut.name, 22) + pad(money(t.netCost), 11, right: true)
          + pad(f1(t.expectedGain), 9, right: true) + pad(f1(t.expectedPointsGained), 9, right: true)
          + pad(money(t.expectedCashGained), 10, right: true) + pad(f3(t.confidence), 7, right: true)
          + pad(f1(t.score), 7, right: true) + "  " + t.verdict)
    }
    if !r.skipped.isEmpty { lines += ["", "\(r.skipped.count) players skipped (listed on stderr)"] }
    return lines.joined(separator: "\n")
  }

  private static func distribution(_ name: String, _ d: OutcomeDistribution, digits: Int = 1) -> String {
    let p = d.percentiles
    let format = "%.\(digits)f"
    return pad(name, 16)
      + [d.mean, d.sd, p.p5, p.p25, p.p50, p.p75, p.p95].map { pad(String(format: format, $0), 10, right: true) }.joined()
  }

  private static func row(_ name: String, _ a: String, _ b: String, wide: Bool = false) -> String {
    wide ? pad(name, 22) + "in " + a + "   out " + b : pad(name, 22) + pad(a, 12, right: true) + pad(b, 12, right: true)
  }

  private static func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
    let cut = String(s.prefix(width - 1))
    let fill = String(repeating: " ", count: max(0, width - cut.count))
    return right ? fill + cut : cut + fill
  }

  private static func money(_ x: Double?) -> String {
    guard let x else { return "-" }
    return (x < 0 ? "-$" : "$") + Int(abs(x).rounded()).formatted(.number.grouping(.automatic))
  }

  private static func f0(_ x: Double) -> String { String(format: "%.0f", x) }
  private static func f1(_ x: Double) -> String { String(format: "%.1f", x) }
  private static func f3(_ x: Double) -> String { String(format: "%.3f", x) }
}
