import Simulation
import UseCases

/// One line of `slate --watch --ndjson`: a move with the poll it was seen in, as one flat object
/// (the move's keys and `poll`).
package struct PolledMove: Encodable, Sendable {
  package let poll: Int
  package let move: LineMove

  package init(poll: Int, move: LineMove) {
    self.poll = poll
    self.move = move
  }

  package func encode(to encoder: any Encoder) throws {
    try AddedKey.encode(move, adding: "poll", poll, to: encoder)
  }
}
