import Foundation
import OddsMath

/// Every bet of a fair-odds report in the FairBet clients' shape, built once per read of the
/// live sources; the endpoints select from it at each request, by the request's clock: bets of
/// games that have not started for `/api/fairbet/odds`, of games under way (started less than
/// `inPlayWindow` ago) for the live ones.
package struct FairBetCatalog: Sendable {
  package struct Entry: Sendable {
    package let bet: FairBetBet
    package let game: FairBetGame
    /// The gate's reason, for the diagnostics.
    package let disabled: GateReason?
    /// Whether the bet was paired with another side.
    package let paired: Bool
  }

  package let entries: [Entry]
  package let games: [FairBetGame]
  /// Newest quote time per game id (`last_updated_at` of the live answer).
  package let lastQuote: [Int: Date]
  /// Events the report priced that name no teams or start time: left out, counted here.
  package let eventsLeftOut: Int

  /// A game is in play from its start to this long after it (the feed does not say final).
  package static let inPlayWindow: TimeInterval = 4 * 3600

  package init(report: FairOddsReport, games: [FairBetGame]) {
    let byEvent = Dictionary(games.map { ($0.event, $0) }, uniquingKeysWith: { a, _ in a })
    var thinnest: [Int: Int] = [:]
    var sides: [Int: [BetReport]] = [:]
    for b in report.bets {
      let fresh = b.prices.filter { !$0.isStale && !$0.isSharp }.count
      thinnest[b.marketIndex] = min(thinnest[b.marketIndex] ?? .max, fresh)
      sides[b.marketIndex, default: []].append(b)
    }
    var entries: [Entry] = []
    var last: [Int: Date] = [:]
    var leftOut = Set<String>()
    for b in report.bets {
      guard let game = byEvent[b.event] else {
        leftOut.insert(b.event)
        continue
      }
      let others = (sides[b.marketIndex] ?? []).filter { $0.selection != b.selection }
      entries.append(
        Entry(
          bet: FairBetBet(b, game: game, thinnerSide: thinnest[b.marketIndex] ?? 0, opposite: others.count == 1 ? others[0] : nil),
          game: game, disabled: b.disabledReason, paired: b.disabledReason != .noPair))
      for p in b.prices { last[game.gameID] = max(last[game.gameID] ?? p.observedAt, p.observedAt) }
    }
    self.entries = entries
    self.games = games.sorted { ($0.start, $0.gameID) < ($1.start, $1.gameID) }
    lastQuote = last
    eventsLeftOut = leftOut.count
  }

  package func isPregame(_ game: FairBetGame, now: Date) -> Bool { game.start > now }

  package func isInPlay(_ game: FairBetGame, now: Date) -> Bool {
    game.start <= now && now.timeIntervalSince(game.start) < Self.inPlayWindow
  }

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
