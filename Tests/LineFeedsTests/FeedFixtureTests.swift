import Foundation
import LineFeeds
import ServiceContracts
import OddsMath
import Simulation
import XCTest
import UseCases

/// Every real feed sample decodes, and each quirk listed in Resources/odds/README.md is
/// handled as intended.
final class FeedFixtureTests: XCTestCase {
  /// (file, events, outcomes kept, price format): outcome counts from the files themselves.
  func testEveryOddsAPIFixtureDecodesCompletely() throws {
    let expected: [String: (events: Int, quotes: Int, format: PriceFormat)] = [
      "theoddsapi_v4_americanfootball_nfl_decimal.json": (14, 920, .decimal),
      "theoddsapi_v4_basketball_nba_american.json": (8, 388, .american),
      "theoddsapi_v4_basketball_nba_decimal_fanduel_h2h_spreads_totals.json": (18, 78, .decimal),
      "theoddsapi_v4_basketball_nba_decimal_h2h_spreads.json": (18, 840, .decimal),
      "theoddsapi_v4_event_odds_basketball_nba_player_points_american.json": (1, 482, .american),
      "theoddsapi_v4_historical_event_odds_basketball_nba_periods_american.json": (1, 400, .american),
      // 325 outcomes besides the 6 of the two h2h_lay markets, which are left out.
      "theoddsapi_v4_event_odds_soccer_germany_bundesliga_decimal_h2h_draw_player_shots.json": (1, 325, .decimal),
    ]
    for name in Fixtures.oddsAPI {
      let data = try Fixtures.odds(name)
      XCTAssertEqual(try FeedDecoder.detect(data), .oddsAPI, name)
      let feed = try Fixtures.feed(name)
      let e = try XCTUnwrap(expected[name])
      XCTAssertEqual(feed.format, .oddsAPI, name)
      XCTAssertEqual(feed.events.count, e.events, name)
      XCTAssertEqual(feed.quotes.count, e.quotes, name)
      XCTAssertEqual(feed.rejected, [], name)
      // Forcing the other price format rejects every price it cannot read (negative American
      // odds are not decimal; decimal odds between 1 and 100 are not American) and keeps count.
      let wrong = try FeedDecoder.decode(data, priceFormat: e.format == .decimal ? .american : .decimal)
      XCTAssertGreaterThan(wrong.rejected.count, 0, name)
      XCTAssertEqual(wrong.quotes.count + wrong.rejected.count, e.quotes, name)
    }
  }

  func testAmericanPricesAreExact() throws {
    let feed = try Fixtures.feed("theoddsapi_v4_basketball_nba_american.json")
    let magic = try XCTUnwrap(feed.events.first)
    XCTAssertEqual(magic.home, "Orlando Magic")
    XCTAssertEqual(magic.away, "Phoenix Suns")
    let h2h = magic.quotes.filter { $0.book == "fanduel" && $0.market == "h2h" }
    XCTAssertEqual(h2h.map(\.selection), ["Orlando Magic", "Phoenix Suns"])
    XCTAssertEqual(h2h.map(\.price.american), [-126, 108])
    XCTAssertEqual(h2h[0].observedAt, Timestamp.parse("2026-03-31T19:59:38Z"))
    // Even money is written 100, and is American, not decimal 100.
    XCTAssertTrue(feed.quotes.contains { $0.price.american == 100 && $0.price.decimal == 2 })
  }

  /// Empty bookmaker lists are kept as events without quotes, and noted; a live game is marked.
  func testEmptyBookmakersAndLiveGames() throws {
    let feed = try Fixtures.feed("theoddsapi_v4_basketball_nba_decimal_fanduel_h2h_spreads_totals.json")
    XCTAssertEqual(feed.events.filter { $0.quotes.isEmpty }.count, 5)
    XCTAssertTrue(feed.notes.contains { $0.hasPrefix("5 events with no bookmakers") }, "\(feed.notes)")
    XCTAssertEqual(feed.events.filter(\.live).map(\.home), ["Portland Trail Blazers"])
    let nfl = try Fixtures.feed("theoddsapi_v4_americanfootball_nfl_decimal.json")
    XCTAssertEqual(nfl.events.filter(\.live).map(\.away), ["Buffalo Bills"])
    XCTAssertEqual(nfl.events[0].commenceTime, Timestamp.parse("2023-11-06T01:22:47Z"))
    XCTAssertTrue(nfl.notes.contains { $0.contains("in play") })
  }

