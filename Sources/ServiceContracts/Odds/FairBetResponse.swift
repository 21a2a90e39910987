import Foundation
import OddsMath
import UseCases

/// `GET /api/fairbet/odds` as the real fair-odds server answered it and its iOS and web clients
/// decode it (docs/contracts.md, "FairBet"): snake_case keys; `bets` of the games that have not
/// started, filtered, sorted and paged by the query; `total` (bets kept before paging);
/// `books_available`, `market_categories_available` and `games_available` (`{game_id, matchup,
/// game_date}`) over every pre-game bet; `ev_diagnostics`; `ev_config`. mcsim adds `limit`,
/// `offset`, `has_more`, `as_of` (the request's clock), `sharp_books` and `source`.
package struct FairBetResponse: Encodable, Sendable {
  package struct GameChoice: Encodable, Sendable {
    package let gameID: Int
    package let matchup: String
    package let gameDate: Date
    enum CodingKeys: String, CodingKey { case gameID = "game_id", matchup, gameDate = "game_date" }
  }

  package struct EVConfig: Encodable, Sendable {
    package let minBooksForDisplay = 3
    package let evColorThresholds = ["strong_positive": 5.0, "positive": 0.0]
    enum CodingKeys: String, CodingKey {
      case minBooksForDisplay = "min_books_for_display", evColorThresholds = "ev_color_thresholds"
    }
  }

  package let bets: [FairBetBet]
  package let total: Int
  package let booksAvailable: [String]
  package let marketCategoriesAvailable: [String]
  package let gamesAvailable: [GameChoice]
  package let evDiagnostics: [String: Int]
  package let evConfig = EVConfig()
  package let limit: Int
  package let offset: Int
  package let hasMore: Bool
  package let asOf: Date
  package let sharpBooks: [String]
  package let source: SourceStatus

  enum CodingKeys: String, CodingKey {
    case bets, total, booksAvailable = "books_available", marketCategoriesAvailable = "market_categories_available"
    case gamesAvailable = "games_available", evDiagnostics = "ev_diagnostics", evConfig = "ev_config"
    case limit, offset, hasMore = "has_more", asOf = "as_of", sharpBooks = "sharp_books", source
  }

  package init(catalog: FairBetCatalog, query: FairBetQuery, now: Date, sharpBooks: [String], source: SourceStatus) {
    let pregame = catalog.entries.filter { catalog.isPregame($0.game, now: now) }
    let selected = FairBetCatalog.bets(pregame, query: query)
    let page = selected.dropFirst(query.offset).prefix(query.limit)
    bets = Array(page)
    total = selected.count
    booksAvailable = Array(Set(pregame.flatMap { $0.bet.books.map(\.book) })).sorted()
    marketCategoriesAvailable = Array(Set(pregame.map(\.bet.marketCategory))).sorted()
    let games = Set(pregame.map(\.game.gameID))
    gamesAvailable = catalog.games.filter { games.contains($0.gameID) }.map {
      GameChoice(gameID: $0.gameID, matchup: $0.matchup, gameDate: $0.start)
    }
    evDiagnostics = FairBetCatalog.diagnostics(pregame.filter { query.keeps($0.source) })
    limit = query.limit
    offset = query.offset
    hasMore = query.offset + page.count < selected.count
    asOf = now
    self.sharpBooks = sharpBooks
    self.source = source
  }
}
