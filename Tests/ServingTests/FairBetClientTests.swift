import Foundation
import Serving
import XCTest

/// What the FairBet clients require of `/api/fairbet/*`, written from their public code
/// (dock108dev/scroll-down-ios `ScrollDown/Sources/FairBet/Models`, scroll-down-web's
/// `lib/types.ts`, the fair-odds server's `fairbet` router; docs/contracts.md "FairBet"): the
/// iOS client's Codable shapes, decoded with a plain `JSONDecoder` and `.iso8601` dates as it
/// decodes them. A missing key, a wrong type (a fractional `reference_price` for its `Int?`), a
/// null where it needs a value, or an unknown tier fails these tests as it fails the app.
final class FairBetClientTests: XCTestCase {
  // MARK: The iOS client's requirements

  struct BetsResponse: Decodable {
    let bets: [APIBet]
    let total: Int
    let booksAvailable: [String]
    let gamesAvailable: [GameDropdown]?
    let marketCategoriesAvailable: [String]?
    let evDiagnostics: [String: Int]?
    enum CodingKeys: String, CodingKey {
      case bets, total, booksAvailable = "books_available", gamesAvailable = "games_available"
      case marketCategoriesAvailable = "market_categories_available", evDiagnostics = "ev_diagnostics"
    }
  }

  struct GameDropdown: Decodable {
    let gameId: Int
    let matchup: String
    let gameDate: String
    enum CodingKeys: String, CodingKey { case gameId = "game_id", matchup, gameDate = "game_date" }
  }

  struct APIBet: Decodable {
    let gameId: Int
    let leagueCode: String
    let homeTeam: String
    let awayTeam: String
    let gameDate: Date
    let marketKey: String
    let selectionKey: String
    let lineValue: Double?
    let marketCategory: String?
    let playerName: String?
    let trueProb: Double?
    let referencePrice: Int?
    let oppositeReferencePrice: Int?
    let evConfidenceTier: String?
    let evDisabledReason: String?
    let evMethod: String?
    let hasFair: Bool?
    let fairAmericanOdds: Int?
    let selectionDisplay: String?
    let marketDisplayName: String?
    let bestBookName: String?
    let bestEvPercent: Double?
    let books: [BookPrice]
    enum CodingKeys: String, CodingKey {
      case gameId = "game_id", leagueCode = "league_code", homeTeam = "home_team", awayTeam = "away_team"
      case gameDate = "game_date", marketKey = "market_key", selectionKey = "selection_key", lineValue = "line_value"
      case marketCategory = "market_category", playerName = "player_name", trueProb = "true_prob"
      case referencePrice = "reference_price", oppositeReferencePrice = "opposite_reference_price"
      case evConfidenceTier = "ev_confidence_tier", evDisabledReason = "ev_disabled_reason", evMethod = "ev_method"
      case hasFair = "has_fair", fairAmericanOdds = "fair_american_odds", selectionDisplay = "selection_display"
      case marketDisplayName = "market_display_name", bestBookName = "best_book_name", bestEvPercent = "best_ev_percent"
      case books
    }
  }

  struct BookPrice: Decodable {
    let book: String
    /// mcsim's: the feed's key of the book.
    let bookKey: String
    let price: Double
    let observedAt: Date
    let evPercent: Double?
    let impliedProb: Double?
    let trueProb: Double?
    let isSharp: Bool?
    let evMethod: String?
    let evConfidenceTier: String?
    let bookAbbr: String?
    let priceDecimal: Double?
    let evTier: String?
    enum CodingKeys: String, CodingKey {
      case book, bookKey = "book_key", price, observedAt = "observed_at", evPercent = "ev_percent", impliedProb = "implied_prob"
      case trueProb = "true_prob", isSharp = "is_sharp", evMethod = "ev_method", evConfidenceTier = "ev_confidence_tier"
      case bookAbbr = "book_abbr", priceDecimal = "price_decimal", evTier = "ev_tier"
    }
  }

  struct LiveGameInfo: Decodable {
    let gameId: Int
    let leagueCode: String
    let homeTeam: String
    let awayTeam: String
    let gameDate: String
    let status: String
    enum CodingKeys: String, CodingKey {
      case gameId = "game_id", leagueCode = "league_code", homeTeam = "home_team", awayTeam = "away_team"
      case gameDate = "game_date", status
    }
  }

