/// A feed game that could not be put on the slate, and why. Listed, never dropped silently.
public struct UnmatchedGame: Hashable, Sendable, Encodable {
  public let event: String
  public let home: String?
  public let away: String?
  public let reason: String

  public init(event: String, home: String?, away: String?, reason: String) {
    self.event = event
    self.home = home
    self.away = away
    self.reason = reason
  }
}
