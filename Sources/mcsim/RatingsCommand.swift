import ArgumentParser
import Foundation
import LineFeeds
import Renderers
import ServiceContracts
import UseCases

/// `mcsim ratings`: team strength from results alone, as of a date.
struct RatingsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ratings",
    abstract: "Rate teams from game results: offense, defense and net rating as of a date (regularised least squares on LAPACK).",
    discussion: """
      Fits each team's offense and defense in points a game, a home advantage and the effect of \
      a back-to-back to the results dated before --as-of, older games fading with a half-life and \
      each team held to a prior (last season's ratings, partly carried, and the league's average). \
      The hyperparameters are a model file's (calibrate --projection ratings chooses them), else \
      the built-in ones (chosen on the shipped NBA data's seasons 2007-08 to 2017-18). Examples:
        mcsim ratings data/nba_games_lines.csv
        mcsim ratings data/nba_games_lines.csv --as-of 2024-01-15 --json
        mcsim ratings data/nba_games_lines.csv --as-of now
      """
  )

  @Argument(help: "Game results, CSV in the format of Scenarios/nba_results_2023.csv (a file, - for stdin, or a URL).")
  var data: String

  @Option(
    name: .customLong("as-of"),
    help:
      "Rate from the games dated before this day: an ISO date (2024-01-15), a date-time (its US Eastern day) or now (default: the day after the last game). A day long after the last result rates from every game and says the ratings are stale."
  )
  var asOf: String?

  @OptionGroup(title: "Model") var model: ModelFileOptions

  @Flag(name: .customLong("skip-bad-rows"), help: "Leave out bad rows (each reported with its line) instead of refusing the file.")
  var skipBadRows = false

  @OptionGroup(title: "Output") var output: OutputOptions

  func run() throws {
    // The ratings' hyperparameters of the model's ratings fit (the shipped one by default).
    if let file = try model.read(), file.documents.values.allSatisfy({ $0.projection.ratings == nil }), let path = model.modelFile {
      throw CLIError.fail(
        "--model \(path): the model has no ratings block (write one with calibrate --projection ratings)",
        code: .failure, field: "--model", value: path)
    }
    let settings = try model.choice().ratings
    let source = InputSource(data)
    let file: GameResultsFile
    do {
      file = try GameResultsFile.decode(try source.read(), source: source.description, skipBadRows: skipBadRows)
    } catch {
      throw CLIError.badInput("\(source)", error)
    }
    for s in file.skipped { FileHandle.standardError.write(Data("warning: \(source): skipped \(s)\n".utf8)) }
    let day = try asOf.map(AsOfText.scheduleDay)
    let ratings = try CLIError.reading(asOf.map { "--as-of \($0)" } ?? "\(source)") {
      try Rating.run(RatingsRequest(games: file.games, asOf: day, settings: settings))
    }
    let stale = RatingsSourceText.staleWarning(ratings)
    // The hyperparameters' model, named as every output names its model.
    var provenance = Provenance()
    provenance.model = try model.choice().resolved(for: .ratings).name
    if output.json {
      if let stale { FileHandle.standardError.write(Data("warning: \(stale)\n".utf8)) }
      print(
        try JSONOutput.encode(
          SuccessEnvelope(RatingsResponse(ratings), warnings: stale.map { [$0] } ?? [], provenance: provenance), style: output.style))
    } else {
      print(RatingsTable.render(ratings), terminator: "")
      if let line = ProvenanceText.line(provenance) { print(line) }
    }
  }
}
