import Calibration
import OddsMath
import Simulation

/// The models a run chooses from and what lies under them: the model set (the model mcsim
/// ships, the seed's defaults, or a model file's: `ModelSet`), the model file's path when one
/// was given, and a config file's layer of settings. `context` resolves a run on it by the one
/// order of precedence (`RunContext`): the options given, then an input's own fields, then a
/// model file, then a config file's `model` and `sims`, then the model; and the advice policy by
/// its one order (`AdviceSettings.policy`).
package struct ModelChoice: Sendable {
  package var models: ModelSet
  /// The model file given (`--model FILE`, `serve --model FILE`); nil for the shipped model or
  /// the seed's defaults.
  package var modelFile: String?
  /// A config file's `model` and `sims`.
  package var config: SettingsLayer?
  /// A config file's advice settings, and where it was read from.
  package var configAdvice: AdviceSettings?
  package var configSource: String?

  package init(
    models: ModelSet, modelFile: String? = nil, config: SettingsLayer? = nil, configAdvice: AdviceSettings? = nil,
    configSource: String? = nil
  ) {
    self.models = models
    self.modelFile = modelFile
    self.config = config
    self.configAdvice = configAdvice
    self.configSource = configSource
  }

  /// The model for projections from `source` (nil: projections a user gives).
  package func resolved(for source: ProjectionSource?) -> ResolvedModel { models.resolve(for: source) }

  /// The ratings' hyperparameters of the model in use.
  package var ratings: RatingsSettings { resolved(for: .ratings).ratings }

  /// The run's context: the model (`resolved(for: source)`, else `defaults` where it has no
  /// fit), the config file's layer, a model file's fit, `input`'s own fields, then `options`
  /// (each an option given) and `simulations` given, each recorded with who set it; the shift of
  /// the projection formula's means; and the model resolved (its pooling weights, its notes).
  /// `replacedService`: the agent's endpoints, whose model is `defaults` unless a model file is
  /// given (docs/contracts.md). `pooled`: false where advice never pools (parlays, props), so a
  /// default pooling weight is nothing to say. The advice policy: the config file's settings,
  /// then `advice` (the options given), pooled at the fit's weights where `poolAdvice` (by
  /// default, `pooled`); a setting out of range is refused under its key.
  package func context(
    options: [SettingsLayer] = [], simulations: Int? = nil, input: SettingsLayer? = nil, projections source: ProjectionSource? = nil,
    defaults: GameModel = Defaults.model, pooled: Bool = true, replacedService: Bool = false, advice: AdviceSettings = AdviceSettings(),
    poolAdvice: Bool? = nil
  ) throws(InputError) -> ResolvedRun {
    let resolved = resolved(for: source)
    var layers: [SettingsLayer] = config.map { [$0] } ?? []
    // A model file given lays its fit over the config; the shipped model is the defaults below it.
    if let modelFile, let template = resolved.template {
      layers.append(SettingsLayer(.modelFile(modelFile), model: ModelSetting.fitted(template)))
    }
    if let input { layers.append(input) }
    layers += options
    if let simulations { layers.append(SettingsLayer(.option("--sims"), simulations: simulations)) }
    // The replaced services' endpoints keep their own model (`defaults`) unless a file is given.
    var base = defaults
    if modelFile == nil, !replacedService, let template = resolved.template { base = template }
    var context = RunContext.resolve(layers, defaults: base)
    context.provenance.model = resolved.name
    if pooled { context.provenance.notes = resolved.notes }
    let policy = try advice.policy(
      over: configAdvice, configSource: configSource, pooling: (poolAdvice ?? pooled) ? resolved.pooling : nil)
    return ResolvedRun(context: context, shift: resolved.shift, model: resolved, policy: policy)
  }
}

/// A run resolved (`ModelChoice.context`): what it stands on, the shift of the projection
/// formula's means, and the model resolved.
package struct ResolvedRun: Sendable {
  package var context: RunContext
  package var shift: ProjectionShift
  package var model: ResolvedModel
  package var policy: AdvicePolicy
}
