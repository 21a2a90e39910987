import Simulation

/// What a run stands on, resolved once by the one order of precedence every command applies:
///
///   built-in defaults  <  a config file  <  a model file (`--model`)
///                      <  an input's own fields (a request, a slate's `model` block)  <  the options given
///
/// `resolve` lays the layers over each other and records, for each setting, who set it and what
/// it replaced (`Provenance`), so every output can name what was used: the config file, the
/// model file and every value one layer set over another's. Per-game fields (a slate's or a
/// parlay's games) are laid by the use case on this base, with the options over them again.
package struct RunContext: Sendable {
  /// The model every game starts from (its means unused).
  package var model: GameModel
  /// Simulations per game: an option, else the input's, else a config file's, else the default.
  package var simulations: Int
  /// Who set what.
  package var provenance: Provenance

  /// Who set each model setting so far, and with what.
  private var setBy: [ModelSetting.Name: (setting: ModelSetting, source: SettingsSource)] = [:]
  private var simulationsBy: SettingsSource?

  /// Resolves `layers`, lowest first, over `defaults`.
  package static func resolve(
    _ layers: [SettingsLayer], defaults: GameModel = Defaults.model, simulations: Int = Defaults.simulations
  ) -> RunContext {
    var context = RunContext(model: defaults, simulations: simulations, provenance: Provenance())
    for layer in layers { context.lay(layer) }
    return context
  }

  /// Lays `layer` over what is resolved so far, recording who set what and what it replaced.
  package mutating func lay(_ layer: SettingsLayer) {
    switch layer.source {
    case .config(let path): provenance.configFile = path
    case .modelFile(let path): provenance.modelFile = path
    default: break
    }
    for setting in layer.model {
      if let before = setBy[setting.name], before.setting.exact != setting.exact {
        provenance.overrides.append(
          .init(
            setting: setting.name.rawValue, value: setting.value, by: layer.source, over: before.setting.value,
            from: before.source))
      }
      setting.set(&model)
      setBy[setting.name] = (setting, layer.source)
    }
    if let n = layer.simulations {
      if let simulationsBy, n != simulations {
        provenance.overrides.append(.init(setting: "sims", value: "\(n)", by: layer.source, over: "\(simulations)", from: simulationsBy))
      }
      simulations = n
      simulationsBy = layer.source
    }
    provenance.settings = ModelSetting.Name.allCases.compactMap { name in
      setBy[name].map { .init(setting: name.rawValue, value: $0.setting.value, source: $0.source) }
    }
    if let simulationsBy { provenance.settings.append(.init(setting: "sims", value: "\(simulations)", source: simulationsBy)) }
  }
}

/// One layer of settings: where it comes from and what it sets (nil: leaves it to what is below).
package struct SettingsLayer: Sendable {
  package var source: SettingsSource
  package var model: [ModelSetting]
  package var simulations: Int?

  package init(_ source: SettingsSource, model: [ModelSetting] = [], simulations: Int? = nil) {
    self.source = source
    self.model = model
    self.simulations = simulations
  }
}

/// Where a setting came from.
package enum SettingsSource: Hashable, Sendable, CustomStringConvertible {
  case config(String)
  case modelFile(String)
  /// An input's own fields (a request, a slate file's `model`), named by the input.
  case input(String)
  /// An option given, by its name (`--home-sd`).
  case option(String)

  package var description: String {
    switch self {
    case .config(let path): "config \(path)"
    case .modelFile(let path): "model file \(path)"
    case .input(let name): name
    case .option(let name): name
    }
  }
}

/// What a run stood on: the config file and model file read, each setting not left to the
/// built-in defaults with who set it, and every value one layer set over another's (the
/// precedence at work, said so a user sees which won).
package struct Provenance: Hashable, Sendable {
  package struct Setting: Hashable, Sendable {
    package let setting: String
    package let value: String
    package let source: SettingsSource

    package init(setting: String, value: String, source: SettingsSource) {
      self.setting = setting
      self.value = value
      self.source = source
    }
  }

  package struct Override: Hashable, Sendable {
    package let setting: String
    package let value: String
    package let by: SettingsSource
    package let over: String
    package let from: SettingsSource
  }

  package var configFile: String?
  package var modelFile: String?
  /// The model the run stood on, named (`ModelSet.resolve`): "shipped model (stats fit, ...)".
  package var model: String?
  /// What the user should know of it (a pooling weight taken by default).
  package var notes: [String] = []
  package var settings: [Setting] = []
  package var overrides: [Override] = []

  package init() {}

  /// Whether anything but the built-in defaults was used.
  package var isDefaults: Bool { configFile == nil && modelFile == nil && model == nil && settings.isEmpty && notes.isEmpty }
}
