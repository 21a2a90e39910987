import Simulation

/// A live scoreboard: each game's teams and, once it has tipped off, its state (period, clock,
/// score), as LineFeeds reads it (`Scoreboard.decode`, ESPN's public NBA scoreboard); `apply`
/// is the one rule by which a slate's games take their state from it.
package struct Scoreboard: Sendable {
  package struct Game: Sendable, Equatable {
    package var id: String
    package var home: String
    package var away: String
    /// The game's state once it has started; nil before tip-off (or postponed).
    package var state: GameState?
    /// ESPN's `state`: "pre", "in" or "post".
    package var status: String
    package var final: Bool

    package init(id: String, home: String, away: String, state: GameState? = nil, status: String, final: Bool) {
      self.id = id
      self.home = home
      self.away = away
      self.state = state
      self.status = status
      self.final = final
    }
  }

  package var games: [Game]
  /// Events that could not be read, each with its place and reason.
  package var rejected: [(location: String, reason: String)]

  package init(games: [Game] = [], rejected: [(location: String, reason: String)] = []) {
    self.games = games
    self.rejected = rejected
  }

  /// The state of the game between `home` and `away` (any names the team directory resolves),
  /// nil when the board does not list it or it has not started.
  package func game(home: TeamKey, away: TeamKey) -> Game? {
    games.first { TeamKey($0.home) == home && TeamKey($0.away) == away }
  }
}

extension Scoreboard {
  /// Gives each game of `games` the board lists its state: one rule for a slate file's games and
  /// a feed's. A game over is not priced ("final"); a game under way is priced in play when its
  /// prices are the user's (a slate file) or live in the feed, and not priced when the feed's
  /// prices are from before tip-off (they would read as edges). Returns how many games it matched.
  @discardableResult
  package func apply(to games: inout [SlateGame]) -> Int {
    var matched = 0
    for i in games.indices {
      guard let home = games[i].homeAbbr, let away = games[i].awayAbbr,
        let listed = game(home: TeamKey(home), away: TeamKey(away)), let state = listed.state
      else { continue }
      matched += 1
      if listed.final {
        games[i].problem = "final (\(state.homeScore)-\(state.awayScore)): the game is over"
        games[i].model = nil
      } else if games[i].info.startTime != nil && games[i].info.live != true {
        games[i].problem =
          "in play on the scoreboard (\(state.periodLabel) \(state.clock)), but the feed's prices are from before tip-off"
        games[i].model = nil
      } else {
        games[i].state = state
      }
    }
    return matched
  }
}
