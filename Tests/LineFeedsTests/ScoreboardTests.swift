import Foundation
import LineFeeds
import ServiceContracts
import Simulation
import XCTest
import UseCases

/// The live scoreboard adapter on its fixture (Scenarios/scoreboard_espn_nba.json: ESPN's NBA
/// scoreboard shape, the real scores of 2023-12-11 at a quarter's end, half time, the final
/// buzzer and before tip-off), malformed input refused by field, and the one rule that gives a
/// slate's games their state.
final class ScoreboardTests: XCTestCase {
  func testTheFixtureReadsEachGamesState() throws {
    let board = try Scoreboard.decode(try Fixtures.scenario("scoreboard_espn_nba.json"))
    XCTAssertTrue(board.rejected.isEmpty, "\(board.rejected)")
    XCTAssertEqual(board.games.count, 7)
    func state(_ home: String, _ away: String) -> Scoreboard.Game? { board.game(home: TeamKey(home), away: TeamKey(away)) }
    // End of the third quarter: the start of the fourth, 77-89.
    XCTAssertEqual(state("CHA", "MIA")?.state, GameState(period: 3, secondsLeft: 0, homeScore: 77, awayScore: 89))
    // Half time, named by the feed's own abbreviations or the directory's (NY is NYK).
    XCTAssertEqual(state("NYK", "TOR")?.state, GameState(period: 2, secondsLeft: 0, homeScore: 66, awayScore: 60))
    XCTAssertEqual(state("Orlando Magic", "CLE")?.state?.homeScore, 51)
    // Final: over, at the final buzzer.
    let final = try XCTUnwrap(state("DET", "IND"))
    XCTAssertTrue(final.final)
    XCTAssertEqual(final.state, GameState(period: 4, secondsLeft: 0, homeScore: 123, awayScore: 131))
    // Before tip-off: no state. WSH is the Wizards.
    XCTAssertEqual(state("PHI", "WAS")?.status, "pre")
    XCTAssertNil(state("PHI", "WAS")?.state)
    // Level at the end of regulation: not final, overtime to come.
    let level = try XCTUnwrap(state("MIL", "CHI"))
    XCTAssertFalse(level.final)
    XCTAssertEqual(level.state, GameState(period: 4, secondsLeft: 0, homeScore: 118, awayScore: 118))
  }

