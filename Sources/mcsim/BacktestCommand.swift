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
      In play (--at, with --periods): each game priced at the end of a quarter from its score on \
      the quarter model, beside Stern's Brownian motion and, at half time, the half-time market:
        mcsim backtest data/nba_games_lines.csv --periods data/nba_periods.csv --at q1 --at half --at q3 --seasons 2014-15:2017-18
      """
  )

  @OptionGroup(title: "Data") var results: ResultsOptions

  @Option(
    help:
      "The fitted model (a file written by calibrate --out). Default: walk-forward, the model fitted as calibrate fits it on the seasons before the first one replayed (never on or after it)."
  )
  var model: String?

  @Option(help: "Also write the reliability diagram (both models, three markets; in play, each checkpoint's home win) to this SVG file.")
  var svg: String?

  @Option(
    help: ArgumentHelp(
      "Replay the games in play instead, at the end of this quarter: q1, half or q3 (repeat for several); needs --periods.",
      valueName: "checkpoint"))
  var at: [String] = []

  @Option(
    help:
      "With --at: quarter scores of the same games (CSV in the format of data/nba_periods.csv): the checkpoints' scores, the half-time market's lines, and the walk-forward quarter model's fit."
  )
  var periods: String?

  func validate() throws {
    for name in at { try CLIError.usage { _ = try Backtesting.checkpoint(named: name) } }
    if !at.isEmpty && periods == nil { throw ValidationError("--at needs --periods (the games' quarter scores)") }
    if at.isEmpty, let periods { throw ValidationError("--periods \(periods) goes with --at (an in-play replay)") }
  }

  @OptionGroup(title: "Simulation") var randomOptions: RandomOptions
  @OptionGroup(title: "Output") var output: OutputOptions

  func run() throws {
    let start = Date()
    let file = try results.read()
    // The seasons and stage are the options' to answer for, not the model file's.
    let chosen = try results.select(file)
    if let periods, !at.isEmpty { return try runInPlay(file, chosen: chosen, periods: periods) }
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

  /// The games replayed in play at each `--at` checkpoint on the quarter model.
  private func runInPlay(_ file: GameResultsFile, chosen: [Int], periods: String) throws {
    let scores = try CLIError.reading("--periods \(periods)") { try PeriodScoresFile.read(periods) }
    let quarters = file.games.map(scores.scores(of:))
    let options = randomOptions.settings.options()
    let (document, walkForward) =
      try model.map { (try self.document(of: $0), nil) } ?? fitBefore(file, chosen: chosen, seed: options.seed, periods: scores)
    let projection = try CLIError.usage { try ProjectionChoice.source(named: results.projection, else: document.projection.source) }
    let checkpoints = try at.map { name in try CLIError.usage { try Backtesting.checkpoint(named: name) } }
    let result = try CLIError.reading(model.map { "--model \($0)" } ?? "--periods \(periods)") {
      try Backtesting.inPlay(
        file.games, chosen: chosen, quarters: quarters, projection: projection, model: document.calibrated,
        ratings: document.projection.ratings?.settings ?? .defaults, checkpoints: checkpoints, threads: options.threads)
    }
    let replayed = chosen.map { file.games[$0].season }
    let response = InPlayBacktestResponse(
      scores: result, games: result.first?.games ?? 0, seasons: replayed.reduce(into: []) { if !$0.contains($1) { $0.append($1) } },
      projection: projection, model: document, notes: walkForward.map { [$0] } ?? [])
    if let svg { try write(ReliabilityChart.render(inPlay: response), to: svg) }
    print(
      output.json ? try ContractJSON.string(response, style: output.style) : InPlayBacktestTable.render(response), terminator: output.json ? "\n" : ""
    )
  }

  /// The model fitted walk-forward on the seasons before the first chosen (with its quarter model
  /// when `quarters` are given), and the note saying so.
  private func fitBefore(_ file: GameResultsFile, chosen: [Int], seed: UInt64, periods: PeriodScoresFile? = nil) throws
    -> (ModelDocument, String?)
  {
    let fitted = try CLIError.reading("--projection") {
      try Backtesting.fitBefore(
        file.games, chosen: chosen, stage: results.stageFilter,
        projection: ProjectionChoice.source(named: results.projection, else: .market), options: randomOptions.settings.options(seed: seed),
        quarters: periods.map { p in file.games.map(p.scores(of:)) })
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
    if let svg { try write(ReliabilityChart.render(response), to: svg) }
    if output.json {
      print(try ContractJSON.string(response, style: output.style))
    } else {
      print(BacktestTable.render(response), terminator: "")
    }
  }

  /// The picture written to `--svg`'s path.
  private func write(_ picture: String, to svg: String) throws {
    do { try Data(picture.utf8).write(to: URL(fileURLWithPath: svg)) } catch {
      throw CLIError.fail("--svg \(svg): \(error.localizedDescription)", code: .failure, field: "--svg", value: svg)
    }
  }
}
