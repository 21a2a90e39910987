import Multivariate

/// Where a game's projected points come from, known before tip-off.
package enum ProjectionSource: String, Hashable, Sendable, Codable, CaseIterable {
  /// The closing lines: the total T and the home spread s give home (T - s) / 2 and away
  /// (T + s) / 2 (a spread of -4 makes home 4 points better). Games without both lines have none.
  case market
  /// Season to date, the agent's formula as `slate --stats-from` computes it: over the games of
  /// the same season dated strictly before the game (every stage), home = (home ppg + away
  /// opp_ppg) / 2, away = (away ppg + home opp_ppg) / 2, final scores (overtime included).
  /// A game whose teams have fewer than `minimumGames` games each has none.
  case stats
  /// Team ratings fitted walk-forward on the results before the game's date (`RatingsReplay`):
  /// offense, defense, home advantage and back-to-backs by regularised least squares. A game
  /// whose teams have played fewer than `RatingsReplay.minimumGames` games in the file has none.
  case ratings
}

/// Projected points of the two teams of one game.
package struct Projection: Hashable, Sendable {
  package var home: Double
  package var away: Double

  package init(home: Double, away: Double) {
    self.home = home
    self.away = away
  }
}

/// The projection of every game from what was known before it: the game's own closing lines
/// (market) or the results of earlier dates (stats). Never a game's own result, nor any later one:
/// the stats of a date are taken before any game of that date is counted.
package enum Projections {
  /// Games a team must have played this season before its stats project it.
  package static let minimumGames = 5

  /// One projection per game (nil where none can be made), in the order of `games`, which must be
  /// in date order (as `GameResultsFile` guarantees). Ratings use `ratings`' hyperparameters and
  /// LAPACK (the error says when it cannot be loaded).
  package static func compute(
    _ games: [HistoricalGame], source: ProjectionSource, ratings: RatingsSettings = .defaults,
    minimumGames: Int = minimumGames
  ) throws(MultivariateError) -> [Projection?] {
    switch source {
    case .ratings:
      return try RatingsReplay.projections(games, settings: ratings, minimumGames: minimumGames)
    case .market:
      return games.map { g in
        guard let t = g.closeTotal, let s = g.closeSpreadHome else { return nil }
        return Projection(home: (t - s) / 2, away: (t + s) / 2)
      }
    case .stats:
      struct Tally {
        var games = 0
        var scored = 0
        var allowed = 0
        mutating func add(scored s: Int, allowed a: Int) {
          games += 1
          scored += s
          allowed += a
        }
      }
      var tallies: [String: Tally] = [:]  // key: season + team
      var out = [Projection?](repeating: nil, count: games.count)
      var start = 0
      while start < games.count {
        var end = start
        while end < games.count && games[end].date == games[start].date { end += 1 }
        // Every game of the date from the tallies before it ...
        for i in start..<end {
          let g = games[i]
          guard let h = tallies[g.season + "|" + g.home], let a = tallies[g.season + "|" + g.away],
            h.games >= minimumGames, a.games >= minimumGames
          else { continue }
          let hppg = Double(h.scored) / Double(h.games), hopp = Double(h.allowed) / Double(h.games)
          let appg = Double(a.scored) / Double(a.games), aopp = Double(a.allowed) / Double(a.games)
          out[i] = Projection(home: (hppg + aopp) / 2, away: (appg + hopp) / 2)
        }
        // ... then the date's results are counted.
        for i in start..<end {
          let g = games[i]
          tallies[g.season + "|" + g.home, default: Tally()].add(scored: g.homeScore, allowed: g.awayScore)
          tallies[g.season + "|" + g.away, default: Tally()].add(scored: g.awayScore, allowed: g.homeScore)
        }
        start = end
      }
      return out
    }
  }
}
