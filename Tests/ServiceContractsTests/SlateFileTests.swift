import Foundation
import ServiceContracts
import OddsMath
import Simulation
import XCTest
import UseCases

final class SlateFileTests: XCTestCase {
  let base = GameModel(homeMean: 0, awayMean: 0)

  func decode(_ json: String, base: GameModel? = nil) throws -> SlateFile {
    try SlateFile.decode(Data(json.utf8), base: base ?? self.base)
  }

  /// The agent's batch request: projections by its formula, its defaults, its names.
  func testBatchRequestUsesTheAgentsFormula() throws {
    let file = try decode(
      """
      {"games": [{"game_id": "0022500123", "home_team_abbr": "LAL", "away_team_abbr": "GSW",
        "home_ppg": 115.2, "home_opp_ppg": 110.5, "home_std_dev": 10.5,
        "away_ppg": 118.3, "away_opp_ppg": 112.1, "total_line": 225.5, "over_odds": 1.95}], "n_sims": 20000}
      """)
    XCTAssertEqual(file.nSims, 20000)
    let g = try XCTUnwrap(file.entries.first?.game)
    XCTAssertEqual(g.id, "0022500123")
    XCTAssertEqual(g.homeAbbr, "LAL")
    let model = try XCTUnwrap(g.model)
    XCTAssertEqual(model.homeMean, (115.2 + 112.1) / 2)
    XCTAssertEqual(model.awayMean, (118.3 + 110.5) / 2)
    XCTAssertEqual(model.homeSD, 10.5)
    XCTAssertEqual(model.awaySD, 10)
    XCTAssertEqual(g.markets.total?.line, 225.5)
    XCTAssertEqual(g.markets.total?.overOdds.decimal, 1.95)
    XCTAssertEqual(g.markets.total?.underOdds.decimal, 1.91)
    XCTAssertNil(g.markets.spread)
    XCTAssertEqual(g.info.homePPG, 115.2)
    XCTAssertEqual(g.info.awayStd, 10)
    XCTAssertEqual(g.info.homeTeamID, 1610612747)
    XCTAssertEqual(g.info.homeTeam, "Los Angeles Lakers")
    XCTAssertEqual(file.entries[0].home, TeamKey("Lakers"))
  }

  /// Native fields: projections, model settings at three levels, spreads and moneylines in any
  /// price format.
  func testNativeSlateLayersItsSettings() throws {
    var cli = base
    cli.correlation = 0.3
    cli.skewness = 0.1
    let file = try decode(
      """
      {"seed": 9, "model": {"rho": 0.2, "ot_model": "tie", "home_sd": 12},
       "games": [
        {"home_team": "Boston Celtics", "away_team": "Miami Heat", "home_projection": 115, "away_projection": 110,
         "total_line": 225, "over_odds": "-110", "under_odds": "+100", "spread": -4.5, "home_spread_odds": "10/11",
         "home_ml": "-190", "away_ml": 2.6, "rho": 0.1, "home_std_dev": 13, "score_floor": 70},
        {"home_team_abbr": "DEN", "away_team_abbr": "PHX", "home_projection": 118, "away_projection": 112}
       ]}
      """, base: cli)
    XCTAssertEqual(file.seed, 9)
    let a = try XCTUnwrap(file.entries[0].game.model), b = try XCTUnwrap(file.entries[1].game.model)
    XCTAssertEqual([a.correlation, b.correlation], [0.1, 0.2])
    XCTAssertEqual([a.homeSD, b.homeSD], [13, 12])
    XCTAssertEqual([a.awaySD, b.awaySD], [10, 10])
    XCTAssertEqual(a.overtime.kind, .tie)
    XCTAssertEqual(a.scoreFloor, 70)
    XCTAssertEqual(b.scoreFloor, 0, "the default floor: no score below 0")
    XCTAssertEqual(b.skewness, 0.1)
    let m = file.entries[0].game.markets
    XCTAssertEqual(m.total?.overOdds.american, -110)
    XCTAssertEqual(m.total?.underOdds.decimal, 2)
    XCTAssertEqual(m.spread?.homeLine, -4.5)
    XCTAssertEqual(m.spread?.homeOdds.fractional.description, "10/11")
    XCTAssertEqual(m.spread?.awayOdds.decimal, 1.91)
    XCTAssertEqual(m.moneyline?.homeOdds.american, -190)
    XCTAssertEqual(m.moneyline?.awayOdds.decimal, 2.6)
    XCTAssertEqual(file.entries[0].game.id, "MIA@BOS")
    XCTAssertEqual(file.entries[0].game.homeAbbr, "BOS")
    XCTAssertTrue(file.entries[1].game.markets.isEmpty)
  }

