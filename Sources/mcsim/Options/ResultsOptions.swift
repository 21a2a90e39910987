import ArgumentParser
import Foundation
import LineFeeds
import UseCases

/// The results file and which of its games to use, shared by `calibrate` and `backtest`.
struct ResultsOptions: ParsableArguments {
  @Argument(
    help:
      "Game results with closing lines, CSV in the format of Scenarios/nba_results_2023.csv: season, date, home, away, scores, overtime and the closing lines (a file, - for stdin, or a URL)."
  )
  var data: String

  @Option(help: "Seasons to use, FIRST:LAST or one season (e.g. 2018-19:2023-24; default all).")
  var seasons: String?

  @Option(help: "Stage to use: regular, playoffs, playin, cup_final, or all.")
  var stage: String = "regular"

  @Option(
    help: ArgumentHelp(
      "Projections: market (the closing total and spread), stats (season-to-date ppg, the agent's formula) or ratings (team ratings walked forward through the results); default market (backtest: the model file's).",
      valueName: ProjectionChoice.names.joined(separator: "|")))
  var projection: String?

  @Flag(name: .customLong("skip-bad-rows"), help: "Leave out bad rows (each reported with its line) instead of refusing the file.")
  var skipBadRows = false

  func validate() throws {
    if let seasons {
      let parts = seasons.split(separator: ":", omittingEmptySubsequences: false)
      guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty }), parts.first! <= parts.last! else {
        throw ValidationError("--seasons \(seasons): expected FIRST:LAST (e.g. 2018-19:2023-24) with FIRST <= LAST, or one season")
      }
    }
    guard !stage.isEmpty else { throw ValidationError("--stage '': give a stage or all") }
    if let projection { try CLIError.usage { _ = try ProjectionChoice.source(named: projection) } }
  }

  var seasonRange: ClosedRange<String>? {
    guard let seasons else { return nil }
    let parts = seasons.split(separator: ":").map(String.init)
    return parts.first!...parts.last!
  }

  var stageFilter: String? { stage.lowercased() == "all" ? nil : stage.lowercased() }

  /// The file read (exit 1 naming the first bad row unless --skip-bad-rows, which reports each on
  /// stderr), all its games in date order.
  func read() throws -> GameResultsFile {
    let source = InputSource(data)
    let file: GameResultsFile
    do {
      file = try GameResultsFile.decode(try source.read(), source: source.description, skipBadRows: skipBadRows)
    } catch {
      throw CLIError.badInput("\(source)", error)
    }
    for s in file.skipped { FileHandle.standardError.write(Data("warning: \(source): skipped \(s)\n".utf8)) }
    return file
  }

  /// The indices of the selected games (season range and stage). Seasons or a stage the file
  /// does not have are the option's fault (exit 64, naming what the file has); exit 1 when the
  /// two together leave no game.
  func select(_ file: GameResultsFile) throws -> [Int] {
    let games = file.games, range = seasonRange, stage = stageFilter
    let inSeasons = games.indices.filter { i in range.map { $0.contains(games[i].season) } ?? true }
    if let seasons, inSeasons.isEmpty, let first = games.first?.season, let last = games.last?.season {
      throw CLIError.option("--seasons", seasons, "no season of \(data) is in it (it has \(first) to \(last))")
    }
    if let stage, !inSeasons.contains(where: { games[$0].stage == stage }) {
      var stages: [String] = []
      for i in inSeasons where !stages.contains(games[i].stage) { stages.append(games[i].stage) }
      throw CLIError.option(
        "--stage", self.stage, "no game at this stage in the seasons chosen (they have \((stages + ["all"]).joined(separator: ", ")))")
    }
    let chosen = inSeasons.filter { i in stage.map { games[i].stage == $0 } ?? true }
    guard !chosen.isEmpty else {
      throw CLIError.fail(
        "\(data): no game in seasons \(seasons ?? "all") at stage \(stage ?? "all")", code: .failure, field: "--seasons",
        value: seasons)
    }
    return chosen
  }
}
