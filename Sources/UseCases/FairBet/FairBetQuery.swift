import Foundation

/// The query of `GET /api/fairbet/odds` and `GET /api/fairbet/live`, as the real server reads
/// it: `league` (its code, any case), `market_category`, `exclude_categories` (repeated),
/// `game_id`, `book` (a display filter, by name or feed key: that book's prices and the sharp ones are kept),
/// `player_name` (a substring, any case), `min_ev` (percent: some book at least this),
/// `has_fair`, `sort_by` (`ev`, the default, `game_time` or `market`), `limit` (1...500, 100) and
/// `offset`. A bad value is a problem naming the parameter; an unknown parameter is ignored.
package struct FairBetQuery: Sendable {
  package enum Sort: String, Sendable, CaseIterable { case ev, gameTime = "game_time", market }

  package var league: String?
  package var marketCategory: String?
  package var excludeCategories: Set<String> = []
  package var gameID: Int?
  package var book: String?
  package var playerName: String?
  package var minEV: Double?
  package var hasFair: Bool?
  package var sort = Sort.ev
  package var limit = 100
  package var offset = 0
  package static let maxLimit = 500

  /// The parameters as (name, value) pairs; `problems` gets each refused one as (name, value,
  /// why).
  package init(_ parameters: [(String, String)], problems: inout [(String, String, String)]) {
    func one(_ name: String) -> String? { parameters.last { $0.0 == name }?.1 }
    league = one("league")?.uppercased()
    marketCategory = one("market_category")
    excludeCategories = Set(parameters.filter { $0.0 == "exclude_categories" }.flatMap { $0.1.split(separator: ",").map(String.init) })
    book = one("book")?.lowercased()
    playerName = one("player_name")?.lowercased()
    if let text = one("game_id") {
      if let n = Int(text) { gameID = n } else { problems.append(("game_id", text, "must be a whole number")) }
    }
    if let text = one("min_ev") {
      if let x = Double(text), x.isFinite { minEV = x } else { problems.append(("min_ev", text, "must be a number (percent)")) }
    }
    if let text = one("has_fair") {
      switch text.lowercased() {
      case "true", "1", "yes", "on", "t", "y": hasFair = true
      case "false", "0", "no", "off", "f", "n": hasFair = false
      default: problems.append(("has_fair", text, "must be true or false"))
      }
    }
    if let text = one("sort_by") {
      if let s = Sort(rawValue: text) {
        sort = s
      } else {
        problems.append(("sort_by", text, "must be one of ev, game_time, market"))
      }
    }
    if let text = one("limit") {
      if let n = Int(text), (1...Self.maxLimit).contains(n) {
        limit = n
      } else {
        problems.append(("limit", text, "must be a whole number in 1...\(Self.maxLimit)"))
      }
    }
    if let text = one("offset") {
      if let n = Int(text), n >= 0 { offset = n } else { problems.append(("offset", text, "must be a whole number >= 0")) }
    }
  }

  /// Whether the query keeps `entry` (all filters but `book`, which trims the books shown:
  /// `FairBetCatalog`'s mapping applies it).
  package func keeps(_ entry: FairBoard.Entry) -> Bool {
    let category = entry.category
    if let league, entry.game.leagueCode != league { return false }
    if let marketCategory, category != marketCategory { return false }
    if excludeCategories.contains(category) { return false }
    if let gameID, entry.game.gameID != gameID { return false }
    if let playerName, !(entry.playerName?.lowercased().contains(playerName) ?? false) { return false }
    if let hasFair, entry.hasFair != hasFair { return false }
    if let minEV, !entry.report.prices.contains(where: { (entry.shownEVPercent($0) ?? -.infinity) >= minEV }) { return false }
    return true
  }

  /// The kept items (each a board's bet, `entry`) in the query's order: best EV first, ties by
  /// game time and the bet's name; by start time, market and name; by market, selection, line
  /// and name.
  /// A bet's sort keys (`select`), computed once a bet.
  struct SortKey {
    let ev: Double, start: Date, market: String, selection: String, line: Double, label: String
  }

  package func select<Item>(_ items: [Item], entry: (Item) -> FairBoard.Entry) -> [Item] {
    // Each kept item's sort key, once: its EV (best first), start, market, selection, line, and
    // last the bet's own name, so equal keys never depend on the sort's luck.
    let kept = items.compactMap { item -> (item: Item, key: SortKey)? in
      let e = entry(item)
      guard keeps(e) else { return nil }
      let key = SortKey(
        ev: -(e.bestShownEVPercent ?? -.infinity), start: e.game.start, market: e.report.market, selection: e.selectionKey,
        line: e.report.line ?? 0, label: e.report.label)
      return (item, key)
    }
    let sorted = kept.sorted { x, y in
      let a = x.key, b = y.key
      switch sort {
      case .ev: return (a.ev, a.start, a.label) < (b.ev, b.start, b.label)
      case .gameTime: return (a.start, a.market, a.label) < (b.start, b.market, b.label)
      case .market: return (a.market, a.selection, a.line, a.label) < (b.market, b.selection, b.line, b.label)
      }
    }
    return sorted.map(\.item)
  }
}
