import Foundation
import OddsMath

/// A game as the FairBet clients name it: an integer `game_id` (the real server's database id;
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
    let words = bet.selection.split(separator: " ").map(String.init)
    let side = words.last?.lowercased()
    if bet.category == .playerProp, let side, side == "over" || side == "under" {
      return "player:\(slug(words.dropLast().joined(separator: " "))):\(side)"
    }
    if let side, side == "over" || side == "under", words.count == 1 { return "total:\(side)" }
    if let side, side == "over" || side == "under" {
      return "total:\(slug(words.dropLast().joined(separator: " "))):\(side)"
    }
    return "team:\(slug(bet.selection))"
  }

  /// The real server's categories: `mainline`, `player_prop`, `team_prop`, `alternate`.
  package static func marketCategory(_ bet: BetReport) -> String {
    let key = bet.market.lowercased()
    if bet.category == .playerProp || key.hasPrefix("player_") || key.hasPrefix("batter_") || key.hasPrefix("pitcher_") {
      return "player_prop"
    }
    if key.hasPrefix("team_total") { return "team_prop" }
    if key.hasPrefix("alternate_") { return "alternate" }
    return "mainline"
  }

  /// A market key as the clients title it ("Moneyline", "Spread", "Total", "Player Points").
  package static func marketDisplayName(_ market: String) -> String {
    switch market.lowercased() {
    case "h2h": "Moneyline"
    case "spreads": "Spread"
    case "totals": "Total"
    default: market.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }
  }

  /// "Orlando Magic -3.5", "Orlando Magic ML", "Over 224.5", "Caris LeVert Over 11.5".
  package static func selectionDisplay(_ bet: BetReport) -> String {
    let line = bet.line.map { $0 == $0.rounded() ? String(Int($0)) : String($0) }
    switch bet.market.lowercased() {
    case "h2h": return "\(bet.selection) ML"
    case "spreads": return "\(bet.selection) \(bet.line.map { ($0 > 0 ? "+" : "") + line! } ?? "")"
    default: return line.map { "\(bet.selection) \($0)" } ?? bet.selection
    }
  }
}
