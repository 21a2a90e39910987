/// Groups quotes into markets: all sides of one (event, market, line), each side with at most
/// one quote per book.
///
/// Opposite sides share the event, the market and the absolute line and differ in selection.
/// Totals quote the same line on both sides (over 225.5, under 225.5); spreads quote opposite
/// signs (home -3.5, away +3.5). A market whose quotes carry both signs is a spread market: each
/// quote's line is read from the point of view of the first selection in alphabetical order
/// (away +3.5 and home -3.5 are both "away +3.5"), which also keeps the alternate line home +3.5 /
/// away -3.5 apart from it. Moneylines and 1X2 markets have no line; any number of sides works.
/// The over and under of one subject's total are one market: two teams' totals at one line
/// ("Over Los Angeles Lakers", "Under Golden State Warriors", both 112.5) are two (`subject`).
struct BetGrouping {
  struct Side {
    let selection: String
    let line: Double?
    var quotes: [Quote]
  }

  struct Group {
    let event: String
    let market: String
    var sides: [Side]
    var category: MarketCategory { sides[0].quotes[0].category }
  }

  private(set) var groups: [Group] = []
  /// Duplicate quotes (same bet and book) that were replaced by a newer one.
  private(set) var issues: [String] = []

  init(_ quotes: [Quote]) {
    let unique = Self.newestPerBook(quotes, issues: &issues)

    struct EventMarket: Hashable { let event, market: String }
    var byEventMarket: [EventMarket: [Quote]] = [:]
    var order: [EventMarket] = []
    for q in unique {
      let key = EventMarket(event: q.event, market: q.market)
      if byEventMarket[key] == nil { order.append(key) }
      byEventMarket[key, default: []].append(q)
    }

    for key in order {
      let quotes = byEventMarket[key]!
      let isSpread = quotes.contains { ($0.line ?? 0) < 0 } && quotes.contains { ($0.line ?? 0) > 0 }
      let pivot = quotes.map(\.selection).min()!
      func marketLine(_ q: Quote) -> Double? {
        guard isSpread, let line = q.line, q.selection != pivot else { return q.line }
        return -line
      }
      var lineOrder: [Double?] = []
      var byLine: [Double?: [Quote]] = [:]
      for q in quotes {
        let line = marketLine(q)
        if byLine[line] == nil { lineOrder.append(line) }
        byLine[line, default: []].append(q)
      }
      for line in lineOrder {
        var subjects: [String] = []
        var sidesOf: [String: [Side]] = [:]
        for q in byLine[line]! {
          let subject = Self.subject(q.selection)
          if sidesOf[subject] == nil { subjects.append(subject) }
          if let i = sidesOf[subject, default: []].firstIndex(where: { $0.selection == q.selection }) {
            sidesOf[subject]![i].quotes.append(q)
          } else {
            sidesOf[subject, default: []].append(Side(selection: q.selection, line: q.line, quotes: [q]))
          }
        }
        for subject in subjects { groups.append(Group(event: key.event, market: key.market, sides: sidesOf[subject]!)) }
      }
    }
  }

  /// What a side of a total counts (`TotalSide`), lower case: "over los angeles lakers" and
  /// "under los angeles lakers" are one market; empty for the game's total and for any selection
  /// that is not a side of a total (a team, a draw).
  static func subject(_ selection: String) -> String { TotalSide.split(selection)?.subject.lowercased() ?? "" }

  /// Keeps the newest quote per (bet, book), in first-seen order, reporting the replaced ones.
  private static func newestPerBook(_ quotes: [Quote], issues: inout [String]) -> [Quote] {
    struct Key: Hashable { let bet: String; let line: Double?; let book: String }
    var kept: [Quote] = []
    var position: [Key: Int] = [:]
    for q in quotes {
      let key = Key(bet: q.betLabel, line: q.line, book: q.book.lowercased())
      guard let i = position[key] else {
        position[key] = kept.count
        kept.append(q)
        continue
      }
      let older = kept[i].observedAt <= q.observedAt ? kept[i] : q
      if older == kept[i] { kept[i] = q }
      issues.append(
        "duplicate quote for '\(q.betLabel)' from \(q.book): kept the one observed at "
          + "\(kept[i].observedAt.formatted(.iso8601)), dropped \(older.observedAt.formatted(.iso8601))")
    }
    return kept
  }
}
