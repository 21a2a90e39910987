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

  @Option(name: .customLong("ot-model"), help: "The overtime model the written model uses: flat (the observed rate and points per overtime) or tie (points per period).")
  var otModel: Overtime.Kind = .flat

  @Option(help: "Write the fitted model to this file (versioned JSON, read by --model FILE).")
  var out: String?

  @OptionGroup(title: "Pooling with the market (the fitted model prices the chosen games)") var randomOptions: RandomOptions
  @OptionGroup(title: "Output") var output: OutputOptions

  func validate() throws {
    if otModel == .none { throw ValidationError("--ot-model none: the written model needs overtime (flat or tie)") }
  }

  func run() throws {
    let start = Date()
    let file = try results.read()
    let request = CalibrationRequest(
      games: file.games, chosen: try results.select(file.games), projection: results.projection ?? .market,
      overtime: otModel,
      options: SimulationOptions(
        simulations: randomOptions.sims ?? Defaults.simulations, seed: randomOptions.seed ?? 1,
        threads: randomOptions.threads))
    let calibrated: Calibrated?
    do { calibrated = try Calibrating.fit(request) } catch { throw CLIError.badInput("--projection", error) }
    guard let fitted = calibrated else {
      throw CLIError.fail("\(file.source): fewer than 3 games with a projection to fit", code: .failure)
    }
    let (fit, bySeason) = (fitted.fit, fitted.bySeason)
    let document = ModelDocument(
      fitted.model, fit: fit, data: URL(fileURLWithPath: file.source).lastPathComponent, stage: results.stageFilter,
      ratings: fitted.ratings?.settings, pooling: fitted.pooling)
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
