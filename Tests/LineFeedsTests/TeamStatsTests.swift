import Foundation
import LineFeeds
import ServiceContracts
import OddsMath
import Simulation
import XCTest
import UseCases

final class TeamStatsTests: XCTestCase {
  /// The platform's /api/teams: points_avg and points_allowed_avg, no sd, names in any form.
  func testPlatformTeamsShape() throws {
    let table = try TeamStatsFile.decode(try Fixtures.data("platform_teams.json"), source: "teams")
    XCTAssertEqual(table.count, 30)
    XCTAssertEqual(table.skipped, [])
    let clippers = try XCTUnwrap(table.stats(for: "Los Angeles Clippers"))
    XCTAssertEqual(clippers.name, "LA Clippers")
    XCTAssertEqual(clippers.team?.id, 1610612746)
    XCTAssertNil(clippers.sd)
    XCTAssertEqual(table.stats(for: "ATL")?.ppg, 122.2)
    XCTAssertEqual(table.stats(for: "Hawks")?.oppPPG, 122.5)
  }

  func testNativeStatsFloorsTheSDAndSkipsBadTeams() throws {
    let json = """
      {"teams": [{"team": "Boston Celtics", "ppg": 120.5, "opp_ppg": 108, "sd": 6.5, "games": 20},
                 {"team": "MIA", "ppg": "111.2", "opp_ppg": 109},
                 {"team": "DEN", "ppg": -5, "opp_ppg": 109},
                 {"team": "PHX", "opp_ppg": 109},
                 {"team": "RB Leipzig", "ppg": 1.8, "opp_ppg": 1.1}]}
      """
    let table = try TeamStatsFile.decode(Data(json.utf8), source: "native")
    XCTAssertEqual(table.count, 3)
    XCTAssertEqual(table.stats(for: "BOS")?.sd, 8)
    XCTAssertEqual(table.stats(for: "Heat")?.ppg, 111.2)
    XCTAssertNil(table.stats(for: "Heat")?.sd)
    XCTAssertEqual(table.stats(for: "rb leipzig")?.ppg, 1.8)
    XCTAssertEqual(table.skipped.count, 2)
    XCTAssertTrue(table.skipped[0].contains("[2].ppg"), table.skipped[0])
    XCTAssertTrue(table.skipped[1].contains("[3].ppg"), table.skipped[1])
    XCTAssertThrowsError(try TeamStatsFile.decode(Data("[]".utf8), source: "x"))
  }

  /// mcsim's stats from the results CSV equal the figures scripts/slate_scenarios.py computed
  /// independently (in Python) for the batch scenario.
  func testResultsStatsMatchTheScenario() throws {
    let table = try ResultsStats.compute(
      csv: try Fixtures.scenario("nba_results_2023.csv"), options: .init(asOf: "2023-12-11"), source: "results")
    XCTAssertEqual(table.count, 30)
    XCTAssertTrue(table.source.contains("season 2023-24"), table.source)
    let batch = try JSONSerialization.jsonObject(with: try Fixtures.scenario("slate_batch.json")) as! [String: Any]
    for game in batch["games"] as! [[String: Any]] {
      for side in ["home", "away"] {
        let stats = try XCTUnwrap(table.stats(for: game["\(side)_team_abbr"] as! String))
        XCTAssertEqual(stats.ppg, game["\(side)_ppg"] as! Double, accuracy: 5e-5)
        XCTAssertEqual(stats.oppPPG, game["\(side)_opp_ppg"] as! Double, accuracy: 5e-5)
        XCTAssertEqual(try XCTUnwrap(stats.sd), game["\(side)_std_dev"] as! Double, accuracy: 5e-5)
      }
    }
  }

