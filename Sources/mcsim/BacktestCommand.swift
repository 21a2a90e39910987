import ArgumentParser
import Calibration
import Foundation
import LineFeeds
import RandomStreams
import Renderers
import ServiceContracts
import Simulation

/// `mcsim backtest`: the games replayed in time order, each priced from what was known before it,
/// under the seed's defaults and a fitted model side by side.
struct BacktestCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "backtest",
    abstract: "Replay games in time order and score the seed's defaults and a fitted model against the results.",
    discussion: """
      Each game is priced from its projection (the closing lines, or season-to-date stats of \
      earlier dates) by one simulation per model, answering the total, the spread and the \
      moneyline; then Brier score, log loss, reliability by bin, pushes on whole lines, and the \
      seed agent's bets (EV > 0, quarter Kelly capped at 5%) against the closing prices. Example:
        mcsim calibrate DATA.csv --seasons 2007-08:2017-18 --out model.json
        mcsim backtest DATA.csv --model model.json --seasons 2018-19:2024-25 --sims 100000 --seed 1
      """
  )

  @OptionGroup(title: "Data") var results: ResultsOptions

  @Option(help: "The fitted model (a file written by calibrate --out).")
  var model: String

  @Option(help: "Also write the reliability diagram (both models, three markets) to this SVG file.")
  var svg: String?

  @OptionGroup(title: "Simulation") var randomOptions: RandomOptions
  @OptionGroup(title: "Output") var output: OutputOptions

  func run() throws {
    let start = Date()
    let modelFile: ModelFile
    do { modelFile = try ModelFile.read(model) } catch { throw CLIError.badInput("--model \(model)", error) }
    let file = try results.read()
    let projection = results.projection ?? modelFile.document.projection.source
    let projections = Projections.compute(file.games, source: projection)
    let chosen = try results.select(file.games)
    let games = chosen.map { file.games[$0] }, projected = chosen.map { projections[$0] }
    let options = randomOptions.options()
    let fitted = modelFile.document.calibrated
    let progress = output.json ? nil : ProgressLine.forTerminal()
    func price(_ m: CalibratedModel, _ part: Double) throws -> [GamePrices?] {
      do {
        return try Backtest.price(
          games, projections: projected, model: m, simulations: options.simulations, seed: options.seed,
          threads: options.threads, progress: progress.map { p in { @Sendable f in p.update((part + f) / 2) } })
      } catch {
        throw CLIError.badInput("--model \(model)", error)
      }
    }
    let seedPrices = try price(.seedDefaults, 0)
    let fittedPrices = try price(fitted, 1)
    progress?.finish()
    let seedScore = Backtest.evaluate(games, prices: seedPrices, bootstrapSeed: Seed.derive(options.seed, 1))
    let fittedScore = Backtest.evaluate(games, prices: fittedPrices, bootstrapSeed: Seed.derive(options.seed, 1))

    var seasons: [String] = []
    for g in games where !seasons.contains(g.season) { seasons.append(g.season) }
    var notes = [
      "totals and spreads are bet at -110 a side (the data carry no prices for them); moneylines at the closing prices",
      "the market row scores the market's own forecast on the same games: 0.5 for totals and spreads at -110, the devigged closing moneyline",
    ]
    let noMoneyline = games.filter { $0.homeMoneyline == nil }.count
    if noMoneyline > 0 {
      notes.append(
        "\(noMoneyline) games have no closing moneyline (the source lacks them from 2023-01-17): moneylines are scored and bet on the other \(games.count - noMoneyline)")
    }
    let unprojected = projected.filter { $0 == nil }.count
    if unprojected > 0 { notes.append("\(unprojected) games have no \(projection.rawValue) projection and are not priced") }
    if let fit = modelFile.document.fit {
      let overlap = seasons.filter { fit.seasons.contains($0) }
      if !overlap.isEmpty {
        notes.append(
          "in sample: the fitted model was fitted on \(overlap.count) of these seasons (\(overlap.first!) ... \(overlap.last!)); its parameters saw these results, so its scores flatter it")
      }
    }
    if modelFile.document.projection.source != projection {
      notes.append(
        "the model was fitted on \(modelFile.document.projection.source.rawValue) projections and is applied to \(projection.rawValue) ones: its home advantage and total shift belong to the other")
    }
    if fitted.template.overtime.kind != .tie {
      notes.append("flat overtime leaves some games level: a level game counts half to each side of a moneyline")
    }
    let response = BacktestResponse(
      seedDefaults: .init(model: ModelDocument(.seedDefaults, source: projection), score: seedScore),
      fitted: .init(model: modelFile.document, score: fittedScore), market: Backtest.marketScore(games, priced: seedPrices),
      games: games.count, seasons: seasons, stage: results.stageFilter, projection: projection,
      simulations: options.simulations, seed: options.seed, notes: notes,
      elapsedMS: Date().timeIntervalSince(start) * 1000)
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
