import Foundation
import LineFeeds
import OddsMath
import Renderers
import ServiceContracts
import Simulation
import UseCases
import XCTest

/// A feed's period markets (The Odds API's `totals_h1`, `spreads_q1`, `h2h_q3`, `h2h_3_way_h1`):
/// read off the real historical snapshot (Resources/odds/README.md) into one quote per period by
/// the full game's rules (the line most books price, each side's best price, the books' fair
/// probabilities), and priced beside the game only where they can be.
final class PeriodFeedTests: XCTestCase {
  static let file = "theoddsapi_v4_historical_event_odds_basketball_nba_periods_american.json"

  func testTheSnapshotsPeriodMarketsBecomeQuotes() throws {
    let feed = try Fixtures.feed(Self.file)
    let event = try XCTUnwrap(feed.events.first)
    XCTAssertEqual(event.home, "Golden State Warriors")
    XCTAssertFalse(event.live, "every quote is before the tip-off")
    let lines = FeedLines.lines(for: event, asOf: FairOdds.newest(feed.quotes))
    XCTAssertEqual(lines.periods.map(\.period), [.q1, .q2, .q3, .q4, .h1, .h2])
    let h1 = try XCTUnwrap(lines.periods.first { $0.period == .h1 })
    // Totals: 116.5 is priced by 4 books (FanDuel -106/-114, BetMGM -105/-115, BetOnline and
    // Tipico -110/-110), more than 116 (3) or 112.5 (3); the best over is BetMGM's -105, the best
    // under -110.
    XCTAssertEqual(h1.totalLine, 116.5)
    XCTAssertEqual(h1.prices.over?.decimal ?? 0, 1 + 100 / 105.0, accuracy: 1e-12)
    XCTAssertEqual(h1.prices.under?.decimal ?? 0, 1 + 100 / 110.0, accuracy: 1e-12)
    // Spread: home -4.5 at 6 books; the best home price -110 (DraftKings, BetMGM), away -102
    // (BetOnline).
    XCTAssertEqual(h1.spread, -4.5)
    XCTAssertEqual(h1.prices.homeSpread?.decimal ?? 0, 1 + 100 / 110.0, accuracy: 1e-12)
    XCTAssertEqual(h1.prices.awaySpread?.decimal ?? 0, 1 + 100 / 102.0, accuracy: 1e-12)
    // Moneyline, two-way: the Kambi books' -220 home, BetOnline's +205 away; no draw.
    XCTAssertEqual(h1.prices.home?.decimal ?? 0, 1 + 100 / 220.0, accuracy: 1e-12)
    XCTAssertEqual(h1.prices.away?.decimal ?? 0, 3.05, accuracy: 1e-12)
    XCTAssertNil(h1.prices.draw)
    XCTAssertFalse(h1.prices.tieLoses)
    // The books' fair probabilities of each market's sides come along, summing to 1.
    for market in [BetMarket.total, .spread, .moneyline] {
      let fair = try XCTUnwrap(h1.prices.fair[market], "\(market)")
      XCTAssertEqual(fair.map(\.probability).reduce(0, +), 1, accuracy: 1e-9)
    }
    // The full game is read as before.
    XCTAssertEqual(lines.markets.total?.line, 226.5)
  }

