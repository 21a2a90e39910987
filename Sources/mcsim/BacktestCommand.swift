import ArgumentParser
import Foundation
import LineFeeds
import Renderers
import ServiceContracts
import UseCases

/// `mcsim backtest`: the games replayed in time order, each priced from what was known before it,
/// under the seed's defaults and a fitted model side by side.
struct BacktestCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "backtest",
    abstract: "Replay games in time order and score the seed's defaults and a fitted model against the results.",
    discussion: """
      Each game is priced from its projection (the closing lines, season-to-date stats of \
      earlier dates, or team ratings fitted on earlier results) by one simulation per model, \
      answering the total, the spread and the moneyline; then Brier score and log loss beside the \
      market's (with the model pooled with the market at the model file's weights, and bootstrap \
      intervals of the difference by game, season by season), reliability by bin, pushes on whole \
      lines, and the advice policy's bets against the closing prices. Example:
        mcsim backtest data/nba_games_lines.csv --projection ratings --seasons 2018-19:2021-22 --seed 1
        mcsim calibrate data/nba_games_lines.csv --seasons 2007-08:2017-18 --projection ratings --out model.json
        mcsim backtest data/nba_games_lines.csv --model model.json --seasons 2018-19:2021-22 --seed 1
      """
  )

  @OptionGroup(title: "Data") var results: ResultsOptions

  @Option(
    help:
      "The fitted model (a file written by calibrate --out). Default: walk-forward, the model fitted as calibrate fits it on the seasons before the first one replayed (never on or after it)."
  )
  var model: String?

  @Option(help: "Also write the reliability diagram (both models, three markets) to this SVG file.")
  var svg: String?

  @OptionGroup(title: "Simulation") var randomOptions: RandomOptions
  @OptionGroup(title: "Output") var output: OutputOptions

  func run() throws {
    let start = Date()
    let file = try results.read()
    // The seasons and stage are the options' to answer for, not the model file's.
    let chosen = try results.select(file)
    let options = randomOptions.settings.options()
    let (document, walkForward) = try model.map { (try self.document(of: $0), nil) } ?? fitBefore(file, chosen: chosen, seed: options.seed)
    let projection = try CLIError.usage { try ProjectionChoice.source(named: results.projection, else: document.projection.source) }
    let progress = output.json ? nil : ProgressLine.forTerminal()
    var result: BacktestResult
    do {
      result = try Backtesting.run(
        BacktestRequest(
          games: file.games, chosen: chosen, projection: projection,
          model: document.calibrated, fittedOn: document.projection.source, fittedSeasons: document.fit?.seasons,
          ratings: document.projection.ratings?.settings ?? .defaults,
          pooling: document.projection.pooling?.weights, options: options),
        progress: progress?.update)
    } catch {
      throw model.map { CLIError.badInput("--model \($0)", error) } ?? CLIError.badInput("--projection", error)
    }
    progress?.finish()
    if let walkForward { result.notes.insert(walkForward, at: 0) }
    let response = BacktestResponse(
      seedDefaults: .init(model: ModelDocument(.seedDefaults, source: projection), score: result.seedDefaults),
      fitted: .init(model: document, score: result.fitted, replayed: projection), games: result.games.count, seasons: result.seasons,
      stage: results.stageFilter, projection: projection,
      simulations: options.simulations, seed: options.seed, notes: result.notes,
      elapsedMS: Date().timeIntervalSince(start) * 1000)
    try render(response)
  }

  /// The model file's model for the projection replayed (its own when none is named).
  private func document(of model: String) throws -> ModelDocument {
    let file = try CLIError.reading("--model \(model)") { try ModelFile.read(model) }
    return try results.projection.map { name in file.document(for: try CLIError.usage { try ProjectionChoice.source(named: name) }) }
      ?? file.document
  }

  /// The model fitted walk-forward on the seasons before the first chosen, and the note saying so.
  private func fitBefore(_ file: GameResultsFile, chosen: [Int], seed: UInt64) throws -> (ModelDocument, String?) {
    let fitted = try CLIError.reading("--projection") {
      try Backtesting.fitBefore(
        file.games, chosen: chosen, stage: results.stageFilter,
        projection: ProjectionChoice.source(named: results.projection, else: .market), options: randomOptions.settings.options(seed: seed))
    }
    guard let fitted else {
      throw CLIError.fail(
        "\(file.source): no season before \(file.games[chosen[0]].season) to fit the model on (walk-forward); give --seasons with earlier ones in the file, or --model FILE",
        code: .failure, field: "--seasons", value: results.seasons)
    }
    let document = ModelDocument(fitted, data: URL(fileURLWithPath: file.source).lastPathComponent, stage: results.stageFilter)
    return (document, Backtesting.walkForwardNote(fitted.fit))
  }

  /// The reliability picture (--svg) and the answer, as JSON or the table.
  private func render(_ response: BacktestResponse) throws {
    if let svg {
      do {
        try Data(ReliabilityChart.render(response).utf8).write(to: URL(fileURLWithPath: svg))
      } catch {
        throw CLIError.fail("--svg \(svg): \(error.localizedDescription)", code: .failure, field: "--svg", value: svg)
      }
    }
    if output.json {
      print(try ContractJSON.string(response, style: output.style))
    } else {
      print(BacktestTable.render(response), terminator: "")
    }
  }
}