  func testLastNGamesAndSeasonBoundaries() throws {
    let csv = """
      season,date,home,away,home_score,away_score
      2022-23,2023-04-01,BOS,MIA,100,90
      2022-23,2023-04-02,MIA,BOS,110,120
      2023-24,2023-10-25,BOS,NYK,130,100
      2023-24,2023-10-27,NYK,BOS,101,95
      2023-24,bad,BOS,NYK,1,1
      2023-24,2023-10-29,BOS,NYK,x,1
      2023-24,2023-10-30,BOS,NYK,99,98
      """
    let season = try ResultsStats.compute(csv: Data(csv.utf8), options: .init(asOf: "2023-10-30"), source: "r")
    let bos = try XCTUnwrap(season.stats(for: "Boston Celtics"))
    XCTAssertEqual(bos.games, 2)
    XCTAssertEqual(bos.ppg, (130 + 95) / 2)
    XCTAssertEqual(bos.oppPPG, (100 + 101) / 2)
    // sample sd of {130, 95} = 24.75, above the floor.
    XCTAssertEqual(try XCTUnwrap(bos.sd), (2 * 17.5 * 17.5).squareRoot(), accuracy: 1e-12)
    XCTAssertNil(season.stats(for: "MIA"))
    XCTAssertEqual(season.skipped.count, 2)
    let last = try ResultsStats.compute(csv: Data(csv.utf8), options: .init(asOf: "2023-10-28", last: 3), source: "r")
    XCTAssertEqual(last.stats(for: "BOS")?.games, 3)
    XCTAssertEqual(last.stats(for: "BOS")?.ppg, (120 + 130 + 95) / 3)
    XCTAssertEqual(last.stats(for: "MIA")?.games, 2)
    XCTAssertThrowsError(try ResultsStats.compute(csv: Data(csv.utf8), options: .init(asOf: "2020-01-01"), source: "r"))
    XCTAssertThrowsError(try ResultsStats.compute(csv: Data(csv.utf8), options: .init(asOf: "Jan 5"), source: "r"))
    XCTAssertThrowsError(try ResultsStats.compute(csv: Data("date,home\n".utf8), options: .init(asOf: "2023-10-28"), source: "r")) {
      XCTAssertTrue("\($0)".contains("'away'"), "\($0)")
    }
  }

  /// Feed plus stats: one game per feed event, projected by the agent's formula; a team without
  /// stats is listed, not dropped.
  func testFeedAndStatsMakeASlate() throws {
    let feed = try Fixtures.feed("theoddsapi_v4_basketball_nba_decimal_h2h_spreads.json")
    var stats = try TeamStatsFile.decode(try Fixtures.scenario("feed_team_stats.json"), source: "stats")
    let full = SlateAssembly.fromFeed(feed, stats: stats, base: GameModel(homeMean: 0, awayMean: 0))
    XCTAssertEqual(full.games.count, 18)
    XCTAssertEqual(full.unmatched, [])
    let lac = try XCTUnwrap(full.games.first { $0.homeAbbr == "LAC" })
    let h = try XCTUnwrap(stats.stats(for: "LAC")), a = try XCTUnwrap(stats.stats(for: "POR"))
    XCTAssertEqual(lac.model?.homeMean, (h.ppg + a.oppPPG) / 2)
    XCTAssertEqual(lac.model?.awayMean, (a.ppg + h.oppPPG) / 2)
    XCTAssertEqual(lac.model?.homeSD, h.sd)
    XCTAssertEqual(lac.info.gameDate, "2023-12-11")
    XCTAssertNil(lac.markets.total)
    XCTAssertEqual(lac.markets.spread?.homeLine, -13)
    XCTAssertNotNil(lac.markets.moneyline)

    // Without the Clippers' stats, their game is listed as unmatched.
    let data = try Fixtures.scenario("feed_team_stats.json")
    var object = try JSONSerialization.jsonObject(with: data) as! [String: Any]
    object["teams"] = (object["teams"] as! [[String: Any]]).filter { $0["team"] as? String != "LAC" }
    stats = try TeamStatsFile.decode(try JSONSerialization.data(withJSONObject: object), source: "stats")
    let partial = SlateAssembly.fromFeed(feed, stats: stats, base: GameModel(homeMean: 0, awayMean: 0))
    XCTAssertEqual(partial.games.count, 17)
    XCTAssertEqual(partial.unmatched.count, 1)
    XCTAssertEqual(partial.unmatched[0].home, "Los Angeles Clippers")
    XCTAssertTrue(partial.unmatched[0].reason.contains("'Los Angeles Clippers'"), partial.unmatched[0].reason)
  }

  /// A slate file priced at a feed's lines: matched by team, market by market.
  func testFeedLinesAttachToAFile() throws {
    let feed = try Fixtures.feed("theoddsapi_v4_basketball_nba_decimal_h2h_spreads.json")
    let file = try SlateFile.decode(try Fixtures.scenario("slate_batch.json"), base: GameModel(homeMean: 0, awayMean: 0))
    let slate = SlateAssembly.attach(feed, to: file.entries)
    XCTAssertEqual(slate.games.count, 13)
    XCTAssertEqual(slate.unmatched.count, 5)  // the Christmas games
    XCTAssertTrue(slate.unmatched.allSatisfy { $0.event.contains("2023-12-2") })
    for (game, entry) in zip(slate.games, file.entries) {
      XCTAssertEqual(game.markets.total, entry.game.markets.total)  // the feed has no totals
      XCTAssertNotNil(game.markets.spread)
      XCTAssertTrue(game.info.notes.contains { $0.hasPrefix("total from the slate file") })
    }
  }
}