  /// FairBet's catalogue files a period's bets under their own category, titled by the period.
  func testFairBetFilesPeriodBetsUnderPeriod() throws {
    let feed = try Fixtures.feed(Self.file)
    let report = FairOdds.evaluate(feed.quotes, asOf: FairOdds.newest(feed.quotes))
    var categories: [String: Set<String>] = [:]
    for bet in report.bets { categories[FairBetGame.marketCategory(bet), default: []].insert(bet.market) }
    XCTAssertEqual(categories["mainline"], ["h2h", "spreads", "totals"])
    XCTAssertEqual(categories["period"]?.count, 18, "h2h, spreads and totals of h1, h2, q1-q4")
    XCTAssertEqual(FairBetGame.marketDisplayName("totals_h1"), "1st Half Total")
    XCTAssertEqual(FairBetGame.marketDisplayName("h2h_q3"), "3rd Quarter Moneyline")
    XCTAssertEqual(FairBetGame.marketDisplayName("h2h_3_way_q1"), "1st Quarter 3-Way Moneyline")
    XCTAssertEqual(FairBetGame.marketDisplayName("team_totals"), "Team Totals", "a key without a period as before")
    let spread = try XCTUnwrap(report.bets.first { $0.market == "spreads_h1" && $0.selection == "Los Angeles Lakers" })
    XCTAssertEqual(FairBetGame.selectionDisplay(spread), "Los Angeles Lakers +\(PlainNumber.text(spread.line!))")
  }

  /// A key's period is its last word when that names a period; other keys have none. FeedLines
  /// prices only the game's three markets of a period, and FairBet keeps the real server's
  /// categories for a period's team totals and alternate lines.
  func testAKeysPeriodIsItsLastWord() throws {
    XCTAssertTrue(PeriodMarketKey.split("totals_h1") == ("totals", .h1))
    XCTAssertTrue(PeriodMarketKey.split("h2h_3_way_q2") == ("h2h_3_way", .q2))
    XCTAssertTrue(PeriodMarketKey.split("alternate_totals_h1") == ("alternate_totals", .h1))
    XCTAssertTrue(PeriodMarketKey.split("spreads_Q4") == ("spreads", .q4), "any case")
    for key in ["totals", "h2h_3_way", "_h1", "player_points", "totals_h3", "totals_"] {
      XCTAssertNil(PeriodMarketKey.split(key).period, key)
      XCTAssertEqual(PeriodMarketKey.split(key).base, key, key)
    }
  }

