import Foundation
import OddsMath
import ServiceContracts
import Simulation
import XCTest
import UseCases

/// The corners of the clients' contracts that the fixture feed does not reach: a tonight game
/// without a line (every key still sent, the agent's -110 as its odds), and a player prop in
/// FairBet (its `selection_key`, `player_name`, category and the `player_name` filter).
final class ClientWireTests: XCTestCase {
  func object(_ value: some Encodable) throws -> [String: Any] {
    try XCTUnwrap(JSONSerialization.jsonObject(with: ContractJSON.encode(value)) as? [String: Any])
  }

  func testATonightGameWithoutALineSendsEveryKey() throws {
    let model = GameModel(homeMean: 115, awayMean: 112)
    var info = GameInfo()
    info.homeGames = 30
    info.awayGames = 29
    let game = SlateGame(
      id: "g", homeAbbr: "BOS", awayAbbr: "NYK", model: model, markets: GameMarkets(), problem: nil, info: info)
    var evaluator = SlateEvaluator(options: SimulationOptions(simulations: 1_000, seed: 1, threads: 1))
    let result = try XCTUnwrap(try evaluator.evaluate([game]).games.first)
    let tonight = try object(SlateGameWire(AgentSlateGame(result, rules: .agent), endpoint: .tonight))
    XCTAssertEqual(tonight["verdict"] as? String, "NO_LINE")
    for key in ["monte_carlo", "ev_metrics", "edge", "line", "bookmaker", "avg_pace"] {
      XCTAssertTrue(tonight[key] is NSNull, "\(key): \(String(describing: tonight[key]))")
    }
    // (JSONDecoder reads doubles exactly; Linux's JSONSerialization does not.)
    struct Prices: Decodable { let over_odds, under_odds: Double }
    let prices = try JSONDecoder().decode(
      Prices.self, from: ContractJSON.encode(SlateGameWire(AgentSlateGame(result, rules: .agent), endpoint: .tonight)))
    XCTAssertEqual(prices.over_odds, 1 + 100.0 / 110, "the agent's -110, unrounded")
    XCTAssertEqual(prices.under_odds, 1 + 100.0 / 110)
    XCTAssertEqual(tonight["home_games"] as? Int, 30)
    XCTAssertEqual(tonight["away_games"] as? Int, 29)
    // The batch leaves out what the agent's batch left out for such a game.
    let batch = try object(SlateGameWire(AgentSlateGame(result, rules: .agent), endpoint: .batch))
    XCTAssertNil(batch["ev_metrics"])
    XCTAssertNil(batch["bookmaker"])
    XCTAssertNotNil(batch["error"])
  }

  func testAPlayerPropInFairBet() throws {
    let now = Date(timeIntervalSince1970: 1_775_000_000)
    var quotes: [Quote] = []
    for (book, over, under) in [
      ("pinnacle", "-115", "-105"), ("fanduel", "-120", "+100"), ("draftkings", "-118", "-102"),
      ("betmgm", "-115", "-105"),
    ] {
      for (side, price) in [("Over", over), ("Under", under)] {
        quotes.append(
          Quote(
            event: "BOS@LAL", market: "player_points", selection: "LeBron James \(side)", line: 25.5, book: book,
            price: try Odds(parsing: price), observedAt: now.addingTimeInterval(-60), category: .playerProp))
      }
    }
    let report = FairOdds.evaluate(quotes, asOf: now)
    let game = FairBetGame(
      event: "BOS@LAL", feedID: "abc", league: "NBA", home: "Los Angeles Lakers", away: "Boston Celtics",
      start: now.addingTimeInterval(3600))
    let catalog = FairBetCatalog(report: report, games: [game])
    let over = try XCTUnwrap(catalog.entries.first { $0.bet.selectionKey.hasSuffix(":over") }).bet
    XCTAssertEqual(over.selectionKey, "player:lebron_james:over")
    XCTAssertEqual(over.playerName, "LeBron James")
    XCTAssertEqual(over.marketCategory, "player_prop")
    XCTAssertEqual(over.marketDisplayName, "Player Points")
    XCTAssertEqual(over.selectionDisplay, "LeBron James Over 25.5")
    XCTAssertEqual(over.gameID, FairBetGame.id(of: "abc"))
    var problems: [(String, String, String)] = []
    let lebron = FairBetQuery([("player_name", "lebron")], problems: &problems)
    let curry = FairBetQuery([("player_name", "Curry")], problems: &problems)
    XCTAssertEqual(FairBetCatalog.bets(catalog.entries, query: lebron).count, 2)
    XCTAssertEqual(FairBetCatalog.bets(catalog.entries, query: curry).count, 0)
    XCTAssertTrue(problems.isEmpty)
  }

  func testGameIDsAreStablePositive31BitIntegers() {
    let ids = ["8c95b58e16520c12308e0196b0c19198", "5f035331e20684a116344413531bab36", ""].map(FairBetGame.id(of:))
    XCTAssertEqual(ids, ["8c95b58e16520c12308e0196b0c19198", "5f035331e20684a116344413531bab36", ""].map(FairBetGame.id(of:)))
    XCTAssertTrue(ids.allSatisfy { (0...Int(Int32.max)).contains($0) })
    XCTAssertEqual(Set(ids).count, 3)
    XCTAssertEqual(FairBetGame.slug("  St. Louis-Blues  "), "st_louis_blues")
  }
}
