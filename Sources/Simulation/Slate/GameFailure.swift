/// Why a slate game was not evaluated: it has no betting line (the agent's NO_LINE verdict), or
/// its input is refused (a bad model, market or projection, said in words).
public enum GameFailure: Hashable, Sendable, CustomStringConvertible {
  case noLine
  case invalid(String)

  /// The agent's words for a game without a line; the refusal's own otherwise.
  public var description: String {
    switch self {
    case .noLine: "No betting line available"
    case .invalid(let message): message
    }
  }
}