  /// A slate file's period takes the feed's markets where the feed quotes them, market by
  /// market: one the feed lacks stays the file's, with a note; the file's tie rule stays.
  func testAFilesPeriodTakesTheFeedsMarketsOneByOne() throws {
    var feed = try Fixtures.feed(Self.file)
    feed.events[0].quotes.removeAll { $0.market == "spreads_h1" }
    let file = try SlateFile.decode(
      Data(
        #"""
        {"games": [{"game_id": "g", "home_team": "Golden State Warriors", "away_team": "Los Angeles Lakers",
          "home_projection": 117, "away_projection": 110, "total_line": 226.5,
          "period_lines": {"h1": {"total": 110.5, "spread": -3.5, "home_spread_odds": "-105", "away_spread_odds": "-115", "tie": "lose"}}}]}
        """#.utf8), base: GameModel(homeMean: 0, awayMean: 0))
    let slate = SlateAssembly.attach(feed, to: file.entries)
    let game = try XCTUnwrap(slate.games.first)
    let h1 = try XCTUnwrap(game.periods.first)
    XCTAssertEqual(h1.totalLine, 116.5, "the feed's total")
    XCTAssertEqual(h1.spread, -3.5, "the file's spread: the feed has none")
    XCTAssertEqual(h1.prices.homeSpread?.decimal ?? 0, 1 + 100 / 105.0, accuracy: 1e-12)
    XCTAssertEqual(h1.prices.home?.decimal ?? 0, 1 + 100 / 220.0, accuracy: 1e-12, "the feed's moneyline")
    XCTAssertTrue(h1.prices.tieLoses, "the file's tie rule")
    XCTAssertTrue(game.info.notes.contains("h1 spread from the slate file: the odds feed has none for this period"), "\(game.info.notes)")
    XCTAssertEqual(game.quotedPeriods.map(\.period), [.q1, .q2, .q3, .q4, .h2], "the feed's other periods, quoted")
  }

  /// A periods file's half-time lines: read where given, none where the cell is empty, and a cell
  /// that is not a line refused by line and field.
  func testAPeriodsFilesHalfTimeLines() throws {
    let header =
      "season,date,home,away,home_q1,home_q2,home_q3,home_q4,home_ot,away_q1,away_q2,away_q3,away_q4,away_ot,stage,h2_total,h2_spread_home\n"
    let rows =
      "2016-17,2017-01-02,GSW,MIA,30,21,21,24,0,28,34,24,31,0,regular,105.5,-2.5\n2016-17,2017-01-03,BOS,NYK,30,21,21,24,0,28,34,24,31,0,regular,,\n"
    let file = try PeriodScoresFile.decode(Data((header + rows).utf8), source: "p")
    let first = try XCTUnwrap(file.scores[PeriodScoresFile.key(date: "2017-01-02", home: "GSW", away: "MIA")])
    XCTAssertEqual(first.halfTimeTotal, 105.5)
    XCTAssertEqual(first.halfTimeSpread, -2.5)
    let second = try XCTUnwrap(file.scores[PeriodScoresFile.key(date: "2017-01-03", home: "BOS", away: "NYK")])
    XCTAssertNil(second.halfTimeTotal)
    XCTAssertNil(second.halfTimeSpread)
    let bad = header + rows.replacingOccurrences(of: "105.5,-2.5", with: "105.5,pk")
    XCTAssertThrowsError(try PeriodScoresFile.decode(Data(bad.utf8), source: "p")) { error in
      XCTAssertTrue("\(error)".contains("line 2: field 'h2_spread_home' = 'pk'"), "\(error)")
    }
  }

  /// A three-way period moneyline keeps its draw; a full game's three-way one is still left out.
  func testAThreeWayPeriodMoneylineKeepsItsDraw() throws {
    let at = Date(timeIntervalSince1970: 1_700_000_000)
    func quote(_ market: String, _ selection: String, _ book: String, _ american: Double) throws -> Quote {
      Quote(
        event: "A @ H", market: market, selection: selection, line: nil, book: book, price: try Odds(american: american),
        observedAt: at)
    }
    var quotes: [Quote] = []
    for book in ["b1", "b2"] {
      quotes += [
        try quote("h2h_3_way_q1", "Home Team", book, -120), try quote("h2h_3_way_q1", "Away Team", book, 130),
        try quote("h2h_3_way_q1", "Draw", book, book == "b1" ? 1000 : 1100),
        try quote("h2h_3_way", "Home Team", book, -200), try quote("h2h_3_way", "Away Team", book, 300),
        try quote("h2h_3_way", "Draw", book, 1500),
      ]
    }
    let event = FeedEvent(id: "e", home: "Home Team", away: "Away Team", commenceTime: at + 3600, quotes: quotes, label: "A @ H")
    let lines = FeedLines.lines(for: event, asOf: at)
    let q1 = try XCTUnwrap(lines.periods.first)
    XCTAssertEqual(q1.period, .q1)
    XCTAssertEqual(q1.prices.draw?.decimal, 12, "the best draw: +1100")
    XCTAssertEqual(q1.prices.home?.decimal ?? 0, 1 + 100 / 120.0, accuracy: 1e-12)
    XCTAssertEqual(q1.prices.fair[.moneyline]?.count, 3)
    XCTAssertNil(lines.markets.moneyline)
    XCTAssertTrue(lines.notes.contains { $0.contains("h2h_3_way: a 3-way market") }, "\(lines.notes)")
  }

  /// Priced beside the game where the model has a quarter model: each period with its advice; on
  /// a model without one, the game is priced and a note says the periods are not; in play, the
  /// periods under way or over are left out, said once.
  func testQuotedPeriodsArePricedWhereTheyCanBe() throws {
    let feed = try Fixtures.feed(Self.file)
    let shipped = ModelFile.shipped.document.calibrated
    let slate = SlateAssembly.fromFeedMarkets(feed, base: shipped.template)
    XCTAssertEqual(slate.games.count, 1)
    XCTAssertEqual(slate.games[0].quotedPeriods.count, 6)
    XCTAssertEqual(slate.games[0].periods, [], "none asked: a feed's periods are quoted, not asked")
    let options = SimulationOptions(simulations: 2_000, seed: 1)

    var pricing = SlatePricing(options: options, exact: false)
    let priced = try pricing.price(SlatePricingRequest(games: slate.games, periodModel: shipped.periods))
    let periods = priced.evaluation.games[0].periods
    XCTAssertEqual(periods.map(\.period.rawValue).sorted(), ["h1", "h2", "q1", "q2", "q3", "q4"])
    XCTAssertNotNil(periods.first { $0.period == .h1 }?.advice.total)
    XCTAssertNil(priced.evaluation.games[0].error)
    // The game's page shows them as the slate priced them, each priced side's advice beside.
    let game = priced.evaluation.games[0]
    let page = GamePage.html(
      game, bankroll: 1, detail: nil, parlay: GamePage.Parlay(bets: []),
      source: SourceStatus(odds: "feed", stats: nil, readAt: nil, now: Date(), lastError: nil, refreshSeconds: 60))
    XCTAssertTrue(page.contains("<h2>Periods</h2>"), page)
    XCTAssertEqual(page.components(separatedBy: "<th scope=\"row\">1st Half</th>").count, 2, "one row for the first half")
    let h1 = try XCTUnwrap(periods.first { $0.period == .h1 })
    XCTAssertTrue(page.contains("116.5: over \(String(format: "%.1f%%", 100 * h1.scores.total(116.5).over))"), page)
    XCTAssertTrue(page.contains("over @ \(String(format: "%.2f", 1 + 100 / 105.0)) EV"), page)
    // Each recommended side of a period shows the slate's stake on it (`stakes`, found by its
    // period, market and team), not its single stake; a side the slate does not stake says so.
    var (staked, unstaked) = (0, 0)
    for p in periods {
      for (market, team, advice) in p.advice.markets {
        for a in advice?.sides ?? [] where a.recommended {
          if let s = game.stake(on: market, side: a.side, period: p.period, team: team) {
            staked += 1
            XCTAssertTrue(page.contains("\(a.grade.rawValue) stake \(String(format: "%.2f%%", 100 * s.fraction))"), "\(p.period) \(market)")
          } else {
            unstaked += 1
          }
        }
      }
    }
    XCTAssertGreaterThan(staked, 0, "no period side staked on the fixture: the check proves nothing")
    XCTAssertEqual(staked, game.stakes.filter { $0.bet.period != nil }.count, "every period stake is on the page")
    XCTAssertEqual(page.components(separatedBy: "not staked: the slate stakes the market's best side").count - 1, unstaked)

    var bare = SlatePricing(options: options, exact: false)
    let none = try bare.price(SlatePricingRequest(games: slate.games, periodModel: nil))
    XCTAssertEqual(none.evaluation.games[0].periods, [])
    XCTAssertNil(none.evaluation.games[0].error, "the game is priced without its periods")
    XCTAssertTrue(
      none.evaluation.games[0].warnings.contains { $0.contains("period markets (q1, q2, q3, q4, h1, h2) are not priced") },
      "\(none.evaluation.games[0].warnings)")

    var live = slate.games
    live[0].state = try GameState(period: 3, clock: "6:00", homeScore: 70, awayScore: 64)
    var inPlay = SlatePricing(options: options, exact: false)
    let started = try inPlay.price(SlatePricingRequest(games: live, periodModel: shipped.periods))
    XCTAssertEqual(started.evaluation.games[0].periods.map(\.period.rawValue).sorted(), ["q4"])
    XCTAssertTrue(
      started.evaluation.games[0].warnings.contains { $0.contains("under way or over (q1, q2, q3, h1, h2) are left out") },
      "\(started.evaluation.games[0].warnings)")
  }

  /// A period's team totals (`team_totals_h1`: "Over Home Team" at each team's line): each team's
  /// main line with its best prices and its own books' fair probabilities, the two teams kept
  /// apart when both are quoted at one line; a line out of range left out with a note.
  func testAPeriodsTeamTotalsAreEachTeamsOwn() throws {
    let at = Date(timeIntervalSince1970: 1_700_000_000)
    func quote(_ market: String, _ selection: String, _ line: Double, _ book: String, _ american: Double) throws -> Quote {
      Quote(
        event: "A @ H", market: market, selection: selection, line: line, book: book, price: try Odds(american: american), observedAt: at)
    }
    var quotes: [Quote] = []
    for book in ["b1", "b2"] {
      quotes += [
        try quote("team_totals_h1", "Over Home Team", 56.5, book, book == "b1" ? -110 : -105),
        try quote("team_totals_h1", "Under Home Team", 56.5, book, -115),
        try quote("team_totals_h1", "Over Away Team", 56.5, book, 120),
        try quote("team_totals_h1", "Under Away Team", 56.5, book, -140),
        try quote("team_totals_q1", "Over Home Team", 2000, book, -110), try quote("team_totals_q1", "Under Home Team", 2000, book, -110),
      ]
    }
    let event = FeedEvent(id: "e", home: "Home Team", away: "Away Team", commenceTime: at + 3600, quotes: quotes, label: "A @ H")
    let lines = FeedLines.lines(for: event, asOf: at)
    let h1 = try XCTUnwrap(lines.periods.first { $0.period == .h1 }, "\(lines.notes)")
    XCTAssertEqual(h1.homeTotal, 56.5)
    XCTAssertEqual(h1.awayTotal, 56.5)
    XCTAssertEqual(h1.prices.homeOver?.decimal ?? 0, 1 + 100 / 105.0, accuracy: 1e-12, "the best over: -105")
    XCTAssertEqual(h1.prices.awayOver?.decimal ?? 0, 2.2, accuracy: 1e-12)
    XCTAssertEqual(h1.prices.awayUnder?.decimal ?? 0, 1 + 100 / 140.0, accuracy: 1e-12)
    let home = try XCTUnwrap(h1.prices.teamFair[.home]), away = try XCTUnwrap(h1.prices.teamFair[.away])
    XCTAssertEqual(home.count, 2, "one team's over and under, not four sides")
    XCTAssertEqual(home[0].probability + home[1].probability, 1, accuracy: 1e-9)
    XCTAssertLessThan(away[0].probability, 0.5, "the away over at +120 is the less likely side")
    XCTAssertNil(h1.totalLine)
    XCTAssertNil(lines.periods.first { $0.period == .q1 }, "its one line is out of range")
    XCTAssertTrue(lines.notes.contains("q1 home_total 2000: must be in (0, 1000); left out"), "\(lines.notes)")
  }

  /// A team's total reads in either order (The Odds API's "Over Los Angeles Lakers", mcsim's
  /// "LeBron James Over"): FairBet keys it `total:{team}:over`, as the real server's grammar has
  /// it, where it had been `team:over_los_angeles_lakers`.
  func testATeamsTotalReadsInEitherOrder() {
    XCTAssertEqual(TotalSide.split("Over Los Angeles Lakers").map { [$0.subject, $0.side] }, ["Los Angeles Lakers", "over"])
    XCTAssertEqual(TotalSide.split("LeBron James Under").map { [$0.subject, $0.side] }, ["LeBron James", "under"])
    XCTAssertNil(TotalSide.split("Los Angeles Lakers"))
    let home = "Los Angeles Lakers", away = "Golden State Warriors"
    XCTAssertEqual(FeedSelection("Under Golden State Warriors", home: home, away: away), .total(over: false, team: false))
    XCTAssertEqual(FeedSelection("Over", home: home, away: away), .total(over: true, team: nil))
    XCTAssertEqual(FeedSelection("Los Angeles Lakers", home: home, away: away), .team(home: true))
    XCTAssertEqual(FeedSelection("Draw", home: home, away: away), .draw)
    XCTAssertEqual(FeedSelection("Over Boston Celtics", home: home, away: away), .unknown)
  }
}
