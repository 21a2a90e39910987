import Foundation
import Simulation
import XCTest

/// The audit's validation findings: decoding errors name their field, every bad model value is
/// listed, a batch's shared model and total cost are checked as the request's, and the exact
/// block comes when asked.
final class ValidationTests: XCTestCase {
  let good: [String: Any] = ["home_projection": 112.5, "away_projection": 108.3, "total_line": 220.5]

  func fields(_ reply: TestServer.Reply) -> [String] {
    reply.json.list("errors").compactMap { $0["field"] as? String }
  }

  func problem(_ reply: TestServer.Reply, _ field: String) -> [String: Any]? {
    reply.json.list("errors").first { $0["field"] as? String == field }
  }

  /// A wrong type or a missing field is named by its field (not "body"), with the value sent.
  func testAWrongTypeOrMissingFieldIsNamedWithItsValue() async throws {
    let server = try await serve()
    var nan = good
    nan["home_projection"] = "NaN"
    var reply = try await server.post("/api/monte-carlo/simulate", json: nan)
    XCTAssertEqual(reply.status, 422, reply.text)
    XCTAssertEqual(fields(reply), ["home_projection"], reply.text)
    XCTAssertEqual(problem(reply, "home_projection")?["value"] as? String, "NaN")
    XCTAssertEqual(reply.json.list("detail").first?["loc"] as? [String], ["body", "home_projection"])

    var fraction = good
    fraction["n_sims"] = 1.5
    reply = try await server.post("/api/monte-carlo/simulate", json: fraction)
    XCTAssertEqual(reply.status, 422, reply.text)
    XCTAssertEqual(fields(reply), ["n_sims"], reply.text)
    XCTAssertEqual(problem(reply, "n_sims")?["value"] as? String, "1.5")

    // Several wrong types at once: each is named.
    var several = good
    // (A numeric string and "yes" are read, as pydantic reads them: ClientHTTPTests.)
    several["total_line"] = "lots"
    several["include_scenarios"] = 2
    reply = try await server.post("/api/monte-carlo/simulate", json: several)
    XCTAssertEqual(reply.status, 422, reply.text)
    XCTAssertEqual(Set(fields(reply)), ["total_line", "include_scenarios"], reply.text)

    var missing = good
    missing["away_projection"] = nil
    reply = try await server.post("/api/monte-carlo/simulate", json: missing)
    XCTAssertEqual(reply.status, 422, reply.text)
    XCTAssertEqual(fields(reply), ["away_projection"], reply.text)

    // Malformed JSON has no field: it stays the body's.
    reply = try await server.post("/api/monte-carlo/simulate", Data("{\"home_projection\": ".utf8))
    XCTAssertEqual(reply.status, 422, reply.text)
    XCTAssertEqual(fields(reply), ["body"])
  }

  /// Every offending model value is listed, not only the first.
  func testEveryBadModelValueIsListed() async throws {
    let server = try await serve()
    var body = good
    body["home_std_dev"] = 0
    body["away_std_dev"] = -3
    body["home_projection"] = -5
    body["over_odds"] = 0.5
    body["under_odds"] = 1.0
    let reply = try await server.post("/api/monte-carlo/simulate", json: body)
    XCTAssertEqual(reply.status, 422, reply.text)
    XCTAssertEqual(Set(fields(reply)), ["home_std_dev", "away_std_dev", "home_projection", "over_odds", "under_odds"])
    XCTAssertEqual(problem(reply, "away_std_dev")?["value"] as? String, "-3.0")
  }

  /// A batch's request-level model is the request's: invalid, it is a 422 listing each field.
  /// One game's bad data stays that game's error while the rest are evaluated.
  func testBatchSharedModelIsValidatedAsTheRequests() async throws {
    let server = try await serve()
    var batch = try XCTUnwrap(JSONSerialization.jsonObject(with: Fixture.scenario("slate_batch.json")) as? [String: Any])
    batch["n_sims"] = 10_000
    batch["model"] = ["rho": 2, "home_sd": -1] as [String: Any]
    let reply = try await server.post("/api/monte-carlo/batch", json: batch)
    XCTAssertEqual(reply.status, 422, reply.text)
    XCTAssertEqual(Set(fields(reply)), ["model.rho", "model.home_sd"], reply.text)
    XCTAssertEqual(problem(reply, "model.rho")?["value"] as? String, "2.0")

    // A wrong type in the shared model is named by its path.
    batch["model"] = ["rho": "high"]
    let typed = try await server.post("/api/monte-carlo/batch", json: batch)
    XCTAssertEqual(typed.status, 422, typed.text)
    XCTAssertEqual(fields(typed), ["model.rho"], typed.text)

    // A valid shared model with one bad game: 200, that game's error, the others priced.
    batch["model"] = ["rho": 0.3]
    var games = batch["games"] as! [[String: Any]]
    games[0]["home_std_dev"] = -4
    batch["games"] = games
    let mixed = try await server.post("/api/monte-carlo/batch", json: batch)
    XCTAssertEqual(mixed.status, 200, mixed.text)
    let out = mixed.json.list("games")
    XCTAssertTrue((out[0]["error"] as? String ?? "").contains("home_std_dev"), "\(out[0])")
    XCTAssertNotNil(out[1]["monte_carlo"] as? [String: Any])
  }

