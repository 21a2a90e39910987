import Foundation
import Simulation

/// One parameter of the game model as a layer of settings sets it (a config file's `model`, a
/// model file, an input's own fields, an option): its name as the files name it (`home_sd`,
/// `rho`, `ot_model`, ...), its value as written, and how it sets a model. The names and
/// setters are written here once; `RunContext` lays them over each other in the one order of
/// precedence and records who set what.
package struct ModelSetting: Sendable {
  /// The parameters a layer may set, in the order the outputs list them.
  package enum Name: String, CaseIterable, Sendable {
    case homeSD = "home_sd", awaySD = "away_sd", rho, otModel = "ot_model", otRate = "ot_rate"
    case otPoints = "ot_points", otSD = "ot_sd", scoreFloor = "score_floor", skew
  }

  package let name: Name
  /// The value as a person reads it (at most 4 significant digits: 0.3026, 24.13).
  package let value: String
  /// The value exactly (what two layers are compared by).
  package let exact: String
  let apply: @Sendable (inout GameModel) -> Void

  package static func homeSD(_ v: Double) -> Self { .init(.homeSD, v) { $0.homeSD = v } }
  package static func awaySD(_ v: Double) -> Self { .init(.awaySD, v) { $0.awaySD = v } }
  package static func rho(_ v: Double) -> Self { .init(.rho, v) { $0.correlation = v } }
  package static func otModel(_ v: Overtime.Kind) -> Self { .init(name: .otModel, value: v.rawValue, exact: v.rawValue) { $0.overtime.kind = v } }
  package static func otRate(_ v: Double) -> Self { .init(.otRate, v) { $0.overtime.rate = v } }
  package static func otPoints(_ v: Double) -> Self { .init(.otPoints, v) { $0.overtime.points = v } }
  package static func otSD(_ v: Double) -> Self { .init(.otSD, v) { $0.overtime.sd = v } }
  package static func scoreFloor(_ v: Int?) -> Self {
    let text = v.map { "\($0)" } ?? "none"
    return .init(name: .scoreFloor, value: text, exact: text) { $0.scoreFloor = v }
  }
  package static func skew(_ v: Double) -> Self { .init(.skew, v) { $0.skewness = v } }

  /// Sets `model`'s parameter to this value.
  package func set(_ model: inout GameModel) { apply(&model) }

  /// The parameter `name` of `model`, as a setting (to say what a layer replaced).
  package static func current(_ name: Name, of model: GameModel) -> ModelSetting {
    switch name {
    case .homeSD: .homeSD(model.homeSD)
    case .awaySD: .awaySD(model.awaySD)
    case .rho: .rho(model.correlation)
    case .otModel: .otModel(model.overtime.kind)
    case .otRate: .otRate(model.overtime.rate)
    case .otPoints: .otPoints(model.overtime.points)
    case .otSD: .otSD(model.overtime.sd)
    case .scoreFloor: .scoreFloor(model.scoreFloor)
    case .skew: .skew(model.skewness)
    }
  }

  /// Every parameter a fit gives (all but the score floor, which stays what is below it):
  /// what a model file sets.
  package static func fitted(_ model: GameModel) -> [ModelSetting] {
    Name.allCases.filter { $0 != .scoreFloor }.map { current($0, of: model) }
  }

  init(name: Name, value: String, exact: String, apply: @escaping @Sendable (inout GameModel) -> Void) {
    self.name = name
    self.value = value
    self.exact = exact
    self.apply = apply
  }

  private init(_ name: Name, _ v: Double, apply: @escaping @Sendable (inout GameModel) -> Void) {
    self.init(name: name, value: Self.text(v), exact: "\(v)", apply: apply)
  }

  /// 14 rather than 14.0, 0.3026 rather than 0.30255356122339966: at most 4 significant digits.
  static func text(_ v: Double) -> String {
    guard v.isFinite, v != 0, v != v.rounded() else { return PlainNumber.text(v) }
    let scale = pow(10, Double(max(0, 3 - Int(log10(abs(v)).rounded(.down)))))
    return PlainNumber.text((v * scale).rounded() / scale)
  }
}

extension ModelSetting {
  /// The ranges an edge words in its help: a team's sd, and the largest skewness either way.
  package static let minSD = GameModel.minSD
  package static let maxSD = GameModel.maxSD
  package static let maxSkewness = SkewNormal.maxSkewness
  /// The overtime models, by name (`flat`, `tie`).
  package static let overtimeNames = Overtime.Kind.allCases.map(\.rawValue)

  /// The overtime model named `name`, refused naming `ot_model` when there is none.
  package static func otModel(named name: String) throws(InputError) -> ModelSetting {
    guard let kind = Overtime.Kind(rawValue: name) else {
      throw .invalid(field: "ot_model", value: name, reason: "must be one of \(overtimeNames.joined(separator: ", "))")
    }
    return .otModel(kind)
  }

  /// The first problem of `base` (the defaults, means 100 each) with `settings` laid over it: how
  /// an edge checks the settings it was given before any input is read. Nil when valid.
  package static func problem(of settings: [ModelSetting], over base: GameModel = Defaults.model) -> InputError? {
    var model = base
    model.homeMean = 100
    model.awayMean = 100
    for s in settings { s.set(&model) }
    return model.problems().first
  }

  /// `model` with `settings` laid over it, in order.
  package static func applied(_ settings: [ModelSetting], to model: GameModel) -> GameModel {
    var out = model
    for s in settings { s.set(&out) }
    return out
  }

  /// The value `model` has for this setting's parameter, exactly and as read: what a layer
  /// below had where this one replaces it.
  package func replaced(in model: GameModel) -> (value: String, exact: String)? {
    let before = Self.current(name, of: model)
    return before.exact == exact ? nil : (before.value, before.exact)
  }
}
