import ArgumentParser
import Calibration
import LineFeeds
import ServiceContracts
import Simulation
import UseCases

/// `--model`: the model a run stands on. Left out, the model mcsim ships (every projection source
/// fitted on data/nba_games_lines.csv); `seed`, the replaced service's unfitted defaults; else a
/// model file (`mcsim calibrate --out FILE`). Which fit serves which projections, and at what
/// pooling weight, is `ModelSet.resolve`. Precedence: the options given, then an input file's
/// own fields, then a model file, then a config file's `model`, then the model (shipped or seed).
struct ModelFileOptions: ParsableArguments {
  @Option(
    name: .customLong("model"),
    help:
      "The model: a file written by calibrate --out (its sds, rho, overtime and skew become the defaults; options given still win), or seed (the replaced service's unfitted defaults). Default: the model mcsim ships, fitted per projection source on data/nba_games_lines.csv."
  )
  var modelFile: String?

  /// The word that names the seed's defaults.
  static let seedName = "seed"

  /// The file given, read and checked (exit 1 naming the file and the key at fault); nil when
  /// none is (the shipped model, or the seed's defaults).
  func read() throws -> ModelFile? {
    guard let modelFile, modelFile != Self.seedName else { return nil }
    do { return try ModelFile.read(modelFile) } catch { throw CLIError.badInput("--model \(modelFile)", error) }
  }

  /// The models to choose from.
  func set() throws -> ModelSet {
    if modelFile == Self.seedName { return .seed }
    guard let file = try read(), let modelFile else { return ModelFile.shipped.modelSet(.shipped) }
    return file.modelSet(.file(modelFile))
  }

  /// The model for projections from `source` (nil: projections a user gives).
  func resolved(for source: ProjectionSource?) throws -> ResolvedModel { try set().resolve(for: source) }

  /// The ratings' hyperparameters of the model in use.
  func ratings() throws -> RatingsSettings { try resolved(for: .ratings).ratings }

  /// The run's context (`RunContext`): the model (`resolved(for: source)`, else `defaults` where
  /// it has no fit), a config file's `model` and `sims`, a model file's fit, `input`'s own
  /// fields, then the options given (each model option, then `--sims`), each recorded with who
  /// set it; the shift of the projection formula's means; and the model resolved (its pooling
  /// weights, its notes). `replacedService`: the agent's endpoints, whose model is `defaults`
  /// unless a model file is given (docs/contracts.md).
  func context(
    config: ConfigFile?, options: [SettingsLayer] = [], random: RandomOptions? = nil, input: SettingsLayer? = nil,
    projections source: ProjectionSource? = nil, defaults: GameModel = Defaults.model, pooled: Bool = true,
    replacedService: Bool = false
  ) throws -> (context: RunContext, shift: ProjectionShift, model: ResolvedModel) {
    let resolved = try resolved(for: source)
    let file = try read()
    var layers: [SettingsLayer] = []
    if let config { layers.append(SettingsLayer(.config(config.source), model: config.model?.settings ?? [], simulations: config.sims)) }
    // A model file given lays its fit over the config; the shipped model is the defaults below it.
    if file != nil, let modelFile, let template = resolved.template {
      layers.append(SettingsLayer(.modelFile(modelFile), model: ModelSetting.fitted(template)))
    }
    if let input { layers.append(input) }
    layers += options
    if let sims = random?.sims { layers.append(SettingsLayer(.option("--sims"), simulations: sims)) }
    // The replaced services' endpoints keep their own model (`defaults`) unless a file is given.
    var base = defaults
    if file == nil, !replacedService, let template = resolved.template { base = template }
    var context = RunContext.resolve(layers, defaults: base)
    context.provenance.model = resolved.name
    // Where advice never pools (parlays, props), a default pooling weight is nothing to say.
    if pooled { context.provenance.notes = resolved.notes }
    return (context, resolved.shift, resolved)
  }
}
