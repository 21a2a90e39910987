import Foundation
import Simulation
import UseCases

/// The model options of `mcsim run` as JSON keys, every one optional: `home_sd` (or the agent's
/// `home_std_dev`), `away_sd` (`away_std_dev`), `rho`, `ot_model` (flat, tie, none), `ot_rate`,
/// `ot_points`, `ot_sd`, `score_floor`, `skew`. A slate sets them for every game (its `model`
/// object) or per game (the same keys in the game); what is absent keeps the value below it:
/// game over slate file over the built-in defaults. An option given on the command line wins
/// over all of them (`mcsim slate` applies it last, with a note).
package struct ModelSettings: Hashable, Sendable, Decodable {
  package var homeSD: Double?
  package var awaySD: Double?
  package var rho: Double?
  package var otModel: Overtime.Kind?
  package var otRate: Double?
  package var otPoints: Double?
  package var otSD: Double?
  package var scoreFloor: Int?
  package var skew: Double?

  package init() {}

  /// The model fields a slate file may carry, the agent's synonyms included (for reporting
  /// unknown ones).
  package static var fieldNames: Set<String> { fieldTypes.names }

  /// The keys and their JSON types (the server names each of the wrong type at once).
  package static let fieldTypes = FieldTypes(
    fields: [
      ("home_sd", .number), ("home_std_dev", .number), ("away_sd", .number), ("away_std_dev", .number),
      ("rho", .number), ("ot_model", .string), ("ot_rate", .number), ("ot_points", .number), ("ot_sd", .number),
      ("score_floor", .integer), ("skew", .number),
    ],
    keywords: [
      "home_sd": FieldTypes.bounds(GameModel.minSD, GameModel.maxSD),
      "home_std_dev": FieldTypes.bounds(GameModel.minSD, GameModel.maxSD),
      "away_sd": FieldTypes.bounds(GameModel.minSD, GameModel.maxSD),
      "away_std_dev": FieldTypes.bounds(GameModel.minSD, GameModel.maxSD), "rho": FieldTypes.bounds(-1, 1),
      "ot_model": .oneOf(["flat", "tie", "none"]), "ot_rate": FieldTypes.bounds(0, 1),
      "ot_points": FieldTypes.bounds(0, 100).with(["description": "at least 1 with the tie model"]),
      "ot_sd": FieldTypes.bounds(0, 50).with(["description": "at least 0.5 with the tie model"]),
      "score_floor": FieldTypes.bounds(0, 400),
      "skew": FieldTypes.bounds(-SkewNormal.maxSkewness, SkewNormal.maxSkewness).with([
        "description": "a skew the correlation cannot reach is a 422 naming both"
      ]),
    ])

  package init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: AnyKey.self)
    homeSD = try Self.synonym(c, "home_sd", "home_std_dev")
    awaySD = try Self.synonym(c, "away_sd", "away_std_dev")
    rho = try c.decodeIfPresent(Double.self, forKey: AnyKey("rho"))
    if let text = try c.decodeIfPresent(String.self, forKey: AnyKey("ot_model")) {
      guard let kind = Overtime.Kind(rawValue: text.lowercased()) else {
        throw DecodingError.dataCorruptedError(
          forKey: AnyKey("ot_model"), in: c, debugDescription: "'\(text)' is not an overtime model (flat, tie or none)")
      }
      otModel = kind
    }
    otRate = try c.decodeIfPresent(Double.self, forKey: AnyKey("ot_rate"))
    otPoints = try c.decodeIfPresent(Double.self, forKey: AnyKey("ot_points"))
    otSD = try c.decodeIfPresent(Double.self, forKey: AnyKey("ot_sd"))
    scoreFloor = try c.decodeIfPresent(Int.self, forKey: AnyKey("score_floor"))
    skew = try c.decodeIfPresent(Double.self, forKey: AnyKey("skew"))
  }

  private static func synonym(_ c: KeyedDecodingContainer<AnyKey>, _ name: String, _ agent: String) throws -> Double? {
    let a = try c.decodeIfPresent(Double.self, forKey: AnyKey(name))
    let b = try c.decodeIfPresent(Double.self, forKey: AnyKey(agent))
    if let a, let b, a != b {
      throw DecodingError.dataCorruptedError(
        forKey: AnyKey(agent), in: c, debugDescription: "\(b) contradicts \(name) = \(a); give one of them")
    }
    return a ?? b
  }

  /// The key of this object that sets the `GameModel` field an `InputError` names
  /// (`correlation` is `rho`, `home_std_dev` is `home_sd`, `skewness` is `skew`).
  package static func key(of modelField: String) -> String {
    switch modelField {
    case "correlation": "rho"
    case "home_std_dev": "home_sd"
    case "away_std_dev": "away_sd"
    case "skewness": "skew"
    default: modelField
    }
  }

  /// Every value of this block the model's own rules refuse, laid on `base` with its means set
  /// to 100 (so that only the block's values are judged), each named `model.<key>`: a config
  /// file's block and a batch body's, one check.
  package func problems(on base: GameModel) -> [InputError] {
    var probe = base
    (probe.homeMean, probe.awayMean) = (100, 100)
    return ModelSetting.applied(settings, to: probe).problems().map {
      .invalid(field: "model." + Self.key(of: $0.field), value: $0.value, reason: $0.reason)
    }
  }

  /// The keys given, as settings of the model (`ModelSetting`): what this object sets, in the
  /// one order of precedence `RunContext` lays.
  package var settings: [ModelSetting] {
    var out: [ModelSetting] = []
    if let homeSD { out.append(.homeSD(homeSD)) }
    if let awaySD { out.append(.awaySD(awaySD)) }
    if let rho { out.append(.rho(rho)) }
    if let otModel { out.append(.otModel(otModel)) }
    if let otRate { out.append(.otRate(otRate)) }
    if let otPoints { out.append(.otPoints(otPoints)) }
    if let otSD { out.append(.otSD(otSD)) }
    if let scoreFloor { out.append(.scoreFloor(scoreFloor)) }
    if let skew { out.append(.skew(skew)) }
    return out
  }
}
