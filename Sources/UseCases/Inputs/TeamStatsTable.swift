import Foundation

/// Team stats by team, from one source, with what that source could not give.
package struct TeamStatsTable: Sendable {
  package private(set) var teams: [TeamKey: TeamStats] = [:]
  /// In the order the source listed them.
  package private(set) var order: [TeamKey] = []
  /// Entries that could not be used, each with where it was and why.
  package var skipped: [String] = []
  /// Where the stats came from, in words ("teams.json (the platform's /api/teams)").
  package var source: String

  package init(source: String) {
    self.source = source
  }

  /// Adds a team; a second entry for the same team replaces the first, with a note.
  package mutating func add(_ stats: TeamStats) {
    let key = stats.key
    if teams[key] != nil {
      skipped.append("\(stats.name): a second entry for \(key) replaced the first")
    } else {
      order.append(key)
    }
    teams[key] = stats
  }

  /// The stats of the team a name stands for.
  package func stats(for name: String) -> TeamStats? {
    teams[TeamKey(name)]
  }

  package var count: Int { teams.count }
}
