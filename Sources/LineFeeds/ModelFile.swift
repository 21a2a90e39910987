import Calibration
import Foundation
import ServiceContracts
import Simulation

/// A model file (`mcsim calibrate --out FILE`, read by `--model FILE`): the versioned JSON
/// document `ModelDocument` describes. Read and checked here: the version must be 1, every key
/// known, every value in the engine's range (through `GameModel.validate`, named by the file's
/// key: `model.rho`).
///
/// Precedence where it is read: an option given on the command line wins over the model file,
/// which wins over a config file's `model` and the built-in defaults.
package struct ModelFile: Sendable {
  package var document: ModelDocument
  package var source: String

  static let keys: [String: Set<String>] = [
    "": ["version", "model", "projection", "fit"],
    "model": ["home_sd", "away_sd", "rho", "ot_model", "ot_rate", "ot_points", "ot_sd", "skew"],
    "projection": ["source", "home_advantage", "total_shift", "ratings", "pooling"],
    "projection.ratings": ["half_life_days", "team_ridge", "carry", "league_ridge"],
    "projection.pooling": ["totals", "spreads", "moneylines"],
    "fit": ["data", "seasons", "stage", "games", "standard_errors"],
  ]

  package static func decode(_ data: Data, source: String) throws(InputDecodingError) -> ModelFile {
    struct Version: Decodable { let version: Int }
    let version = try InputDecodingError.decode(Version.self, from: data).version
    guard version == ModelDocument.currentVersion else {
      throw InputDecodingError(
        "field 'version' = \(version): this mcsim reads model files of version \(ModelDocument.currentVersion)",
        codingPath: ["version"])
    }
    if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
      for (path, known) in keys.sorted(by: { $0.key < $1.key }) {
        var level: [String: Any]? = object
        for part in path.split(separator: ".") { level = level?[String(part)] as? [String: Any] }
        for key in (level?.keys.sorted() ?? []) where !known.contains(key) {
          let field = path.isEmpty ? key : "\(path).\(key)"
          throw InputDecodingError(
            "field '\(field)': unknown key (known: \(known.sorted().joined(separator: ", ")))",
            codingPath: path.split(separator: ".").map(String.init) + [key])
        }
      }
    }
    let document = try InputDecodingError.decode(ModelDocument.self, from: data)
    let p = document.projection
    for (key, value) in [("home_advantage", p.homeAdvantage), ("total_shift", p.totalShift)]
    where !(value.isFinite && abs(value) <= 100) {
      throw InputDecodingError("field 'projection.\(key)' = \(value): must be in [-100, 100]", codingPath: ["projection", key])
    }
    if let r = p.ratings, let bad = r.settings.invalidField {
      throw InputDecodingError(
        "field 'projection.ratings.\(bad.field)' = \(bad.value): \(bad.reason)", codingPath: ["projection", "ratings", bad.field])
    }
    if let w = p.pooling {
      for (key, value) in [("totals", w.totals), ("spreads", w.spreads), ("moneylines", w.moneylines)]
      where !(value.isFinite && value >= 0 && value <= 1) {
        throw InputDecodingError("field 'projection.pooling.\(key)' = \(value): must be in [0, 1]", codingPath: ["projection", "pooling", key])
      }
    }
    let model = document.calibrated.gameModel(for: Projection(home: 100, away: 100))
    do { try model.validate() } catch {
      let key = ModelSettings.key(of: error.field)
      throw InputDecodingError("field 'model.\(key)': \(error)", codingPath: ["model", key])
    }
    return ModelFile(document: document, source: source)
  }

  /// Reads `path` (a file, `-`, or a URL).
  package static func read(_ path: String) throws -> ModelFile {
    let source = InputSource(path)
    return try decode(try source.read(), source: source.description)
  }
}
