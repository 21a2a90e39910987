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
    /// The gate's reason, for the diagnostics.
    package let disabled: GateReason?
    /// Whether the bet was paired with another side.
    package let paired: Bool
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
    entries = board.entries.map { Entry(bet: FairBetBet($0), game: $0.game, disabled: $0.disabled, paired: $0.paired) }
  }

  package init(report: FairOddsReport, games: [FairBetGame]) {
    self.init(board: FairBoard(report: report, games: games))
  }

  package func isPregame(_ game: FairBetGame, now: Date) -> Bool { board.isPregame(game, now: now) }

  package func isInPlay(_ game: FairBetGame, now: Date) -> Bool { board.isInPlay(game, now: now) }

  /// The diagnostics of `entries` under the real server's keys (`total_pairs`, `total_unpaired`,
  /// `passed`, one count per reason), with `eligible` (what the iOS client reads for `passed`).
  package static func diagnostics(_ entries: [Entry]) -> [String: Int] {
    var out = ["total_pairs": 0, "total_unpaired": 0]
    for e in entries {
      out[e.paired ? "total_pairs" : "total_unpaired", default: 0] += 1
      if let reason = e.disabled {
        out[reason.rawValue, default: 0] += 1
      } else if e.bet.hasFair {
        out["passed", default: 0] += 1
      }
    }
    out["eligible"] = out["passed"] ?? 0
    return out
  }
}
