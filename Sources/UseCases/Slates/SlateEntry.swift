import Simulation

/// A game of a slate with the teams it is matched by (to a feed's lines).
package struct SlateEntry: Sendable {
  package var game: SlateGame
  package var home: TeamKey?
  package var away: TeamKey?
  /// The game's keys that no field of a slate game has (also in the game's notes, as warnings).
  package var unknownFields: [String]

  package init(game: SlateGame, home: TeamKey?, away: TeamKey?, unknownFields: [String] = []) {
    self.game = game
    self.home = home
    self.away = away
    self.unknownFields = unknownFields
  }
}
