import Foundation
import UseCases

/// `GET /api/fairbet/live/games`: the games under way, as a bare array (the real server's
/// shape), by start time. `status` is `in_progress`.
package struct FairBetLiveGame: Encodable, Sendable {
  package let gameID: Int
  package let leagueCode: String
  package let homeTeam: String
  package let awayTeam: String
  package let gameDate: Date
  package let status = "in_progress"

  enum CodingKeys: String, CodingKey {
    case gameID = "game_id", leagueCode = "league_code", homeTeam = "home_team", awayTeam = "away_team"
    case gameDate = "game_date", status
  }

  package init(_ game: FairBetGame) {
    gameID = game.gameID
    leagueCode = game.leagueCode
    homeTeam = game.homeTeam
    awayTeam = game.awayTeam
    gameDate = game.start
  }

  /// The catalog's games in play at `now`, of `league` when given (its code, any case).
  package static func list(_ catalog: FairBetCatalog, now: Date, league: String?) -> [FairBetLiveGame] {
    catalog.games.filter { catalog.isInPlay($0, now: now) && (league == nil || $0.leagueCode == league!.uppercased()) }
      .map(FairBetLiveGame.init)
  }
}

/// `GET /api/fairbet/live?game_id=N`: one game under way, every bet of it with prices as they
/// are and EV against the sharp consensus (`market_category` and `sort_by` apply; no paging, as
/// the real server had none), `last_updated_at` the newest quote's time; where the live slate
/// priced the game in play, the `state` it priced it at (score and clock, `StateBlock`), each
/// bet's model price beside the books' (`FairBetBet`).
package struct FairBetLiveResponse: Encodable, Sendable {
  package let gameID: Int
  package let leagueCode: String
  package let homeTeam: String
  package let awayTeam: String
  package let bets: [FairBetBet]
  package let total: Int
  package let booksAvailable: [String]
  package let marketCategoriesAvailable: [String]
  @NullEncoded package var lastUpdatedAt: Date?
  package let evDiagnostics: [String: Int]
  package let source: SourceStatus
  package var state: StateBlock?

  enum CodingKeys: String, CodingKey {
    case gameID = "game_id", leagueCode = "league_code", homeTeam = "home_team", awayTeam = "away_team"
    case bets, total, booksAvailable = "books_available", marketCategoriesAvailable = "market_categories_available"
    case lastUpdatedAt = "last_updated_at", evDiagnostics = "ev_diagnostics", source, state
  }

  /// Nil when `game` is not under way at `now`.
  package init?(catalog: FairBetCatalog, gameID: Int, query: FairBetQuery, now: Date, source: SourceStatus) {
    guard let game = catalog.games.first(where: { $0.gameID == gameID }), catalog.isInPlay(game, now: now) else {
      return nil
    }
    let all = catalog.entries.filter { $0.game.gameID == gameID }
    var q = query
    q.gameID = gameID
    q.limit = FairBetQuery.maxLimit
    bets = FairBetCatalog.bets(all, query: q)
    self.gameID = gameID
    leagueCode = game.leagueCode
    homeTeam = game.homeTeam
    awayTeam = game.awayTeam
    total = bets.count
    booksAvailable = Array(Set(all.flatMap { $0.bet.books.map(\.book) })).sorted()
    marketCategoriesAvailable = Array(Set(all.map(\.bet.marketCategory))).sorted()
    lastUpdatedAt = catalog.lastQuote[gameID]
    evDiagnostics = FairBetCatalog.diagnostics(all.filter { q.keeps($0.source) })
    self.source = source
    state = catalog.board.inPlay[gameID].map { StateBlock($0.state) }
  }
}
