import Foundation
import LineFeeds
import ServiceContracts

/// Which fields an input may carry, where: the shape the unknown-field check walks. The field
/// names come from the input types themselves (`fieldNames`), never from a list kept here.
indirect enum FieldSchema: Sendable {
  /// An object with these fields; `children` describes the ones that nest.
  case object(Set<String>, children: [String: FieldSchema] = [:])
  /// An array whose elements follow the schema (elements of another JSON type are skipped).
  case array(FieldSchema)
  /// An object or an array (a bare list of the same items).
  case either(object: FieldSchema, array: FieldSchema)
  /// Not checked here (checked by its decoder, or free-form).
  case any

  static let simulateRequest = FieldSchema.object(SimulateRequest.fieldNames)
  static let player = FieldSchema.object(TradeRequest.playerFieldNames)
  static let tradeRequest = FieldSchema.object(
    TradeRequest.fieldNames, children: ["player_in": player, "player_out": player])
  static let squad = FieldSchema.either(
    object: .object(SquadFile.fieldNames, children: ["current_team": .array(player)]), array: .array(player))
  static let pool = FieldSchema.either(object: .object(["players"], children: ["players": .array(player)]), array: .array(player))
  static let quotes = FieldSchema.either(
    object: .object(["quotes"], children: ["quotes": .array(.object(QuoteFile.fieldNames))]),
    array: .array(.object(QuoteFile.fieldNames)))
  static let parlayRequest = FieldSchema.object(
    ParlayRequest.fieldNames,
    children: [
      "games": .array(.object(ParlayRequest.gameFieldNames)), "players": .array(.object(ParlayRequest.playerFieldNames)),
      "legs": .array(.object(ParlayRequest.legFieldNames)),
    ])
  static let propsProjections = FieldSchema.object(
    PropsProjections.fieldNames,
    children: ["players": .array(.object(ParlayRequest.playerFieldNames)), "season_averages": .object(["home", "away"])])
  /// A slate's top level and its `model` (each game's fields are reported by the slate decoder,
  /// in the game's warnings).
  static let slate = FieldSchema.either(
    object: .object(SlateFile.fieldTypes.names, children: ["games": .any, "model": .object(ModelSettings.fieldNames)]),
    array: .any)
}

enum UnknownFields {
  /// The paths of the fields `schema` does not know (`player_in.proj_scroes`, `quotes[3].bok`),
  /// in document order; none for a document that is not JSON (its decoder says why).
  static func find(in data: Data, _ schema: FieldSchema) -> [String] {
    guard let root = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return [] }
    var out: [String] = []
    walk(root, schema, path: "", into: &out)
    return out
  }

  private static func walk(_ value: Any, _ schema: FieldSchema, path: String, into out: inout [String]) {
    switch schema {
    case .any: return
    case .either(let object, let array):
      walk(value, value is [Any] ? array : object, path: path, into: &out)
    case .array(let element):
      guard let list = value as? [Any] else { return }
      for (i, item) in list.enumerated() { walk(item, element, path: "\(path)[\(i)]", into: &out) }
    case .object(let known, let children):
      guard let object = value as? [String: Any] else { return }
      for key in object.keys.sorted() {
        let here = path.isEmpty ? key : "\(path).\(key)"
        if !known.contains(key) {
          out.append(here)
        } else if let child = children[key], let v = object[key] {
          walk(v, child, path: here, into: &out)
        }
      }
    }
  }
}
