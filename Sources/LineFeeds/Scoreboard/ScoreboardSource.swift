import Foundation
import ServiceContracts
import UseCases

/// A scoreboard named on the command line (a file or URL), read at start-up and again on each
/// poll of a watch. A poll whose read fails keeps the last good board and says why: a failing
/// scoreboard never loses what was already read.
package final class ScoreboardSource: @unchecked Sendable {
  package let source: InputSource
  package private(set) var board: Scoreboard
  private var reads = 1

  /// Reads the board once: a board that cannot be read (`SourceError`) or decoded
  /// (`InputDecodingError`) is the input's fault.
  package init(_ source: InputSource) throws {
    self.source = source
    board = try Scoreboard.decode(try source.read())
  }

  /// The board for this poll: the start-up read the first time, a fresh read after (the last
  /// good board, with a warning, when that read fails).
  package func poll(warn: (String) -> Void) -> Scoreboard {
    defer { reads += 1 }
    guard reads > 1 else { return board }
    do { board = try Scoreboard.decode(try source.read()) } catch {
      warn("scoreboard \(source.description): \(error); keeping the last good read")
    }
    return board
  }
}
