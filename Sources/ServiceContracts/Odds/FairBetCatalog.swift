import Foundation
import OddsMath
import UseCases

/// The board's bets (`FairBoard`) in the FairBet clients' shape, mapped once per read of the live
/// sources; the endpoints select from it at each request, by the request's clock (the board's
/// `isPregame` and `isInPlay`).
package struct FairBetCatalog: Sendable {
  package struct Entry: Sendable {
    package let bet: FairBetBet
    package let game: FairBetGame
    /// The board's bet it maps.
    package let source: FairBoard.Entry
  }

  /// The board the bets are mapped from: what a parlay's legs are looked up in.
  package let board: FairBoard
  package let entries: [Entry]
  package var games: [FairBetGame] { board.games }
  /// Newest quote time per game id (`last_updated_at` of the live answer).
  package var lastQuote: [Int: Date] { board.lastQuote }
  /// Events the report priced that name no teams or start time: left out, counted here.
  package var eventsLeftOut: Int { board.eventsLeftOut }

  package init(board: FairBoard) {
    self.board = board
    entries = board.entries.map { Entry(bet: FairBetBet($0), game: $0.game, source: $0) }
  }

  package init(report: FairOddsReport, games: [FairBetGame]) {
    self.init(board: FairBoard(report: report, games: games))
  }

  package func isPregame(_ game: FairBetGame, now: Date) -> Bool { board.isPregame(game, now: now) }

  /// The bets `query` selects from `entries` (`FairBetQuery.select`), in its order, each with
  /// only the asked book's (by name or feed key) and the sharp books' prices when it names a
  /// `book`.
  package static func bets(_ entries: [Entry], query: FairBetQuery) -> [FairBetBet] {
    let selected = query.select(entries, entry: \.source).map(\.bet)
    guard let book = query.book else { return selected }
    return selected.map { bet in
      var b = bet
      b.books = bet.books.filter { $0.book.lowercased() == book || $0.bookKey.lowercased() == book || $0.isSharp }
      return b
    }
  }

  package func isInPlay(_ game: FairBetGame, now: Date) -> Bool { board.isInPlay(game, now: now) }

  /// The diagnostics of `entries` (`BoardDiagnostics`) under the real server's keys
  /// (`total_pairs`, `total_unpaired`, `passed`, one count per reason), with `eligible` (what the
  /// iOS client reads for `passed`).
  package static func diagnostics(_ entries: [Entry]) -> [String: Int] {
    let d = BoardDiagnostics(entries.map(\.source))
    var out = ["total_pairs": d.paired, "total_unpaired": d.unpaired, "eligible": d.passed]
    if d.passed > 0 { out["passed"] = d.passed }
    for (reason, count) in d.gated { out[reason.rawValue] = count }
    return out
  }
}
