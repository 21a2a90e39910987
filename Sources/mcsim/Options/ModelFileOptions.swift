import ArgumentParser
import Calibration
import LineFeeds
import ServiceContracts
import Simulation
import UseCases

/// `--model FILE`: a fitted model (`mcsim calibrate --out FILE`) as the defaults of the model
/// options. Precedence: an option on the command line, then an input file's own fields, then the
/// model file, then a config file's `model`, then the built-in defaults.
struct ModelFileOptions: ParsableArguments {
  @Option(name: .customLong("model"), help: "A model file written by calibrate --out: its sds, rho, overtime and skew become the defaults (options given still win).")
  var modelFile: String?

  /// The file, read and checked (exit 1 naming the file and the key at fault).
  func read() throws -> ModelFile? {
    guard let modelFile else { return nil }
    do { return try ModelFile.read(modelFile) } catch { throw CLIError.badInput("--model \(modelFile)", error) }
  }

  /// The model file's pool weights with the market, where the games are projected as the model
  /// was fitted (`source`; nil: projections a user gives, which the fit never saw).
  func pooling(for source: ProjectionSource?) throws -> PoolingWeights? {
    guard let document = try read()?.document, let source, document.projection.source == source else { return nil }
    return document.projection.pooling?.weights
  }

  /// The model file's ratings hyperparameters, else the built-in ones.
  func ratings() throws -> RatingsSettings { try read()?.document.projection.ratings?.settings ?? .defaults }

  /// The run's context (`RunContext`): the built-in defaults, a config file's `model` and
  /// `sims`, the model file, `input`'s own fields, then the options given (each model option,
  /// then `--sims`), each recorded with who set it; and the model file's shift of projections
  /// from `source` (none unless the file was fitted on them: `ProjectionShift`).
  func context(
    config: ConfigFile?, options: [SettingsLayer] = [], random: RandomOptions? = nil, input: SettingsLayer? = nil,
    projections source: ProjectionSource = .stats, defaults: GameModel = Defaults.model
  ) throws -> (context: RunContext, shift: ProjectionShift) {
    let file = try read()
    var layers: [SettingsLayer] = []
    if let config { layers.append(SettingsLayer(.config(config.source), model: config.model?.settings ?? [], simulations: config.sims)) }
    if let file, let modelFile {
      layers.append(SettingsLayer(.modelFile(modelFile), model: ModelSetting.fitted(file.document.calibrated.template)))
    }
    if let input { layers.append(input) }
    layers += options
    if let sims = random?.sims { layers.append(SettingsLayer(.option("--sims"), simulations: sims)) }
    let context = RunContext.resolve(layers, defaults: defaults)
    return (context, ProjectionShift(file?.document.calibrated, fittedOn: file?.document.projection.source, for: source))
  }
}
