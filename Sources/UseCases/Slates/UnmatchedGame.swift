/// A feed game that could not be put on the slate, and why. Listed, never dropped silently.
package struct UnmatchedGame: Hashable, Sendable, Encodable {
  package let event: String
  package let home: String?
  package let away: String?
  package let reason: String

  package init(event: String, home: String?, away: String?, reason: String) {
    self.event = event
    self.home = home
    self.away = away
    self.reason = reason
  }
}
