import Foundation
import OddsMath
import Simulation
import UseCases
import XCTest

/// The live slate's use case on values alone (no socket, no file): a feed's games projected from
/// team stats, the night's kept and the others named, the scoreboard's state applied (a game
/// under way priced in play, a finished one its error), every quote graded.
final class LiveSlatePricingTests: XCTestCase {
  let night = "2026-12-01"

  /// An event `id` with two books' totals at 225.5, quoted at one moment of the night; `start`
  /// in UTC (00:30Z is the evening before in US Eastern time).
  func event(
    _ id: String, _ home: String, _ away: String, start: String, live: Bool = false, books: [String] = ["pinnacle", "draftkings"]
  ) -> FeedEvent {
    let at = Timestamp.parse(start)!, quoted = Timestamp.parse("2026-12-02T02:00:00Z")!
    let label = FeedEvent.label(home: home, away: away, commence: at)
    let quotes = books.flatMap { book in
      ["Over", "Under"].map { side in
        Quote(
          event: label, market: "totals", selection: side, line: 225.5, book: book, price: try! Odds(decimal: 1.91), observedAt: quoted)
      }
    }
    return FeedEvent(id: id, home: home, away: away, commenceTime: at, live: live, quotes: quotes, label: label)
  }

  func stats(_ names: [String]) -> TeamStatsTable {
    var table = TeamStatsTable(source: "in memory")
    for (i, name) in names.enumerated() {
      table.add(TeamStats(name: name, ppg: 110 + Double(i), oppPPG: 112 - Double(i)))
    }
    return table
  }

  func testTheNightsGamesArePricedAndTheScoreboardDecidesInPlayAndFinal() throws {
    let feed = Feed(
      format: .quotes,
      events: [
        event("NYK@BOS", "Boston Celtics", "New York Knicks", start: "2026-12-02T00:30:00Z"),
        event("GSW@LAL", "Los Angeles Lakers", "Golden State Warriors", start: "2026-12-02T01:30:00Z", live: true),
        event("ORL@MIA", "Miami Heat", "Orlando Magic", start: "2026-12-02T00:00:00Z", live: true),
        event("PHX@DEN", "Denver Nuggets", "Phoenix Suns", start: "2026-12-04T02:00:00Z"),
        event("ORL@NOW", "Nowhere Ducks", "Orlando Magic", start: "2026-12-02T01:00:00Z"),
      ])
    let board = Scoreboard(games: [
      .init(
        id: "1", home: "LAL", away: "GS", state: GameState(period: 3, secondsLeft: 360, homeScore: 80, awayScore: 70),
        status: "in", final: false),
      .init(
        id: "2", home: "MIA", away: "ORL", state: GameState(period: 4, secondsLeft: 0, homeScore: 101, awayScore: 99),
        status: "post", final: true),
    ])
    var context = PricingContext()
    context.periods = QuarterModel.reverting
    let live = try LiveSlatePricing(
      LiveSlateRequest(
        feed: feed,
        projections: .stats(stats(["BOS", "NYK", "LAL", "GSW", "MIA", "ORL", "DEN", "PHX"])), night: night, scoreboard: board),
      context: context, quoting: try FairQuoting(.init()), seed: 7, threads: 1)

    let games = live.priced.evaluation.games
    XCTAssertEqual(games.map(\.gameID), ["NYK@BOS", "GSW@LAL", "ORL@MIA"])
    XCTAssertNil(games[0].error)
    XCTAssertNil(games[0].inPlay, "not on the scoreboard as started: priced before tip-off")
    XCTAssertNil(games[1].error)
    XCTAssertNotNil(games[1].inPlay, "under way: priced from its score and clock")
    XCTAssertEqual(games[2].error, "final (101-99): the game is over")
    XCTAssertEqual(
      live.unmatched.map(\.reason),
      ["no team stats for 'Nowhere Ducks' in in memory", "dated 2026-12-03, after the day 2026-12-01"])
    XCTAssertEqual(live.games["GSW@LAL"]?.state?.homeScore, 80, "the assembled games keep their state for the game page")
    XCTAssertEqual(live.board.entries.count, 10, "every quoted side of the five events is graded, the night's or not")
  }