  struct FairbetLiveResponse: Decodable {
    let gameId: Int
    let leagueCode: String?
    let homeTeam: String?
    let awayTeam: String?
    let bets: [APIBet]
    let total: Int
    let booksAvailable: [String]
    let marketCategoriesAvailable: [String]?
    let lastUpdatedAt: String?
    enum CodingKeys: String, CodingKey {
      case gameId = "game_id", leagueCode = "league_code", homeTeam = "home_team", awayTeam = "away_team", bets, total
      case booksAvailable = "books_available", marketCategoriesAvailable = "market_categories_available"
      case lastUpdatedAt = "last_updated_at"
    }
  }

  struct ParlayEvaluateResponse: Decodable {
    let fairProbability: Double
    let fairAmericanOdds: Int
    let confidence: String
    let legCount: Int
    enum CodingKeys: String, CodingKey {
      case fairProbability = "fair_probability", fairAmericanOdds = "fair_american_odds", confidence
      case legCount = "leg_count"
    }
  }

  /// The iOS app's abbreviation of a book's name (`BookNameHelper.abbreviated`): its table, else
  /// the name's first three letters in capitals.
  static func appAbbreviation(_ name: String) -> String {
    switch name {
    case "DraftKings": "DK"
    case "FanDuel": "FD"
    case "BetMGM": "MGM"
    case "Caesars": "CZR"
    case "ESPNBet", "ESPN BET": "ESPN"
    case "Fanatics": "FAN"
    case "Hard Rock Bet": "HR"
    case "Pinnacle": "PIN"
    case "PointsBet", "PointsBet (US)": "PB"
    case "bet365": "365"
    case "Betway": "BWY"
    case "Circa Sports": "CIR"
    case "Fliff": "FLF"
    case "SI Sportsbook": "SI"
    case "theScore Bet": "SCR"
    case "Tipico": "TIP"
    case "Unibet": "UNI"
    default: String(name.prefix(3)).uppercased()
    }
  }