  /// Schemathesis' finding: a game without a line whose team stats were 1e308 points came back
  /// NO_LINE with `projected` "-inf", a string where the schema has a number. Team stats out of
  /// [0, 1000] are now that game's error naming the field, projections out of range are an
  /// ERROR before the missing line is, and a projection that is no number is written null.
  func testAGameWithAbsurdPointsIsItsOwnErrorWithNumbersOrNull() async throws {
    let server = try await serve()
    let game: [String: Any] = ["home_team_abbr": "BOS", "away_team_abbr": "MIA", "total_line": 220.5]
    let stats = game.merging(["home_ppg": 110, "home_opp_ppg": -1.1e128, "away_ppg": -1.7976931348623157e308, "away_opp_ppg": 108]) { $1 }
    var lineless = game.merging(["home_projection": 1e308, "away_projection": 1e308]) { $1 }
    lineless["total_line"] = nil
    let good = game.merging(["home_projection": 112, "away_projection": 108]) { $1 }
    let reply = try await server.post(
      "/api/monte-carlo/batch", json: ["games": [stats, lineless, good], "n_sims": 10_000] as [String: Any])
    XCTAssertEqual(reply.status, 200, reply.text)
    let out = reply.json.list("games")
    XCTAssertEqual(out[0]["error"] as? String, "field 'games[0].home_opp_ppg': must be points per game in [0, 1000], got -1.1e+128")
    XCTAssertEqual(out[1]["verdict"] as? String, "ERROR", "\(out[1])")
    XCTAssertTrue((out[1]["error"] as? String ?? "").contains("home_projection"), "\(out[1])")
    for g in out.prefix(2) {
      XCTAssertTrue(g["projected"] is NSNull, "\(g)")
      for key in ["home_projection", "away_projection"] { XCTAssertFalse(g[key] is String, "\(g)") }
    }
    XCTAssertNotNil(out[2]["monte_carlo"] as? [String: Any], "the good game is priced")
  }

  /// The request's total simulations (games x n_sims) has its own ceiling, named in the 422.
  func testBatchTotalSimulationsHaveACeiling() async throws {
    let server = try await serve {
      $0.maxSimulations = 1_000_000
      $0.maxTotalSimulations = 2_000_000
    }
    let game: [String: Any] = [
      "game_id": "g", "home_team_abbr": "BOS", "away_team_abbr": "NYK", "home_ppg": 115, "home_opp_ppg": 108,
      "away_ppg": 112, "away_opp_ppg": 110, "total_line": 224.5,
    ]
    let batch: [String: Any] = ["games": Array(repeating: game, count: 3), "n_sims": 1_000_000]
    let reply = try await server.post("/api/monte-carlo/batch", json: batch)
    XCTAssertEqual(reply.status, 422, reply.text)
    let message = problem(reply, "n_sims")?["message"] as? String ?? ""
    XCTAssertTrue(message.contains("2000000"), "names the ceiling: \(reply.text)")
    XCTAssertTrue(message.contains("--max-total-sims"), reply.text)
    // Under the ceiling, answered.
    let fits = try await server.post("/api/monte-carlo/batch", json: ["games": [game, game], "n_sims": 1_000] as [String: Any])
    XCTAssertEqual(fits.status, 200, fits.text)
  }

  /// A simulate request's whole work (its scenarios and sensitivity run more games than n_sims)
  /// is held to the same ceiling before it starts (issue 29: 10^7 with both was 1.35 x 10^8).
  func testSimulateTotalWorkHasTheCeilingToo() async throws {
    let server = try await serve {
      $0.maxSimulations = 1_000_000
      $0.maxTotalSimulations = 2_000_000
    }
    var heavy = good
    heavy["n_sims"] = 1_000_000
    let reply = try await server.post("/api/monte-carlo/simulate", json: heavy)
    XCTAssertEqual(reply.status, 422, reply.text)
    XCTAssertTrue((problem(reply, "n_sims")?["message"] as? String ?? "").contains("--max-total-sims"), reply.text)
    heavy["include_scenarios"] = false
    heavy["include_sensitivity"] = false
    let alone = try await server.post("/api/monte-carlo/simulate", json: heavy)
    XCTAssertEqual(alone.status, 200, "n_sims alone is within the ceiling")
  }

  /// `include_exact: true` adds the exact distribution's block; without it `analytic` is null.
  func testSimulateIncludesTheExactBlockWhenAsked() async throws {
    let server = try await serve()
    var body = good
    body["include_scenarios"] = false
    body["include_sensitivity"] = false
    body["include_exact"] = true
    let reply = try await server.post("/api/monte-carlo/simulate", json: body)
    XCTAssertEqual(reply.status, 200, reply.text)
    let analytic = reply.json.object("result").object("analytic")
    // The agent's model: correlation 0.2, scores floored at 70.
    let model = GameModel(homeMean: 112.5, awayMean: 108.3, correlation: 0.2, scoreFloor: 70)
    let exact = AnalyticSummary(distribution: try XCTUnwrap(ExactScoreDistribution.compute(model)), line: 220.5)
    XCTAssertEqual(try XCTUnwrap(analytic.number("p_over")), exact.pOver, accuracy: 1e-12)
    XCTAssertEqual(try XCTUnwrap(analytic.number("mean_total")), exact.meanTotal, accuracy: 1e-9)
    body["include_exact"] = false
    let without = try await server.post("/api/monte-carlo/simulate", json: body)
    XCTAssertTrue(without.json.object("result")["analytic"] is NSNull, without.text)
  }
}