  /// The board's bets, graded once a refresh, and a FairBet parlay's legs looked up on them: each
  /// refusal naming its leg, a priced leg at the fair probability the board shows.
  func testAParlaysLegsAreLookedUpOnTheBoard() throws {
    let books = ["pinnacle", "draftkings", "fanduel", "betmgm", "caesars", "bovada"]
    let feed = Feed(
      format: .quotes,
      events: [
        event("NYK@BOS", "Boston Celtics", "New York Knicks", start: "2026-12-02T00:30:00Z", books: books),
        event("GSW@LAL", "Los Angeles Lakers", "Golden State Warriors", start: "2026-12-02T03:30:00Z", books: books),
      ])
    let live = try LiveSlatePricing(
      LiveSlateRequest(feed: feed, projections: .stats(stats(["BOS", "NYK", "LAL", "GSW"])), night: night),
      context: PricingContext(), quoting: try FairQuoting(.init()), seed: 7, threads: 1)
    let board = live.board
    XCTAssertEqual(board.entries.count, 4, "each side of each game's total")
    let now = Timestamp.parse("2026-12-01T23:00:00Z")!
    let boston = FairBetGame.id(of: "NYK@BOS"), lakers = FairBetGame.id(of: "GSW@LAL")
    func leg(_ game: Int, _ side: String) -> FairParlayLeg {
      FairParlayLeg(gameID: game, marketKey: "totals", selectionKey: "total:\(side)", lineValue: 225.5)
    }
    func refusals(_ legs: [FairParlayLeg]) -> [String] {
      board.parlay(legs, now: now, base: Defaults.model, options: FairParlayPricing.options(seed: 1, threads: 1)).problems.map {
        "\($0.field): \($0.reason)"
      }
    }
    XCTAssertEqual(refusals([leg(boston, "over")]), ["legs: a parlay has 2 to 20 legs"])
    XCTAssertEqual(refusals([leg(boston, "over"), leg(boston, "under")]), ["legs[1]: the other side of legs[0]'s market: the parlay cannot win"])
    XCTAssertEqual(refusals([leg(boston, "over"), leg(12345, "over")]), ["legs[1]: no such bet open now: see GET /api/fairbet/odds"])
    // Two teams' totals at one line are two markets; one team's over and under are one.
    func teamTotal(_ team: String, _ side: String) -> FairParlayLeg {
      FairParlayLeg(gameID: boston, marketKey: "team_totals", selectionKey: "total:\(team):\(side)", lineValue: 112.5)
    }
    XCTAssertEqual(
      refusals([teamTotal("boston_celtics", "over"), teamTotal("new_york_knicks", "over")]),
      ["legs[0]: no such bet open now: see GET /api/fairbet/odds", "legs[1]: no such bet open now: see GET /api/fairbet/odds"],
      "looked up, not refused as one market's two sides")
    XCTAssertEqual(
      refusals([teamTotal("boston_celtics", "over"), teamTotal("boston_celtics", "under")]),
      ["legs[1]: the other side of legs[0]'s market: the parlay cannot win"])
    let priced = board.parlay(
      [leg(boston, "over"), leg(lakers, "under")], now: now, base: Defaults.model, options: FairParlayPricing.options(seed: 1, threads: 1))
    XCTAssertEqual(priced.problems.count, 0)
    let shown = board.entries.first { $0.game.gameID == boston && $0.selectionKey == "total:over" }!.shownFairProbability
    XCTAssertEqual(priced.request.legs.first?.probability, shown)
    XCTAssertEqual(shown, 0.5, "every book at 1.91 each side: a fair half")
    XCTAssertEqual(priced.tiers, [.full, .full], "five fresh books beside the sharp one")
    XCTAssertEqual(FairBoard.confidence(priced.tiers), .full)
    XCTAssertNil(FairBoard.confidence([.full, nil]), "a leg without a tier")
    XCTAssertEqual(FairBoard.confidence([.full, .decent]), .decent)

    // The game page's form takes one side of a market each: the over and the under of one
    // game's total are one market, two games' totals are two.
    func entry(_ game: Int, _ side: String) -> FairBoard.Entry {
      board.entries.first { $0.game.gameID == game && $0.selectionKey == "total:\(side)" }!
    }
    XCTAssertEqual(entry(boston, "over").market, entry(boston, "under").market)
    let onOne = FairBoard.firstTwoOnOneMarket([entry(boston, "over"), entry(lakers, "under"), entry(boston, "under")])
    XCTAssertEqual(onOne.map { [$0.0, $0.1] }, [0, 2])
    XCTAssertNil(FairBoard.firstTwoOnOneMarket([entry(boston, "over"), entry(lakers, "under")]))
  }

