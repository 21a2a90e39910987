import Simulation
import UseCases
import XCTest

/// A slate file's game built from what the file wrote: the agent's formula on the four stats,
/// the file's fields over the base model, its id, and the teams checked.
final class SlateGameDraftTests: XCTestCase {
  let base = GameModel(homeMean: 0, awayMean: 0, homeSD: 12, awaySD: 12)

  func testTheFourStatsAreProjectedByTheAgentsFormulaOverTheBase() throws {
    let draft = SlateGameDraft(
      homeAbbr: "BOS", awayAbbr: "NYK", projection: .stats(homePPG: 118, homeOppPPG: 108, awayPPG: 112, awayOppPPG: 110),
      settings: [.homeSD(11)])
    let entry = draft.entry(number: 3, base: base)
    let model = try XCTUnwrap(entry.game.model)
    XCTAssertEqual(model.homeMean, (118 + 110) / 2)
    XCTAssertEqual(model.awayMean, (112 + 108) / 2)
    XCTAssertEqual(model.homeSD, 11, "the file's field over the base")
    XCTAssertEqual(model.awaySD, 12)
    XCTAssertEqual(entry.game.id, "NYK@BOS")
    XCTAssertEqual(entry.game.info.homePPG, 118)
    XCTAssertEqual(entry.game.info.homeTeam, "Boston Celtics")
    XCTAssertEqual(entry.home, TeamKey("Boston Celtics"))
  }

  func testUnknownTeamsAndATeamAgainstItselfAreTheGamesError() {
    let unknown = SlateGameDraft(homeAbbr: "ZZZ", awayAbbr: "NYK", projection: .means(home: 110, away: 108))
    XCTAssertEqual(unknown.entry(number: 1, base: base).game.problem, "unknown team 'ZZZ'")
    XCTAssertNil(unknown.entry(number: 1, base: base).game.model)
    let itself = SlateGameDraft(awayAbbr: "BOS", homeTeam: "Boston Celtics", projection: .means(home: 110, away: 108))
    XCTAssertEqual(itself.entry(number: 2, base: base).game.problem, "a team cannot play itself (BOS)")
    XCTAssertEqual(SlateGameDraft(projection: .means(home: 110, away: 108)).entry(number: 4, base: base).game.id, "game 4")
    let failed = SlateGameDraft.failed(number: 5, id: nil, home: "Celtics", away: "knicks", problem: "games[4].home_ppg: bad")
    XCTAssertEqual(failed.game.id, "game 5")
    XCTAssertEqual([failed.game.homeAbbr, failed.game.awayAbbr], ["BOS", "NYK"])
  }
}
