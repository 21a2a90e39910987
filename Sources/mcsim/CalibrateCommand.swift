import ArgumentParser
import Calibration
import Foundation
import LineFeeds
import Renderers
import ServiceContracts
import Simulation
import UseCases

/// `mcsim calibrate`: the model's free parameters fitted to real results by maximum likelihood.
struct CalibrateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "calibrate",
    abstract: "Fit the game model to game results and closing lines (maximum likelihood, with standard errors).",
    discussion: """
      Fits each team's sd around its projection, rho, the home advantage and total shift, the \
      overtime rate and points (flat and tie models) and the skew (kept only when AIC says it \
      earns its place), overall and season by season. Examples:
        mcsim calibrate Scenarios/nba_results_2023.csv --seasons 2022-23:2023-24 --out model.json
        mcsim calibrate Scenarios/nba_results_2023.csv --projection stats --json
      """
  )

  @OptionGroup(title: "Data") var results: ResultsOptions

  @Option(name: .customLong("ot-model"), help: "The overtime model the written model uses: flat (the observed rate and points per overtime) or tie (points per period).")
  var otModel: Overtime.Kind = .flat

  @Option(help: "Write the fitted model to this file (versioned JSON, read by --model FILE).")
  var out: String?

  @OptionGroup(title: "Output") var output: OutputOptions

  func validate() throws {
    if otModel == .none { throw ValidationError("--ot-model none: the written model needs overtime (flat or tie)") }
  }

  func run() throws {
    let start = Date()
    let file = try results.read()
    let request = CalibrationRequest(
      games: file.games, chosen: try results.select(file.games), projection: results.projection ?? .market)
    guard let fitted = Calibrating.fit(request) else {
      throw CLIError.fail("\(file.source): fewer than 3 games with a projection to fit", code: .failure)
    }
    let (fit, bySeason) = (fitted.fit, fitted.bySeason)
    let document = ModelDocument(
      fit.model(overtime: otModel), fit: fit, data: URL(fileURLWithPath: file.source).lastPathComponent,
      stage: results.stageFilter)
    let response = CalibrationResponse(
      fit: fit, bySeason: bySeason, model: document, data: file.source, stage: results.stageFilter,
      skippedRows: file.skipped, elapsedMS: Date().timeIntervalSince(start) * 1000)
    if let out {
      do {
        try Data((try ContractJSON.string(document, style: .pretty) + "\n").utf8).write(to: URL(fileURLWithPath: out))
      } catch {
        throw CLIError.fail("--out \(out): \(error.localizedDescription)", code: .failure, field: "--out", value: out)
      }
    }
    if output.json {
      print(try ContractJSON.string(response, style: output.style))
    } else {
      print(CalibrationTable.render(response), terminator: "")
      if let out { print("model written to \(out)") }
    }
  }
}
