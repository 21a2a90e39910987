import Foundation
import OddsMath

/// Every bet of the live fair-odds report on the FairBet board, graded once a read of the live
/// sources: each with its game, its `selection_key`, whether it has a fair price to show (one
/// exists and no gate withholds it), its confidence tier and the other side of its market. The
/// endpoints select from it at each request, by the request's clock: bets of games that have not
/// started for `/api/fairbet/odds`, of games under way (started less than `inPlayWindow` ago) for
/// the live ones. ServiceContracts maps it to the clients' shape (`FairBetCatalog`).
package struct FairBoard: Sendable {
  /// How many fresh books stand behind a fair price: the fewest fresh non-sharp books on any side
  /// of its market, at least 5 `full`, at least 3 `decent`, else `thin`.
  package enum Tier: String, Sendable, CaseIterable, Comparable {
    case thin, decent, full  // weakest first

    init(freshBooks: Int) { self = freshBooks >= 5 ? .full : freshBooks >= 3 ? .decent : .thin }

    package static func < (a: Tier, b: Tier) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }
  }

  package struct Entry: Sendable {
    package let report: BetReport
    package let game: FairBetGame
    package let selectionKey: String
    /// A fair probability exists and no gate withholds it.
    package let hasFair: Bool
    /// Nil when the bet has no reference to grade (unpaired, its reference missing or stale).
    package let tier: Tier?
    /// The other side of its market, when the market has two.
    package let opposite: BetReport?
    /// On a game under way that the live slate priced in play, the model's odds of the bet
    /// (`InPlayBoardGame`); nil before tip-off and for a bet the model does not price.
    package let model: ModelOdds?

    /// The gate's reason, for the diagnostics.
    package var disabled: GateReason? { report.disabledReason }
    /// Whether the bet was paired with another side.
    package var paired: Bool { report.disabledReason != .noPair }
    /// The fair probability, when the board shows one.
    package var fairProbability: Double? { hasFair ? report.fairProbability : nil }
    /// The fair probability as the board shows it (`true_prob`, 4 places): what a parlay's legs
    /// multiply, as the clients multiply it when the parlay call fails.
    package var shownFairProbability: Double? { fairProbability.map { PythonRound.rounded($0, 4) } }
    /// A book's EV as the board shows it (percent, 2 places); nil when the bet has no fair price
    /// to show or the quote none (stale).
    package func shownEVPercent(_ price: BookPrice) -> Double? {
      hasFair ? price.evPercent.map { PythonRound.rounded($0, 2) } : nil
    }
    /// The best price's EV as the board shows it (what `sort_by=ev` orders by).
    package var bestShownEVPercent: Double? { report.best.flatMap(shownEVPercent) }
    /// The board's category (`FairBetGame.marketCategory`).
    package var category: String { FairBetGame.marketCategory(report) }
    /// A player's prop's player (the selection without its side); nil for any other bet.
    package var playerName: String? {
      report.category == .playerProp ? report.selection.split(separator: " ").dropLast().joined(separator: " ") : nil
    }

    /// The market this bet is one side of, at any of its lines: the over and the under of a
    /// total (or of one player's or team's), both teams of a spread or a moneyline.
    package var market: String {
      "\(game.gameID)|\(report.market)|\(TotalSide.split(report.selection)?.subject ?? "")"
    }
  }

  /// The first two of `entries` on one market (`Entry.market`), by index, if any: a parlay of
  /// one side of a market each has none.
  package static func firstTwoOnOneMarket(_ entries: [Entry]) -> (Int, Int)? {
    var seen: [String: Int] = [:]
    for (i, entry) in entries.enumerated() {
      if let first = seen[entry.market] { return (first, i) }
      seen[entry.market] = i
    }
    return nil
  }

  package let entries: [Entry]
  /// By start, then id.
  package let games: [FairBetGame]
  /// Newest quote time per game id (`last_updated_at` of the live answer).
  package let lastQuote: [Int: Date]
  /// Events the report priced that name no teams or start time: left out, counted here.
  package let eventsLeftOut: Int
  /// The games the live slate priced in play, by game id.
  package let inPlay: [Int: InPlayBoardGame]

  /// A game is in play from its start to this long after it (the feed does not say final).
  package static let inPlayWindow: TimeInterval = 4 * 3600

  package init(report: FairOddsReport, games: [FairBetGame], inPlay: [Int: InPlayBoardGame] = [:]) {
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
      let tier: Tier?
      switch b.disabledReason {
      case .noPair, .referenceMissing, .referenceStale: tier = nil
      default: tier = Tier(freshBooks: thinnest[b.marketIndex] ?? 0)
      }
      entries.append(
        Entry(
          report: b, game: game, selectionKey: FairBetGame.selectionKey(b),
          hasFair: b.fairProbability != nil && b.disabledReason == nil, tier: tier,
          opposite: others.count == 1 ? others[0] : nil, model: inPlay[game.gameID]?.odds(b, game: game)))
      for p in b.prices { last[game.gameID] = max(last[game.gameID] ?? p.observedAt, p.observedAt) }
    }
    self.entries = entries
    self.games = games.sorted { ($0.start, $0.gameID) < ($1.start, $1.gameID) }
    lastQuote = last
    eventsLeftOut = leftOut.count
    self.inPlay = inPlay
  }

  package func isPregame(_ game: FairBetGame, now: Date) -> Bool { game.start > now }

  package func isInPlay(_ game: FairBetGame, now: Date) -> Bool {
    game.start <= now && now.timeIntervalSince(game.start) < Self.inPlayWindow
  }
}
