import ArgumentParser
import Foundation
import LineFeeds
import Renderers
import ServiceContracts
import UseCases

/// `mcsim calibrate`: the model's free parameters fitted to real results by maximum likelihood.
struct CalibrateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "calibrate",
    abstract: "Fit the game model to game results and closing lines (maximum likelihood, with standard errors).",
    discussion: """
      Fits each team's sd around its projection, rho, the home advantage and total shift, the \
      overtime rate and points (flat and tie models) and the skew (kept only when AIC says it \
      earns its place), overall and season by season. With --projection ratings it first \
      chooses the ratings' half-life, ridge and season carry by walk-forward likelihood on the \
      same games. Then it prices those games with the fitted model and fits, per market, the \
      weight that pools the model with the devigged market in log-odds (maximum likelihood); \
      advice stands on the pooled probability where a price exists. Examples:
        mcsim calibrate Scenarios/nba_results_2023.csv --seasons 2022-23:2023-24 --out model.json
        mcsim calibrate Scenarios/nba_results_2023.csv --projection stats --json
      """
  )

  @OptionGroup(title: "Data") var results: ResultsOptions

  @Option(
    name: .customLong("ot-model"),
    help: ArgumentHelp(
      "The overtime model the written model uses: flat (the observed rate and points per overtime) or tie (points per period).",
      valueName: "flat|tie"))
  var otModel = "flat"

  @Option(help: "Write the fitted model to this file (versioned JSON, read by --model FILE).")
  var out: String?

  @Option(
    help:
      "Quarter scores of the same games (CSV in the format of data/nba_periods.csv, joined on date, home and away): fit the game by quarters too, written to the model file's periods block."
  )
  var periods: String?

  @OptionGroup(title: "Pooling with the market (the fitted model prices the chosen games)") var randomOptions: RandomOptions
  @OptionGroup(title: "Output") var output: OutputOptions

  @Flag(
    name: .customLong("every-source"),
    help:
      "Fit every projection source (market, stats, ratings) on the same games and write them as one model file (version 2). The shipped model is this fit on data/nba_games_lines.csv (scripts/fit-shipped-model.sh)."
  )
  var everySource = false

  func validate() throws { _ = try requests(nil, chosen: [], quarters: nil) }

  /// The fits asked for (`Calibrating.requests`), a refused choice a usage error naming its
  /// option (exit 64).
  func requests(_ file: GameResultsFile?, chosen: [Int], quarters: PeriodScoresFile?) throws -> [CalibrationRequest] {
    try CLIError.usage {
      try Calibrating.requests(
        games: file?.games ?? [], chosen: chosen, sources: ProjectionChoice.fitted(every: everySource, named: results.projection),
        overtime: otModel, options: randomOptions.settings.options(seed: 1), prior: ModelFile.shipped.modelSet(.shipped),
        quarters: quarters.map { q in (file?.games ?? []).map(q.scores(of:)) })
    }
  }

  func run() throws {
    let file = try results.read()
    let chosen = try results.select(file)
    let quarters = try periods.map { periods in
      do { return try PeriodScoresFile.read(periods) } catch { throw CLIError.badInput("--periods \(periods)", error) }
    }
    let fitted = try requests(file, chosen: chosen, quarters: quarters).map { try fit(file, $0) }
    if let out {
      let text =
        everySource
        ? try ContractJSON.string(ModelSetDocument(fitted.map(\.document)), style: .pretty)
        : try ContractJSON.string(fitted[0].document, style: .pretty)
      do { try Data((text + "\n").utf8).write(to: URL(fileURLWithPath: out)) } catch {
        throw CLIError.fail("--out \(out): \(error.localizedDescription)", code: .failure, field: "--out", value: out)
      }
    }
    if output.json {
      if everySource {
        let bySource = Dictionary(uniqueKeysWithValues: fitted.map { ($0.document.projection.source.rawValue, $0.response) })
        print(try ContractJSON.string(bySource, style: output.style))
      } else {
        print(try ContractJSON.string(fitted[0].response, style: output.style))
      }
    } else {
      for (i, f) in fitted.enumerated() {
        if everySource { print("\(i == 0 ? "" : "\n")== \(f.document.projection.source.rawValue) projections ==") }
        print(CalibrationTable.render(f.response), terminator: "")
      }
      if let out { print("model written to \(out)") }
    }
  }

  /// One projection source's fit: its model document and the full response.
  func fit(_ file: GameResultsFile, _ request: CalibrationRequest) throws -> (document: ModelDocument, response: CalibrationResponse) {
    let start = Date()
    let calibrated: Calibrated?
    do { calibrated = try Calibrating.fit(request) } catch { throw CLIError.badInput("--projection", error) }
    guard let fitted = calibrated else {
      throw CLIError.fail("\(file.source): fewer than 3 games with a \(request.projection.rawValue) projection to fit", code: .failure)
    }
    let document = ModelDocument(fitted, data: URL(fileURLWithPath: file.source).lastPathComponent, stage: results.stageFilter)
    let response = CalibrationResponse(
      fit: fitted.fit, bySeason: fitted.bySeason, model: document, data: file.source, stage: results.stageFilter,
      skippedRows: file.skipped, notes: fitted.notes, elapsedMS: Date().timeIntervalSince(start) * 1000)
    return (document, response)
  }
}
