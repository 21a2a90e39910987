import Simulation

/// One line of `slate --watch --ndjson`: a move with the poll it was seen in, as one flat object
/// (the move's keys and `poll`).
public struct PolledMove: Encodable, Sendable {
  public let poll: Int
  public let move: LineMove

  public init(poll: Int, move: LineMove) {
    self.poll = poll
    self.move = move
  }

  public func encode(to encoder: any Encoder) throws {
    try AddedKey.encode(move, adding: "poll", poll, to: encoder)
  }
}
