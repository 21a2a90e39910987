import Calibration
import Foundation
import ServiceContracts
import Simulation
import UseCases

/// A model file (`mcsim calibrate --out FILE`, read by `--model FILE`): the versioned JSON
/// document `ModelDocument` describes (version 1: one projection source's fit), or several of
/// them by source (version 2, `calibrate --projection all`, the shipped model:
/// `{"version": 2, "sources": {"market": {version-1 document}, "stats": {...}}}`). Read and
/// checked here: the version must be 1 or 2, every key known, every value in the engine's range
/// (through `GameModel.validate`, named by the file's key: `model.rho`, `sources.stats.model.rho`).
///
/// Precedence where it is read: an option given on the command line wins over the model file,
/// which wins over a config file's `model` and the built-in defaults.
package struct ModelFile: Sendable {
  /// Each source's fit (one for a version-1 file).
  package var documents: [ProjectionSource: ModelDocument]
  package var source: String

  /// The one fit of a version-1 file; of a version-2 one, the market's (else the first by name).
  package var document: ModelDocument {
    documents[.market] ?? documents.sorted { $0.key.rawValue < $1.key.rawValue }.first!.value
  }

  /// The fit on `source`, else `document`.
  package func document(for source: ProjectionSource) -> ModelDocument { documents[source] ?? document }

  /// The fits as the application layer takes them.
  package func modelSet(_ origin: ModelSet.Origin) -> ModelSet {
    ModelSet(
      origin: origin,
      fits: documents.mapValues { d in
        ModelSet.Fit(
          model: d.calibrated, ratings: d.projection.ratings?.settings, pooling: d.projection.pooling?.weights,
          poolingStandardErrors: d.poolingStandardErrors, data: d.fit?.data, seasons: d.fit?.seasons ?? [], games: d.fit?.games)
      })
  }

  static let keys: [String: Set<String>] = [
    "": ["version", "model", "projection", "fit", "periods"],
    "periods": ["home_shares", "away_shares", "covariance", "reference_total", "variance_exponent", "games", "standard_errors"],
    "periods.standard_errors": ["home_shares", "away_shares", "covariance", "variance_exponent"],
    "model": ["home_sd", "away_sd", "rho", "ot_model", "ot_rate", "ot_points", "ot_sd", "skew"],
    "projection": ["source", "home_advantage", "total_shift", "ratings", "pooling"],
    "projection.ratings": ["half_life_days", "team_ridge", "carry", "league_ridge"],
    "projection.pooling": ["totals", "spreads", "moneylines"],
    "fit": ["data", "seasons", "stage", "games", "standard_errors"],
  ]

  package static func decode(_ data: Data, source: String) throws(InputDecodingError) -> ModelFile {
    struct Version: Decodable { let version: Int }
    let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    // The decoder says what is wrong where the version cannot be read (malformed JSON, no version).
    guard let object, let version = object["version"] as? Int else {
      _ = try InputDecodingError.decode(Version.self, from: data)
      throw InputDecodingError("field 'version': a model file is a JSON object with an integer version", codingPath: ["version"])
    }
    guard version == ModelDocument.currentVersion || version == ModelDocument.setVersion else {
      throw InputDecodingError(
        "field 'version' = \(version): this mcsim reads model files of version \(ModelDocument.currentVersion) and \(ModelDocument.setVersion)",
        codingPath: ["version"])
    }
    guard version == ModelDocument.setVersion else {
      try unknownKey(in: object)
      let document = try checked(InputDecodingError.decode(ModelDocument.self, from: data))
      return ModelFile(documents: [document.projection.source: document], source: source)
    }
    guard let sources = object["sources"] as? [String: Any], !sources.isEmpty else {
      throw InputDecodingError("field 'sources': a version-2 model file holds a non-empty object of fits by source", codingPath: ["sources"])
    }
    for key in object.keys.sorted() where key != "version" && key != "sources" {
      throw InputDecodingError("field '\(key)': unknown key (known: sources, version)", codingPath: [key])
    }
    for name in sources.keys.sorted() {
      guard ProjectionSource(rawValue: name) != nil else {
        throw InputDecodingError(
          "field 'sources.\(name)': unknown projection source (known: \(ProjectionSource.allCases.map(\.rawValue).joined(separator: ", ")))",
          codingPath: ["sources", name])
      }
      guard let body = sources[name] as? [String: Any] else {
        throw InputDecodingError("field 'sources.\(name)': a fit is a JSON object", codingPath: ["sources", name])
      }
      try under(name) { () throws(InputDecodingError) in try unknownKey(in: body) }
    }
    // One decoding of the whole file (each fit had been written out again and read twice).
    var documents: [ProjectionSource: ModelDocument] = [:]
    for (name, fit) in try InputDecodingError.decode(FitsBySource.self, from: data).fits {
      let key = ProjectionSource(rawValue: name)!
      let document = try under(name) { () throws(InputDecodingError) in try checked(fit.get()) }
      guard document.projection.source == key else {
        throw InputDecodingError(
          "field 'sources.\(name).projection.source' = \(document.projection.source.rawValue): must be \(name)",
          codingPath: ["sources", name, "projection", "source"])
      }
      documents[key] = document
    }
    return ModelFile(documents: documents, source: source)
  }

  /// A version-2 file's fits by source name, each decoded on its own so that a fit's own error
  /// (thrown as `InputDecodingError`, its path within the fit) is kept to be named under it.
  private struct FitsBySource: Decodable {
    var fits: [(String, Result<ModelDocument, InputDecodingError>)] = []

    init(from decoder: any Decoder) throws {
      let sources = try decoder.container(keyedBy: AnyKey.self).nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("sources"))
      for key in sources.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
        do {
          fits.append((key.stringValue, .success(try sources.decode(ModelDocument.self, forKey: key))))
        } catch let error as InputDecodingError {
          fits.append((key.stringValue, .failure(error)))
        }
      }
    }
  }

  /// `body`'s error named under `sources.NAME`.
  private static func under<T>(_ name: String, _ body: () throws(InputDecodingError) -> T) throws(InputDecodingError) -> T {
    do { return try body() } catch {
      let text = error.description
      throw InputDecodingError(
        text.hasPrefix("field '") ? "field 'sources.\(name).\(text.dropFirst("field '".count))" : "field 'sources.\(name)': \(text)",
        codingPath: ["sources", name] + error.codingPath)
    }
  }

  /// The first key of a fit that no version-1 document has.
  static func unknownKey(in object: [String: Any]) throws(InputDecodingError) {
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

  /// One fit (a version-1 document), its values checked.
  static func checked(_ document: ModelDocument) throws(InputDecodingError) -> ModelDocument {
    guard document.version == ModelDocument.currentVersion else {
      throw InputDecodingError(
        "field 'version' = \(document.version): each source's fit is a version-\(ModelDocument.currentVersion) document", codingPath: ["version"])
    }
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
    if let periods = document.periods {
      do { try periods.model.validate() } catch {
        guard case .invalid(let field, let reason) = error else { throw InputDecodingError("field 'periods': \(error)", codingPath: ["periods"]) }
        throw InputDecodingError("field 'periods.\(field)': \(reason)", codingPath: ["periods", field])
      }
    }
    let model = document.calibrated.gameModel(for: Projection(home: 100, away: 100))
    do { try model.validate() } catch {
      let key = ModelSettings.key(of: error.field)
      throw InputDecodingError("field 'model.\(key)': \(error)", codingPath: ["model", key])
    }
    return document
  }

  /// The model mcsim ships (`ShippedModel.json`).
  package static let shipped: ModelFile = {
    do { return try decode(Data(ShippedModel.json.utf8), source: "shipped model") } catch {
      fatalError("the shipped model does not read: \(error)")
    }
  }()

  /// Reads `path` (a file, `-`, or a URL).
  package static func read(_ path: String) throws -> ModelFile {
    let source = InputSource(path)
    return try decode(try source.read(), source: source.description)
  }
}