  /// One bad game carries its error, named by its path; the games around it are intact.
  func testBadGamesAreIsolated() throws {
    let file = try decode(
      """
      [{"game_id": "ok", "home_projection": 110, "away_projection": 108, "total_line": 218.5},
       {"game_id": "bad ppg", "home_ppg": "112", "home_opp_ppg": 108, "away_ppg": 110, "away_opp_ppg": 111, "total_line": 220},
       {"game_id": 42, "home_projection": 110, "total_line": 220},
       {"game_id": "both", "home_projection": 110, "away_projection": 108, "home_ppg": 100},
       {"game_id": "one ml", "home_projection": 110, "away_projection": 108, "home_ml": "-150"},
       {"game_id": "odds", "home_projection": 110, "away_projection": 108, "total_line": 220, "over_odds": -110},
       {"game_id": "ot", "home_projection": 110, "away_projection": 108, "ot_model": "sudden death"},
       {"game_id": "typo", "home_projection": 110, "away_projection": 108, "rh0": 0.3, "total_line": 221},
       "not a game"]
      """)
    let games = file.entries.map(\.game)
    XCTAssertEqual(games.map(\.id), ["ok", "bad ppg", "42", "both", "one ml", "odds", "ot", "typo", "game 9"])
    XCTAssertNil(games[0].problem)
    XCTAssertEqual(games[1].problem, "field '[1].home_ppg' must be a number")
    XCTAssertEqual(games[2].problem, "missing field '[2].away_projection'")
    XCTAssertTrue(games[3].problem?.contains("not both") == true, games[3].problem ?? "")
    XCTAssertEqual(games[4].problem, "field '[4].away_ml': a moneyline needs both home_ml and away_ml")
    XCTAssertTrue(games[5].problem?.contains(#"write American odds as a string, "-110""#) == true, games[5].problem ?? "")
    XCTAssertTrue(games[6].problem?.contains("'sudden death' is not an overtime model") == true, games[6].problem ?? "")
    XCTAssertNil(games[7].problem)
    XCTAssertEqual(games[7].info.notes, ["unknown field 'rh0' ignored"])
    XCTAssertNotNil(games[8].problem)
    XCTAssertNil(games[1].model)
  }

  func testWholeFileErrors() {
    XCTAssertThrowsError(try decode(#"{"games": 3}"#)) { XCTAssertEqual("\($0)", "field 'games' must be an array") }
    XCTAssertThrowsError(try decode(#"{"n_sims": 3}"#)) { XCTAssertEqual("\($0)", "missing field 'games'") }
    XCTAssertThrowsError(try decode("{")) { XCTAssertTrue("\($0)".hasPrefix("malformed JSON"), "\($0)") }
  }

  func testScenariosDecode() throws {
    let batch = try SlateFile.decode(try Self.scenario("slate_batch.json"), base: base)
    XCTAssertEqual(batch.entries.count, 13)
    XCTAssertTrue(batch.entries.allSatisfy { $0.game.problem == nil && $0.game.markets.total != nil && $0.home?.team != nil })
    let native = try SlateFile.decode(try Self.scenario("slate_native.json"), base: base)
    XCTAssertEqual(native.entries.count, 7)
    XCTAssertTrue(
      native.entries.allSatisfy {
        $0.game.problem == nil && $0.game.markets.spread != nil && $0.game.markets.moneyline != nil
          && $0.game.model?.overtime.kind == .tie
      })
    XCTAssertEqual(native.entries[0].game.model?.skewness, 0.19)
  }

  /// A file of the shipped Scenarios/.
  static func scenario(_ name: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Scenarios/\(name)"))
  }
}