  func testMalformedInputIsRefusedByField() throws {
    XCTAssertThrowsError(try Scoreboard.decode(Data(#"{"leagues": []}"#.utf8))) { error in
      XCTAssertTrue("\(error)".contains("missing field 'events'"), "\(error)")
    }
    XCTAssertThrowsError(try Scoreboard.decode(Data(#"{"events": [ {"id": "1""#.utf8))) { error in
      XCTAssertTrue("\(error)".contains("malformed JSON"), "\(error)")
    }
    func event(_ status: String, home: String = #""homeAway": "home""#, score: String = #""78""#) -> String {
      #"{"id": "e", "status": \#(status), "competitions": [{"competitors": ["#
        + #"{\#(home), "score": \#(score), "team": {"abbreviation": "BOS"}},"#
        + #"{"homeAway": "away", "score": "71", "team": {"abbreviation": "NY"}}]}]}"#
    }
    let live = #"{"clock": 432.0, "displayClock": "7:12", "period": 3, "type": {"state": "in", "completed": false}}"#
    let cases: [(String, String)] = [
      (event(live, home: #""homeAway": "neutral""#), "events[1].competitions[0].competitors' must list a home and an away"),
      (event(live, score: #""seventy""#), "events[1].competitions[0].competitors[0].score' must be a whole number of points, got 'seventy'"),
      (event(#"{"clock": 10, "period": 0, "type": {"state": "in"}}"#), "events[1].status.period' must be 1 to 4 (the quarters) or 5 to 14"),
      (event(live, score: "null"), "events[1].competitions[0].competitors[0].score' is missing for a game that has started"),
      (event(#"{"clock": 900, "period": 2, "type": {"state": "in"}}"#), "events[1].status.clock' must be within the period's 12 minutes"),
      (event(#"{"displayClock": "soon", "period": 2, "type": {"state": "in"}}"#), "events[1].status.displayClock' is not a clock"),
      (event(#"{"period": 2, "type": {"state": "paused"}}"#), "events[1].status.type.state' must be pre, in or post"),
      (#"{"id": "e", "competitions": []}"#, "events[1].competitions' is empty"),
      (#"{"id": 7}"#, "events[1]"),
    ]
    for (bad, says) in cases {
      // One bad event is reported for itself; the good one beside it is kept.
      let board = try Scoreboard.decode(Data(#"{"events": [\#(event(live)), \#(bad)]}"#.utf8))
      XCTAssertEqual(board.games.count, 1, bad)
      XCTAssertEqual(board.games.first?.state, GameState(period: 3, secondsLeft: 432, homeScore: 78, awayScore: 71))
      XCTAssertEqual(board.rejected.count, 1, bad)
      let said = board.rejected.map { "\($0.location): \($0.reason)" }.joined()
      XCTAssertTrue(said.contains(says), "\(bad): \(said)")
    }
    // A final in overtime is over at the end of its period; a postponed game has no state.
    let overtimeFinal = #"{"clock": 0, "period": 5, "type": {"state": "post", "completed": true}}"#
    let postponed = #"{"period": 0, "type": {"name": "STATUS_POSTPONED", "state": "post", "completed": false}}"#
    let ends = try Scoreboard.decode(Data(#"{"events": [\#(event(overtimeFinal)), \#(event(postponed))]}"#.utf8))
    XCTAssertEqual(ends.games.first?.state, GameState(period: 5, secondsLeft: 0, homeScore: 78, awayScore: 71))
    XCTAssertTrue(ends.games.first?.final ?? false)
    XCTAssertNil(ends.games.last?.state)
    XCTAssertFalse(ends.games.last?.final ?? true)
    // Under a minute ESPN writes seconds ("45.3"); scores may be numbers or {"value": ...}.
    let late = #"{"displayClock": "45.3", "period": 4, "type": {"state": "in"}}"#
    let board = try Scoreboard.decode(Data(#"{"events": [\#(event(late, score: #"{"value": 101.0, "displayValue": "101"}"#))]}"#.utf8))
    XCTAssertEqual(board.games.first?.state, GameState(period: 4, secondsLeft: 45.3, homeScore: 101, awayScore: 71))
  }

  /// A game under way gets its state; a finished one is not priced; a feed's pre-game prices on
  /// a game under way are not priced (they would read as edges); a feed's live prices are.
  func testTheBoardGivesASlatesGamesTheirState() throws {
    let board = try Scoreboard.decode(try Fixtures.scenario("scoreboard_espn_nba.json"))
    let model = GameModel(homeMean: 110, awayMean: 108)
    func game(_ home: String, _ away: String, live: Bool? = nil, started: Bool = false) -> SlateGame {
      var info = GameInfo()
      info.live = live
      info.startTime = started ? "2023-12-12T00:10:00Z" : nil
      return SlateGame(id: "\(away)@\(home)", homeAbbr: home, awayAbbr: away, model: model, markets: GameMarkets(), info: info)
    }
    var games = [
      game("CHA", "MIA"), game("DET", "IND"), game("PHI", "WAS"), game("ORL", "CLE", started: true),
      game("NYK", "TOR", live: true, started: true),
      game("BOS", "LAL"),
    ]
    XCTAssertEqual(board.apply(to: &games), 4)
    XCTAssertEqual(games[0].state?.period, 3)
    XCTAssertNil(games[0].problem)
    XCTAssertEqual(games[1].problem, "final (123-131): the game is over")
    XCTAssertNil(games[1].model)
    XCTAssertNil(games[2].state)
    XCTAssertTrue(games[3].problem?.contains("the feed's prices are from before tip-off") ?? false, "\(games[3])")
    XCTAssertNil(games[3].state)
    XCTAssertNil(games[4].problem)
    XCTAssertEqual(games[4].state?.homeScore, 66)
    XCTAssertNil(games[5].state)
  }
}