  /// Player props: one market per player, spellings across books merged, ladders kept.
  func testPlayerPropsMergeSpellings() throws {
    let feed = try Fixtures.feed("theoddsapi_v4_event_odds_basketball_nba_player_points_american.json")
    let markets = Set(feed.quotes.map(\.market))
    XCTAssertTrue(markets.contains("player_points Jonathan Isaac"))
    XCTAssertFalse(markets.contains("player_points J. Isaac"))
    XCTAssertTrue(markets.contains("player_points Wendell Carter Jr."))
    XCTAssertFalse(markets.contains("player_points Wendell Carter"))
    XCTAssertTrue(feed.notes.contains { $0.contains("'J. Isaac' read as 'Jonathan Isaac'") }, "\(feed.notes)")
    let isaacBooks = Set(feed.quotes.filter { $0.market == "player_points Jonathan Isaac" }.map(\.book))
    XCTAssertEqual(isaacBooks.count, 7)
    XCTAssertTrue(isaacBooks.contains("betmgm"))
    XCTAssertTrue(feed.quotes.allSatisfy { $0.category == .playerProp && $0.line != nil })
    // The fair-odds library pairs the merged spellings: Isaac's main line has both sides from several books.
    let report = FairOdds.evaluate(feed.decodedQuotes)
    XCTAssertTrue(report.bets.contains { $0.market == "player_points Jonathan Isaac" && $0.prices.count >= 5 })
  }

  /// A 3-way market keeps its draw, lay prices are left out, one-sided ladders get `no_pair`.
  func testSoccerDrawLayAndOneSidedMarkets() throws {
    let feed = try Fixtures.feed("theoddsapi_v4_event_odds_soccer_germany_bundesliga_decimal_h2h_draw_player_shots.json")
    XCTAssertTrue(feed.quotes.contains { $0.market == "h2h" && $0.selection == "Draw" })
    XCTAssertFalse(feed.quotes.contains { $0.market == "h2h_lay" })
    XCTAssertTrue(feed.notes.contains { $0.contains("h2h_lay") && $0.contains("betfair_ex_eu 1") && $0.contains("matchbook 1") })
    let report = FairOdds.evaluate(feed.decodedQuotes)
    let h2h = report.bets.filter { $0.market == "h2h" }
    XCTAssertEqual(h2h.count, 3)
    XCTAssertEqual(h2h.compactMap(\.fairProbability).reduce(0, +), 1, accuracy: 1e-12)
    let shots = report.bets.filter { $0.market.hasPrefix("player_shots") }
    XCTAssertEqual(shots.count, 253)
    XCTAssertTrue(shots.allSatisfy { $0.disabledReason == .noPair })
    // The soccer h2h is not a two-way line: a slate leaves it out and says so.
    let lines = FeedLines.lines(for: feed.events[0], asOf: FairOdds.newest(feed.quotes))
    XCTAssertNil(lines.markets.moneyline)
    XCTAssertTrue(lines.notes.contains { $0.contains("3-way") })
  }

  /// The agent's feed: strings read as decimal odds, the total once, the prop as a player market.
  func testAgentFeedDecodes() throws {
    let data = try Fixtures.data("betting_agent_odds_feed.json")
    XCTAssertEqual(try FeedDecoder.detect(data), .agentFeed)
    let feed = try FeedDecoder.decode(data)
    XCTAssertEqual(feed.events.count, 1)
    let game = feed.events[0]
    XCTAssertEqual(game.id, "1617585501")
    XCTAssertEqual(game.home, "Indiana Pacers")
    XCTAssertFalse(game.live)
    XCTAssertEqual(game.quotes.count, 8)
    XCTAssertTrue(game.quotes.allSatisfy { $0.book == "database" && $0.observedAt == Timestamp.parse("2025-11-30T12:00:00Z") })
    let spreadHome = try XCTUnwrap(game.quotes.first { $0.market == "spreads" && $0.selection == "Indiana Pacers" })
    XCTAssertEqual(spreadHome.line, 7)
    XCTAssertEqual(spreadHome.price.decimal, 1.833)
    XCTAssertEqual(game.quotes.filter { $0.market == "totals" }.map(\.line), [232.5, 232.5])
    let prop = try XCTUnwrap(game.quotes.first { $0.market == "player_points Shai Gilgeous-Alexander" && $0.selection == "Over" })
    XCTAssertEqual(prop.line, 32.5)
    XCTAssertEqual(prop.price.decimal, 1.925)

    let lines = FeedLines.lines(for: game, asOf: FairOdds.newest(feed.quotes))
    XCTAssertEqual(lines.markets.total?.line, 232.5)
    XCTAssertEqual(lines.markets.total?.overOdds.decimal, 1.99)
    XCTAssertEqual(lines.markets.spread?.homeLine, 7)
    XCTAssertEqual(lines.markets.spread?.awayOdds.decimal, 2.07)
    XCTAssertEqual(lines.markets.moneyline?.homeOdds.decimal, 3.62)
    XCTAssertEqual(lines.markets.moneyline?.awayOdds.decimal, 1.327)
    XCTAssertEqual(lines.markets.totalSource?.bestBooks, ["database", "database"])
  }

