import Foundation
import OddsMath

/// A game as the FairBet board names it (and its clients with it): an integer `game_id` (the real server's database id;
/// here a stable hash of the feed's event id, the same at every refresh and on every server),
/// its league code, teams and start time.
package struct FairBetGame: Hashable, Sendable {
  package let gameID: Int
  /// The event label the fair-odds report's bets carry.
  package let event: String
  package let leagueCode: String
  package let homeTeam: String
  package let awayTeam: String
  package let start: Date

  package init(event: String, feedID: String?, league: String?, home: String, away: String, start: Date) {
    self.event = event
    gameID = Self.id(of: feedID ?? event)
    leagueCode = (league ?? "UNKNOWN").uppercased()
    homeTeam = home
    awayTeam = away
    self.start = start
  }

  /// A feed's games as the board lists them: those that name both teams and a start.
  package static func games(of feed: Feed) -> [FairBetGame] {
    feed.events.compactMap { e in
      guard let home = e.home, let away = e.away, let start = e.commenceTime else { return nil }
      return FairBetGame(event: e.label, feedID: e.id, league: e.league, home: home, away: away, start: start)
    }
  }

  /// "Away @ Home", as the clients' game picker shows it.
  package var matchup: String { "\(awayTeam) @ \(homeTeam)" }

  /// FNV-1a (64-bit) of the feed's id, kept to 31 bits: a positive integer that fits the
  /// clients' `Int`, JavaScript's safe integers and a 32-bit column alike.
  package static func id(of key: String) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return Int((hash ^ (hash >> 31)) & 0x7fff_ffff)
  }

  /// The real server's slug: lower case, spaces and hyphens to `_`, anything else outside
  /// `[a-z0-9_]` dropped, runs of `_` collapsed and trimmed.
  package static func slug(_ text: String) -> String {
    var out = ""
    for ch in text.lowercased() {
      if ch == " " || ch == "-" || ch == "\t" || ch == "_" {
        if !out.isEmpty && !out.hasSuffix("_") { out.append("_") }
      } else if ch.isASCII && (ch.isLetter || ch.isNumber) {
        out.append(ch)
      }
    }
    while out.hasSuffix("_") { out.removeLast() }
    return out
  }

  /// The bet's `selection_key`: `team:los_angeles_lakers` (moneyline, spread), `total:over`
  /// (game total), `player:lebron_james:over` (player prop), else the slug of the selection.
  package static func selectionKey(_ bet: BetReport) -> String {
    guard let (subject, side) = TotalSide.split(bet.selection) else { return "team:\(slug(bet.selection))" }
    if bet.category == .playerProp { return "player:\(slug(subject)):\(side)" }
    return subject.isEmpty ? "total:\(side)" : "total:\(slug(subject)):\(side)"
  }

  /// The real server's categories: `mainline`, `player_prop`, `team_prop`, `alternate`; and
  /// `period` for a half's or a quarter's main market (`PeriodMarketKey`: `totals_h1`, `h2h_q1`;
  /// a period's team total or alternate line keeps the real server's category).
  package static func marketCategory(_ bet: BetReport) -> String {
    let key = bet.market.lowercased()
    if bet.category == .playerProp || key.hasPrefix("player_") || key.hasPrefix("batter_") || key.hasPrefix("pitcher_") {
      return "player_prop"
    }
    if key.hasPrefix("team_total") { return "team_prop" }
    if key.hasPrefix("alternate_") { return "alternate" }
    if PeriodMarketKey.split(key).period != nil { return "period" }
    return "mainline"
  }
}
