import Renderers
import Synchronization

/// The game pages' full pricing (`GameDetail`: pictures, scenarios, sensitivity) with its
/// picture drawn, kept for the live lines it was priced from: a page viewed again before the
/// lines change is served from here instead of simulated (about 1.4x10^6 games) and drawn
/// again. Holds at most one entry per game of one snapshot: a reading with other inputs
/// empties it first.
final class GameDetailCache: Sendable {
  private struct Entries {
    var inputs: UInt64 = 0
    var games: [String: GamePage.Detail] = [:]
  }

  private let entries = Mutex(Entries())

  /// The game's pricing for the lines fingerprinted `inputs`, if it was priced for them.
  func detail(_ id: String, inputs: UInt64) -> GamePage.Detail? {
    entries.withLock { $0.inputs == inputs ? $0.games[id] : nil }
  }

  func store(_ detail: GamePage.Detail, for id: String, inputs: UInt64) {
    entries.withLock {
      if $0.inputs != inputs { $0 = Entries(inputs: inputs) }
      $0.games[id] = detail
    }
  }
}