  /// A bad price in the agent's feed is rejected with its path; the rest of the game is kept.
  func testAgentFeedRejectsOneBadPrice() throws {
    let json = """
      {"games": [{"gameId": 7, "homeTeam": "Boston Celtics", "awayTeam": "Miami Heat",
        "homeOdds": {"spread": "-3.5", "spreadOdds": "abc", "moneyline": "1.6", "total": "220.5", "overOdds": "1.9", "underOdds": "1.9"},
        "awayOdds": {"spread": "+3.5", "spreadOdds": "1.9", "moneyline": "2.4", "total": "221.5", "overOdds": "1.9", "underOdds": "1.9"}},
        {"homeTeam": 5}], "source": "db"}
      """
    let feed = try FeedDecoder.decode(Data(json.utf8))
    XCTAssertEqual(feed.events.count, 1)
    XCTAssertEqual(feed.events[0].quotes.count, 5)
    XCTAssertEqual(feed.rejected.count, 2)
    XCTAssertTrue(feed.rejected[0].description.hasPrefix("games[0].homeOdds.spread: price 'abc'"), feed.rejected[0].description)
    XCTAssertTrue(feed.rejected[1].description.contains("games[1]"), feed.rejected[1].description)
    XCTAssertTrue(feed.notes.contains { $0.contains("different totals") })
  }

