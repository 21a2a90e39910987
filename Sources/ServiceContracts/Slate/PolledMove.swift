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

  enum CodingKeys: String, CodingKey { case poll }

  public func encode(to encoder: any Encoder) throws {
    try move.encode(to: encoder)
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(poll, forKey: .poll)
  }
}
