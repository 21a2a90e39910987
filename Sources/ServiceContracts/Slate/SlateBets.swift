import Foundation
import UseCases

/// The bets file of `mcsim slate --bets FILE`: a list of legs on the slate's games, as a parlay
/// file writes them (`[{"game": "g1", "leg": "over:225.5"}, ...]`, or `{"legs": [...]}`), read
/// into drafts of legs (`SlateBet.parsed` parses them).
package enum SlateBets {
  private struct Wrapped: Decodable { var legs: [ParlayDraft.Leg] }

  package static func decode(_ data: Data) throws(InputDecodingError) -> [ParlayDraft.Leg] {
    if let list = try? InputDecodingError.decode([ParlayDraft.Leg].self, from: data) { return list }
    return try InputDecodingError.decode(Wrapped.self, from: data).legs
  }
}
