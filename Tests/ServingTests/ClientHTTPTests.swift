import Foundation
import Serving
import XCTest

/// HTTP as the agent's clients meet it (FastAPI with pydantic 2 in lax mode, Starlette's CORS):
/// numeric strings and 0/1 booleans read, an explicit null for a defaulted field refused, 405
/// with `Allow` on a wrong method, CORS preflights answered for the configured origins only.
final class ClientHTTPTests: XCTestCase {
  func testLaxValuesAreReadAsPydanticReadsThem() async throws {
    let server = try await serve()
    let strict = try await server.post(
      "/api/monte-carlo/simulate",
      json: [
        "home_projection": 115, "away_projection": 110, "total_line": 224.5, "n_sims": 2000, "include_scenarios": false,
        "include_sensitivity": false,
      ])
    let lax = try await server.post(
      "/api/monte-carlo/simulate",
      json: [
        "home_projection": "115", "away_projection": " 110 ", "total_line": "224.5", "n_sims": "2000",
        "include_scenarios": 0, "include_sensitivity": "no",
      ])
    XCTAssertEqual(lax.status, 200, lax.text)
    let a = strict.json.object("result").object("simulation"), b = lax.json.object("result").object("simulation")
    XCTAssertEqual(a.number("p_over"), b.number("p_over"))
    XCTAssertNil(lax.json.object("result")["scenarios"])
    let null = try await server.post(
      "/api/monte-carlo/simulate",
      json: ["home_projection": 115, "away_projection": 110, "total_line": 224.5, "home_std_dev": NSNull()])
    XCTAssertEqual(null.status, 422)
    XCTAssertEqual(null.json.list("errors").first?["field"] as? String, "home_std_dev")
    let junk = try await server.post(
      "/api/monte-carlo/simulate", json: ["home_projection": "lots", "away_projection": 110, "total_line": 224.5])
    XCTAssertEqual(junk.status, 422)
    XCTAssertEqual(junk.json.list("errors").first?["field"] as? String, "home_projection")
    // The agent's batch takes a game's null sds and line (defaults and "no line").
    let batch = try await server.post(
      "/api/monte-carlo/batch",
      json: [
        "n_sims": "1000",
        "games": [
          [
            "game_id": "g1", "home_team_abbr": "LAL", "away_team_abbr": "GSW", "home_ppg": "116.2", "home_opp_ppg": 113.8,
            "away_ppg": 114.9, "away_opp_ppg": 112.4, "home_std_dev": NSNull(), "total_line": 224.5,
          ],
          [
            "game_id": "g2", "home_team_abbr": "BOS", "away_team_abbr": "NYK", "home_ppg": 118, "home_opp_ppg": 108,
            "away_ppg": 115, "away_opp_ppg": 110, "total_line": NSNull(),
          ],
        ],
      ])
    XCTAssertEqual(batch.status, 200, batch.text)
    let games = batch.json.list("games")
    XCTAssertNotNil(games[0]["monte_carlo"] as? [String: Any])
    XCTAssertEqual(games[1]["verdict"] as? String, "NO_LINE")
    // 0 is the default for a batch game's prices and sds (the agent read them `x or default`);
    // a required stat may not be null.
    let zero = try await server.post(
      "/api/monte-carlo/batch",
      json: [
        "n_sims": 1000,
        "games": [
          [
            "game_id": "g1", "home_team_abbr": "LAL", "away_team_abbr": "GSW", "home_ppg": 116.2, "home_opp_ppg": 113.8,
            "away_ppg": 114.9, "away_opp_ppg": 112.4, "home_std_dev": 0, "over_odds": 0, "under_odds": 0, "total_line": 224.5,
          ]
        ],
      ])
    XCTAssertEqual(zero.status, 200, zero.text)
    XCTAssertEqual(zero.json.list("games").first?.number("over_odds"), 1.91)
    let missing = try await server.post(
      "/api/monte-carlo/batch",
      json: [
        "games": [
          [
            "game_id": "g1", "home_team_abbr": "LAL", "away_team_abbr": "GSW", "home_ppg": NSNull(), "home_opp_ppg": 113.8,
            "away_ppg": 114.9, "away_opp_ppg": 112.4, "total_line": 224.5,
          ]
        ]
      ])
    XCTAssertEqual(missing.status, 422, missing.text)
    XCTAssertEqual(missing.json.list("errors").first?["field"] as? String, "games[0].home_ppg")
    // Text that only looks like a number is not one.
    for text in ["0x6E", "_110", "1__10", "inf"] {
      let odd = try await server.post(
        "/api/monte-carlo/simulate", json: ["home_projection": text, "away_projection": 110, "total_line": 224.5])
      XCTAssertEqual(odd.status, 422, text)
    }
  }

  func testAWrongMethodIs405WithAllow() async throws {
    let server = try await serve()
    let get = try await server.get("/api/monte-carlo/simulate")
    XCTAssertEqual(get.status, 405)
    XCTAssertEqual(get.header("Allow"), "POST")
    let post = try await server.post("/health", Data())
    XCTAssertEqual(post.status, 405)
    XCTAssertEqual(post.header("Allow"), "GET, HEAD")
    let nowhere = try await server.get("/api/nowhere")
    XCTAssertEqual(nowhere.status, 404)
  }

  func testCORSPreflightsOnlyForConfiguredOrigins() async throws {
    let server = try await serve()
    let preflight: [String: String] = ["Origin": "http://localhost:3000", "Access-Control-Request-Method": "POST"]
    let ok = try await server.send("OPTIONS", "/api/monte-carlo/simulate", body: nil, headers: preflight)
    XCTAssertLessThan(ok.status, 300)
    XCTAssertEqual(ok.header("Access-Control-Allow-Origin"), "http://localhost:3000")
    XCTAssertTrue(ok.header("Access-Control-Allow-Methods")?.contains("POST") ?? false)
    let simple = try await server.get("/health", headers: ["Origin": "http://localhost:3000"])
    XCTAssertEqual(simple.header("Access-Control-Allow-Origin"), "http://localhost:3000")
    let elsewhere = try await server.get("/health", headers: ["Origin": "https://evil.example"])
    XCTAssertNil(elsewhere.header("Access-Control-Allow-Origin"))
    let other = try await serve { $0.corsOrigins = ["https://board.example"] }
    let configured = try await other.get("/health", headers: ["Origin": "https://board.example"])
    XCTAssertEqual(configured.header("Access-Control-Allow-Origin"), "https://board.example")
  }
}