  func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try decoder.decode(type, from: data)
  }

  // MARK: A server on the fixture feed, its clock pinned

  /// Before the fixture night's first game (23:10 UTC): every game pre-game.
  static let beforeTipOff = "2026-03-31T20:00:00Z"
  /// 20 minutes into the first game (Phoenix Suns @ Orlando Magic), before the others.
  static let duringFirstGame = "2026-03-31T23:30:00Z"

  func fairBetServer(now: String, keys: Set<String>? = nil) async throws -> TestServer {
    let feed = Bundle.module.url(forResource: LiveSourceTests.feedName, withExtension: nil, subdirectory: "Resources")!.path
    let stats = Fixture.projectRoot.appendingPathComponent("Scenarios/feed_team_stats.json").path
    let server = try await serve {
      var live = LiveSourceConfiguration(odds: feed)
      live.stats = stats
      live.asOf = LiveSourceTests.feedDay
      $0.live = live
      $0.now = ISO8601DateFormatter().date(from: now)
      $0.apiKeys = keys
    }
    try await waitFor("the live source's first read") {
      try await server.get("/api/fairbet/odds?limit=1", headers: ["X-API-Key": keys?.first ?? ""]).status == 200
    }
    return server
  }

  // MARK: Tests

  func testTheOddsDecodeAsTheIOSClientDecodesThem() async throws {
    let server = try await fairBetServer(now: Self.beforeTipOff)
    let reply = try await server.get("/api/fairbet/odds?limit=500")
    XCTAssertEqual(reply.status, 200)
    let page = try decode(BetsResponse.self, reply.body)
    XCTAssertEqual(page.bets.count, page.total)
    XCTAssertGreaterThan(page.total, 40)
    // Every fixture game is ahead: each in the game picker with its id, matchup and start.
    XCTAssertEqual(page.gamesAvailable?.count, 8)
    XCTAssertEqual(page.gamesAvailable?.first?.matchup, "Phoenix Suns @ Orlando Magic")
    let ids = Set(page.bets.map(\.gameId))
    XCTAssertEqual(ids, Set(page.gamesAvailable!.map(\.gameId)))
    XCTAssertEqual(page.marketCategoriesAvailable, ["mainline"])
    for bet in page.bets {
      XCTAssertEqual(bet.leagueCode, "NBA")
      XCTAssertTrue(["h2h", "spreads", "totals"].contains(bet.marketKey), bet.marketKey)
      switch bet.marketKey {
      case "totals": XCTAssertTrue(["total:over", "total:under"].contains(bet.selectionKey), bet.selectionKey)
      default:
        let teams = [bet.homeTeam, bet.awayTeam].map { "team:" + $0.lowercased().replacingOccurrences(of: " ", with: "_") }
        XCTAssertTrue(teams.contains(bet.selectionKey), bet.selectionKey)
      }
      // The tiers the current client shows; anything else it hides.
      if let tier = bet.evConfidenceTier { XCTAssertTrue(["full", "decent", "thin"].contains(tier), tier) }
      if bet.hasFair == true {
        let p = try XCTUnwrap(bet.trueProb)
        XCTAssertEqual(p, (p * 10_000).rounded() / 10_000, "true_prob to 4 places")
        let fair = try XCTUnwrap(bet.fairAmericanOdds)
        XCTAssertTrue(fair <= -100 || fair >= 100, "\(fair)")
        XCTAssertNotNil(bet.bestBookName)
      } else {
        XCTAssertNil(bet.trueProb, "a gated bet carries no fair price: the app would show it as an estimate")
        XCTAssertNil(bet.fairAmericanOdds)
      }
      XCTAssertGreaterThan(bet.gameDate, ISO8601DateFormatter().date(from: Self.beforeTipOff)!)
      XCTAssertEqual(bet.books.map(\.price), bet.books.map(\.price).sorted(by: >), "books by price, highest first")
      for book in bet.books {
        if let ev = book.evPercent { XCTAssertEqual(ev, (ev * 100).rounded() / 100, "ev_percent to 2 places") }
      }
    }
  }

  /// The app abbreviates each book from the name it is sent: every book of the answers shows a
  /// distinct abbreviation (five had shown "BET" when the feed's keys were sent), `book_abbr`
  /// says the same, the feed's key is beside the name, and `book=` takes either.
  func testEveryBookShowsADistinctAbbreviationInTheApp() async throws {
    let server = try await fairBetServer(now: Self.beforeTipOff)
    let reply = try await server.get("/api/fairbet/odds?limit=500")
    let page = try decode(BetsResponse.self, reply.body)
    var keyOfName: [String: String] = [:]
    for book in page.bets.flatMap(\.books) {
      XCTAssertEqual(keyOfName[book.book, default: book.bookKey], book.bookKey, "one name, one feed key")
      keyOfName[book.book] = book.bookKey
      XCTAssertEqual(book.bookAbbr, Self.appAbbreviation(book.book))
    }
    XCTAssertEqual(Set(keyOfName.keys), Set(page.booksAvailable))
    let abbreviations = keyOfName.keys.map(Self.appAbbreviation)
    XCTAssertEqual(Set(abbreviations).count, abbreviations.count, "\(keyOfName.keys.sorted()) show as \(abbreviations.sorted())")
    XCTAssertEqual(keyOfName["Rivers (BetRivers)"], "betrivers")
    XCTAssertEqual(keyOfName["BetMGM"], "betmgm")
    for filter in ["betrivers", "Rivers%20(BetRivers)"] {
      let one = try decode(BetsResponse.self, try await server.get("/api/fairbet/odds?limit=500&book=\(filter)").body)
      XCTAssertEqual(Set(one.bets.flatMap(\.books).filter { $0.isSharp != true }.map(\.book)), ["Rivers (BetRivers)"], filter)
    }
  }

  func testFiltersSortsAndPagesAsTheRealServer() async throws {
    let server = try await fairBetServer(now: Self.beforeTipOff)
    let all = try decode(BetsResponse.self, try await server.get("/api/fairbet/odds?limit=500").body)
    let game = all.bets[0].gameId
    let one = try decode(BetsResponse.self, try await server.get("/api/fairbet/odds?limit=500&game_id=\(game)").body)
    XCTAssertEqual(one.total, all.bets.filter { $0.gameId == game }.count)
    XCTAssertTrue(one.bets.allSatisfy { $0.gameId == game })
    let fair = try decode(BetsResponse.self, try await server.get("/api/fairbet/odds?limit=500&has_fair=true").body)
    XCTAssertEqual(fair.total, all.bets.filter { $0.hasFair == true }.count)
    XCTAssertLessThan(fair.total, all.total, "the fixture has bets without a fair price")
    let positive = try decode(BetsResponse.self, try await server.get("/api/fairbet/odds?limit=500&min_ev=0").body)
    XCTAssertTrue(positive.bets.allSatisfy { $0.books.contains { ($0.evPercent ?? -1) >= 0 } })
    let props = try decode(BetsResponse.self, try await server.get("/api/fairbet/odds?market_category=player_prop").body)
    XCTAssertEqual(props.total, 0)
    // Sorted by best EV by default; by start time on request.
    let evs = all.bets.map { $0.bestEvPercent ?? -.infinity }
    XCTAssertEqual(evs, evs.sorted(by: >))
    let byTime = try decode(BetsResponse.self, try await server.get("/api/fairbet/odds?limit=500&sort_by=game_time").body)
    XCTAssertEqual(byTime.bets.map(\.gameDate), byTime.bets.map(\.gameDate).sorted())
    // Offset paging returns the next bets, not the first page again.
    let page2 = try decode(BetsResponse.self, try await server.get("/api/fairbet/odds?limit=10&offset=10").body)
    XCTAssertEqual(page2.bets.map(\.selectionKey), all.bets[10..<20].map(\.selectionKey))
    for bad in ["limit=501", "game_id=x", "min_ev=abc", "sort_by=price", "has_fair=maybe"] {
      let reply = try await server.get("/api/fairbet/odds?\(bad)")
      XCTAssertEqual(reply.status, 422, bad)
      XCTAssertEqual(reply.json.list("errors").first?["field"] as? String, String(bad.split(separator: "=")[0]), bad)
    }
  }

  func testLiveGamesAndOneLiveGame() async throws {
    let server = try await fairBetServer(now: Self.duringFirstGame)
    let gamesReply = try await server.get("/api/fairbet/live/games")
    XCTAssertEqual(gamesReply.status, 200)
    let games = try decode([LiveGameInfo].self, gamesReply.body)
    XCTAssertEqual(games.map(\.homeTeam), ["Orlando Magic"])
    XCTAssertEqual(games.first?.status, "in_progress")
    let id = try XCTUnwrap(games.first?.gameId)
    let reply = try await server.get("/api/fairbet/live?game_id=\(id)")
    XCTAssertEqual(reply.status, 200)
    let live = try decode(FairbetLiveResponse.self, reply.body)
    XCTAssertEqual(live.gameId, id)
    XCTAssertEqual(live.total, live.bets.count)
    XCTAssertGreaterThan(live.total, 0)
    // Gated live bets (too few books, outliers) carry no fair price, as has_fair says.
    XCTAssertTrue(live.bets.contains { $0.hasFair != true }, "the live fixture has gated bets")
    for bet in live.bets where bet.hasFair != true {
      XCTAssertNil(bet.trueProb, bet.selectionKey)
      XCTAssertNil(bet.fairAmericanOdds, bet.selectionKey)
    }
    XCTAssertNotNil(live.lastUpdatedAt)
    // The game under way is no longer among the pre-game bets.
    let pregame = try decode(BetsResponse.self, try await server.get("/api/fairbet/odds?limit=500").body)
    XCTAssertFalse(pregame.bets.contains { $0.gameId == id })
    XCTAssertEqual(pregame.gamesAvailable?.count, 7)
    let later = try XCTUnwrap(pregame.gamesAvailable?.first?.gameId)
    let status1 = try await server.get("/api/fairbet/live?game_id=\(later)").status
    XCTAssertEqual(status1, 404)
    let status2 = try await server.get("/api/fairbet/live").status
    XCTAssertEqual(status2, 422)
  }

  func testAParlayOfOneGamesLegsIsCorrelatedAndOfTwoGamesIndependent() async throws {
    let server = try await fairBetServer(now: Self.beforeTipOff)
    let bets = try decode(BetsResponse.self, try await server.get("/api/fairbet/odds?limit=500&has_fair=true").body).bets
    func leg(_ b: APIBet) -> [String: Any] {
      ["game_id": b.gameId, "market_key": b.marketKey, "selection_key": b.selectionKey, "line_value": b.lineValue ?? 0]
    }
    // A team's spread and its moneyline win together far more often than independence says.
    let game = bets[0].gameId
    let home = "team:" + bets[0].homeTeam.lowercased().replacingOccurrences(of: " ", with: "_")
    let spread = try XCTUnwrap(bets.first { $0.gameId == game && $0.marketKey == "spreads" && $0.selectionKey == home })
    let moneyline = try XCTUnwrap(bets.first { $0.gameId == game && $0.marketKey == "h2h" && $0.selectionKey == home })
    let same = try await server.post("/api/fairbet/parlay/evaluate", json: ["legs": [leg(spread), leg(moneyline)]])
    XCTAssertEqual(same.status, 200, same.text)
    let sameGame = try decode(ParlayEvaluateResponse.self, same.body)
    let product = spread.trueProb! * moneyline.trueProb!
    XCTAssertEqual(sameGame.legCount, 2)
    XCTAssertGreaterThan(sameGame.fairProbability, product * 1.2)
    XCTAssertLessThanOrEqual(sameGame.fairProbability, min(spread.trueProb!, moneyline.trueProb!) + 1e-6)
    XCTAssertTrue(["full", "decent", "thin"].contains(sameGame.confidence))
    // Two games: the product, exactly (to the 6 places sent).
    let other = try XCTUnwrap(bets.first { $0.gameId != game && $0.marketKey == "totals" })
    let two = try decode(
      ParlayEvaluateResponse.self,
      try await server.post("/api/fairbet/parlay/evaluate", json: ["legs": [leg(spread), leg(other)]]).body)
    XCTAssertEqual(two.fairProbability, ((spread.trueProb! * other.trueProb!) * 1e6).rounded() / 1e6, accuracy: 1e-9)
    // A leg that is no bet is named; one leg is not a parlay.
    var unknown = leg(other)
    unknown["selection_key"] = "total:sideways"
    let bad = try await server.post("/api/fairbet/parlay/evaluate", json: ["legs": [leg(spread), unknown]])
    XCTAssertEqual(bad.status, 422)
    XCTAssertEqual(bad.json.list("errors").first?["field"] as? String, "legs[1]")
    // The same bet twice, or both sides of one market, is no parlay.
    let twice = try await server.post("/api/fairbet/parlay/evaluate", json: ["legs": [leg(spread), leg(spread)]])
    XCTAssertEqual(twice.status, 422)
    let overLeg = try XCTUnwrap(bets.first { $0.gameId == game && $0.selectionKey == "total:over" })
    let underLeg = try XCTUnwrap(
      bets.first { $0.gameId == game && $0.selectionKey == "total:under" && $0.lineValue == overLeg.lineValue })
    let both = try await server.post("/api/fairbet/parlay/evaluate", json: ["legs": [leg(overLeg), leg(underLeg)]])
    XCTAssertEqual(both.status, 422)
    XCTAssertTrue((both.json.list("errors").first?["message"] as? String ?? "").contains("cannot win"), both.text)
    // Too many legs is refused before any is looked up.
    let many = try await server.post("/api/fairbet/parlay/evaluate", json: ["legs": Array(repeating: leg(spread), count: 500)])
    XCTAssertEqual(many.status, 422)
    XCTAssertEqual(many.json.list("errors").count, 1)
    let status3 = try await server.post("/api/fairbet/parlay/evaluate", json: ["legs": [leg(spread)]]).status
    XCTAssertEqual(status3, 422)
  }

  func testAPIKeysGuardEveryAPIRouteButNotHealth() async throws {
    let server = try await fairBetServer(now: Self.beforeTipOff, keys: ["k-123", "k-456"])
    let status4 = try await server.get("/api/fairbet/odds").status
    XCTAssertEqual(status4, 401)
    // The router skips empty segments: //api/ is /api/ and is guarded alike.
    for path in ["//api/fairbet/odds", "///api/tonight/totals", "/api//fairbet/odds"] {
      let sneaky = try await server.get(path)
      XCTAssertNotEqual(sneaky.status, 200, path)
      XCTAssertFalse(sneaky.text.contains("\"bets\""), path)
    }
    let wrong = try await server.get("/api/fairbet/odds", headers: ["X-API-Key": "k-12"])
    XCTAssertEqual(wrong.status, 401)
    XCTAssertFalse(wrong.text.contains("k-123"), "a refusal never shows a key")
    let status5 = try await server.get("/api/fairbet/odds", headers: ["X-API-Key": "k-456"]).status
    XCTAssertEqual(status5, 200)
    let status6 = try await server.get("/api/tonight/totals").status
    XCTAssertEqual(status6, 401)
    let status7 = try await server.post("/api/monte-carlo/simulate", json: ["home_projection": 110]).status
    XCTAssertEqual(status7, 401)
    let status8 = try await server.get("/health").status
    XCTAssertEqual(status8, 200)
  }
}