  /// An event whose start is not a date-time is left out by name (issue 46): it cannot be placed
  /// on a night nor told live; the other events are read.
  func testAnEventWithoutAReadableStartIsRejectedByName() throws {
    let market =
      #"{"key": "totals", "outcomes": [{"name": "Over", "price": 1.91, "point": 220.5}, {"name": "Under", "price": 1.91, "point": 220.5}]}"#
    let book = #"{"key": "pinnacle", "last_update": "2026-03-31T18:00:00Z", "markets": [\#(market)]}"#
    func event(_ id: String, _ start: String?) -> String {
      #"{"id": "\#(id)", "home_team": "Boston Celtics", "away_team": "Miami Heat", "#
        + (start.map { #""commence_time": "\#($0)", "# } ?? "") + #""bookmakers": [\#(book)]}"#
    }
    let json = "[" + [event("good", "2026-04-01T23:00:00Z"), event("bad", "tonight"), event("none", nil)].joined(separator: ",") + "]"
    let feed = try FeedDecoder.decode(Data(json.utf8))
    XCTAssertEqual(feed.events.map(\.id), ["good"])
    XCTAssertEqual(feed.rejected.count, 2)
    XCTAssertTrue(feed.rejected[0].description.contains("commence_time 'tonight' is not a date-time"), feed.rejected[0].description)
    XCTAssertTrue(feed.rejected[0].description.contains("event 2 ("), feed.rejected[0].description)
    XCTAssertTrue(feed.rejected[1].description.contains("no commence_time"), feed.rejected[1].description)
    // The agent's feed: a start that is not a date-time is left out; one not given is read (its
    // feed may leave it out).
    let agent = """
      {"games": [
        {"gameId": 1, "homeTeam": "Boston Celtics", "awayTeam": "Miami Heat", "startTime": "soon", "homeOdds": {"moneyline": "1.6"}, "awayOdds": {"moneyline": "2.4"}},
        {"gameId": 2, "homeTeam": "Boston Celtics", "awayTeam": "Miami Heat", "homeOdds": {"moneyline": "1.6"}, "awayOdds": {"moneyline": "2.4"}}],
       "source": "db"}
      """
    let agentFeed = try FeedDecoder.decode(Data(agent.utf8))
    XCTAssertEqual(agentFeed.events.count, 1)
    XCTAssertEqual(agentFeed.rejected.map(\.location), ["games[0]"])
    XCTAssertTrue(agentFeed.rejected[0].reason.contains("startTime 'soon' is not a date-time"), agentFeed.rejected[0].reason)
  }

  /// Multi-book main lines: best price per side whatever order the feed lists the teams in.
  func testMultiBookLinesTakeTheBestPricePerSide() throws {
    let feed = try Fixtures.feed("theoddsapi_v4_basketball_nba_american.json")
    let clippers = try XCTUnwrap(feed.events.first { $0.home == "Los Angeles Clippers" })
    let lines = FeedLines.lines(for: clippers, asOf: FairOdds.newest(feed.quotes))
    let ml = try XCTUnwrap(lines.markets.moneyline)
    XCTAssertEqual(ml.homeOdds.american, -210)
    XCTAssertEqual(ml.awayOdds.american, 185)
    XCTAssertEqual(lines.markets.moneylineSource?.bestBooks.first, "betus")
    XCTAssertEqual(lines.markets.moneylineSource?.bookCount, 9)
    // BetMGM quotes no spread for this game; the other 8 books split between lines, and the
    // main line is the one most of them quote.
    let spreads = clippers.quotes.filter { $0.market == "spreads" && $0.selection == "Los Angeles Clippers" }
    XCTAssertEqual(Set(spreads.map(\.book)).count, 8)
    var booksPerLine: [Double: Int] = [:]
    for q in spreads { booksPerLine[q.line!, default: 0] += 1 }
    let spread = try XCTUnwrap(lines.markets.spread)
    XCTAssertEqual(lines.markets.spreadSource?.bookCount, booksPerLine.values.max())
    XCTAssertEqual(booksPerLine[spread.homeLine], booksPerLine.values.max())
    XCTAssertEqual(Set(lines.markets.spreadSource?.otherLines ?? []), Set(booksPerLine.keys).subtracting([spread.homeLine]))
    let fair = try XCTUnwrap(lines.markets.moneylineSource?.fairProbabilities)
    XCTAssertEqual(fair[0] + fair[1], 1, accuracy: 1e-12)
    XCTAssertGreaterThan(fair[0], 0.6)
    // Every best price is at least every book's price on that side.
    let homeML = clippers.quotes.filter { $0.market == "h2h" && $0.selection == "Los Angeles Clippers" }
    XCTAssertEqual(homeML.map(\.price.decimal).max(), ml.homeOdds.decimal)
    XCTAssertNotNil(lines.markets.total)
  }

  func testFormatDetectionAndErrors() throws {
    XCTAssertEqual(try FeedDecoder.detect(try Fixtures.scenario("quotes.json")), .quotes)
    XCTAssertEqual(try FeedDecoder.detect(Data("[]".utf8)), .oddsAPI)
    XCTAssertThrowsError(try FeedDecoder.detect(Data(#"{"foo": 1}"#.utf8))) { error in
      XCTAssertTrue("\(error)".contains("not an odds feed"), "\(error)")
    }
    XCTAssertThrowsError(try FeedDecoder.decode(Data(#"{"message": "Invalid API key"}"#.utf8))) { error in
      XCTAssertEqual(
        "\(error)", "The Odds API answered with an error message instead of events (a refused key or a used-up quota)")
      XCTAssertFalse("\(error)".contains("Invalid API key"), "an upstream's text is never echoed")
    }
    XCTAssertThrowsError(try FeedDecoder.decode(Data("[{\"home_team\": 1".utf8))) { error in
      XCTAssertTrue("\(error)".hasPrefix("malformed JSON"), "\(error)")
    }
    // Decimal and American numbers together cannot be told apart.
    let mixed =
      #"[{"home_team": "A", "away_team": "B", "bookmakers": [{"key": "x", "last_update": "2024-01-01T00:00:00Z", "markets": [{"key": "h2h", "outcomes": [{"name": "A", "price": 1.5}, {"name": "B", "price": -150}]}]}]}]"#
    XCTAssertThrowsError(try FeedDecoder.decode(Data(mixed.utf8))) { error in
      XCTAssertTrue("\(error)".contains("--price-format"), "\(error)")
    }
    // A bad event is rejected with its position; the good one is kept.
    let partial =
      #"[{"away_team": "B", "bookmakers": []}, {"home_team": "A", "away_team": "B", "commence_time": "2024-01-01T00:00:00Z", "bookmakers": []}]"#
    let feed = try FeedDecoder.decode(Data(partial.utf8))
    XCTAssertEqual(feed.events.count, 1)
    XCTAssertEqual(feed.rejected.map(\.location), ["event 1"])
    XCTAssertTrue(feed.rejected[0].reason.contains("home_team"), feed.rejected[0].reason)
  }

  /// The native quotes file as a feed: events named AWAY@HOME give their teams.
  func testQuotesFileEventsNameTheirTeams() throws {
    let feed = try FeedDecoder.decode(try Fixtures.scenario("quotes.json"))
    XCTAssertEqual(feed.format, .quotes)
    XCTAssertFalse(feed.events.isEmpty)
    let first = feed.events[0]
    XCTAssertNotNil(first.home)
    XCTAssertNotNil(TeamDirectory.resolve(first.home!), first.label)
    XCTAssertNotNil(TeamDirectory.resolve(first.away!), first.label)
  }
}
