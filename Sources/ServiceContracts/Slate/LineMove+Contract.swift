import Simulation
import UseCases

/// One line of `slate --watch --ndjson`: a game whose lines, prices or verdicts moved.
extension LineMove: Encodable {
  enum WireKeys: String, CodingKey { case gameID = "game_id", game, kind, changes, result }

  package func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode(gameID, forKey: .gameID)
    try c.encode(game, forKey: .game)
    try c.encode(kind, forKey: .kind)
    try c.encode(changes, forKey: .changes)
    try c.encodeIfPresent(result.map { SlateGameWire(mcsim: $0) }, forKey: .result)
  }
}