  /// FairBet's live board prices a game under way on the model beside the books: every bet the
  /// model prices gets its odds on the final score's (or a period to come's) distribution, a game
  /// before tip-off none. At the final buzzer the final score is certain; at half time the
  /// second half is the rest of regulation, its total the normal of the live model's remaining
  /// points read on whole points.
  func testTheLiveBoardPricesGamesUnderWayOnTheModel() throws {
    let quoted = Timestamp.parse("2026-12-02T02:00:00Z")!
    func event(_ id: String, _ home: String, _ away: String, start: String, _ bets: [(String, String, Double?)]) -> FeedEvent {
      let at = Timestamp.parse(start)!
      let label = FeedEvent.label(home: home, away: away, commence: at)
      let quotes = ["pinnacle", "draftkings"].flatMap { book in
        bets.map { Quote(event: label, market: $0.0, selection: $0.1, line: $0.2, book: book, price: try! Odds(decimal: 1.91), observedAt: quoted) }
      }
      return FeedEvent(id: id, home: home, away: away, commenceTime: at, live: true, quotes: quotes, label: label)
    }
    let lakers = "Los Angeles Lakers", warriors = "Golden State Warriors"
    let bets: [(String, String, Double?)] = [
      ("totals", "Over", 225.5), ("totals", "Under", 225.5), ("h2h", lakers, nil), ("h2h", warriors, nil),
      ("spreads", lakers, -2), ("spreads", warriors, 2), ("spreads", lakers, -1.5), ("spreads", warriors, 1.5),
      ("team_totals", "Over \(lakers)", 100.5), ("team_totals", "Under \(lakers)", 100.5),
      ("totals_h2", "Over", 110.5), ("totals_h2", "Under", 110.5), ("totals_q1", "Over", 55.5), ("totals_q1", "Under", 55.5),
      ("player_points LeBron James", "Over", 25.5), ("player_points LeBron James", "Under", 25.5),
    ]
    let feed = Feed(
      format: .quotes,
      events: [
        event("GSW@LAL", lakers, warriors, start: "2026-12-02T00:30:00Z", bets),
        event("ORL@MIA", "Miami Heat", "Orlando Magic", start: "2026-12-02T00:00:00Z", bets.filter { $0.0 == "totals_h2" }),
        event("NYK@BOS", "Boston Celtics", "New York Knicks", start: "2026-12-02T03:30:00Z", bets.prefix(2).map { $0 }),
      ])
    let buzzer = GameState(period: 4, secondsLeft: 0, homeScore: 101, awayScore: 99)
    let half = GameState(period: 3, secondsLeft: 720, homeScore: 60, awayScore: 50)
    let board = Scoreboard(games: [
      .init(id: "1", home: "LAL", away: "GS", state: buzzer, status: "in", final: false),
      .init(id: "2", home: "MIA", away: "ORL", state: half, status: "in", final: false),
    ])
    var context = PricingContext()
    context.periods = QuarterModel.reverting
    let live = try LiveSlatePricing(
      LiveSlateRequest(
        feed: feed, projections: .stats(stats(["BOS", "NYK", "LAL", "GSW", "MIA", "ORL"])), night: night, scoreboard: board),
      context: context, quoting: try FairQuoting(.init()), seed: 7, threads: 1)
    func model(_ game: String, _ market: String, _ selection: String, _ line: Double?) -> ModelOdds? {
      live.board.entries.first {
        $0.game.gameID == FairBetGame.id(of: game) && $0.report.market == market && $0.report.selection == selection
          && $0.report.line == line
      }!.model
    }
    // The final buzzer, 101-99: every full-game bet is settled; a whole line on the margin pushes.
    XCTAssertEqual(model("GSW@LAL", "totals", "Over", 225.5), ModelOdds(win: 0, push: 0))
    XCTAssertEqual(model("GSW@LAL", "totals", "Under", 225.5)?.win, 1)
    XCTAssertEqual(model("GSW@LAL", "h2h", lakers, nil)?.win, 1)
    XCTAssertEqual(model("GSW@LAL", "h2h", warriors, nil)?.win, 0)
    XCTAssertEqual(model("GSW@LAL", "spreads", lakers, -1.5)?.win, 1)
    XCTAssertEqual(model("GSW@LAL", "spreads", warriors, 1.5)?.win, 0)
    XCTAssertEqual(model("GSW@LAL", "spreads", lakers, -2)?.push, 1)
    XCTAssertNil(model("GSW@LAL", "spreads", warriors, 2)?.fairProbability, "a certain push has no price")
    XCTAssertEqual(model("GSW@LAL", "team_totals", "Over \(lakers)", 100.5)?.win, 1)
    XCTAssertEqual(model("GSW@LAL", "team_totals", "Under \(lakers)", 100.5)?.win, 0)
    XCTAssertNil(model("GSW@LAL", "totals_h2", "Over", 110.5), "a period over is not one to come")
    XCTAssertNil(model("GSW@LAL", "player_points LeBron James", "Over", 25.5), "the game model prices no player")
    XCTAssertEqual(live.board.inPlay[FairBetGame.id(of: "GSW@LAL")]?.state, buzzer)

    // Half time, 60-50: the second half is what remains; its total the live model's remaining
    // points, normal, read on whole points (110.5: above 110.5).
    let game = try XCTUnwrap(live.games["ORL@MIA"]?.model)
    let rest = try XCTUnwrap(InPlayPricing.live(game, at: half, quarters: QuarterModel.reverting)).model
    let hs = rest.homeSD, aw = rest.awaySD
    let sd = (hs * hs + aw * aw + 2 * rest.correlation * hs * aw).squareRoot()
    let mean = rest.homeMean + rest.awayMean - 110
    let over = 1 - RegulationCells.normalCDF((110.5 - mean) / sd)
    let h2 = try XCTUnwrap(model("ORL@MIA", "totals_h2", "Over", 110.5))
    XCTAssertEqual(h2.win, over, accuracy: 1e-9)
    XCTAssertEqual(h2.push, 0)
    XCTAssertEqual(model("ORL@MIA", "totals_h2", "Under", 110.5)!.win, 1 - over, accuracy: 1e-9)
    XCTAssertNil(model("NYK@BOS", "totals", "Over", 225.5), "before tip-off: no model price")
    XCTAssertNil(live.board.inPlay[FairBetGame.id(of: "NYK@BOS")])
  }
}
