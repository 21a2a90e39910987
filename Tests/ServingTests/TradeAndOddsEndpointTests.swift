import Foundation
import XCTest

/// `POST /api/trade_score` in both shapes and the odds library over HTTP, against exact answers.
final class TradeAndOddsEndpointTests: XCTestCase {
  var poolPath: String { Fixture.projectRoot.appendingPathComponent("Scenarios/afl_pool.json").path }

  func testTradeScoreAnswersThePythonAPIsShapeWithTheSimulatedPayoffAdded() async throws {
    let server = try await serve()
    let request = try Fixture.scenario("trade_request.json")
    let reply = try await server.post("/api/trade_score", request)
    XCTAssertEqual(reply.status, 200, reply.text)
    for key in [
      "trade_score", "scoring_score", "cash_score", "overall_score", "score_breakdown", "price_projections",
      "projected_prices", "projected_scores", "flags", "verdict", "explanations", "recommendation",
      "score", "confidence", "factors", "simulation",
    ] {
      XCTAssertNotNil(reply.json[key], key)
    }
    // The deterministic part is the original formula: recompute scoring_score from the request.
    let body = try XCTUnwrap(JSONSerialization.jsonObject(with: request) as? [String: Any])
    let sum = { (p: [String: Any]) in (p["proj_scores"] as! [NSNumber]).reduce(0) { $0 + $1.doubleValue } }
    XCTAssertEqual(reply.json.number("scoring_score") ?? .nan, sum(body.object("player_in")) - sum(body.object("player_out")), accuracy: 1e-9)
    let confidence = try XCTUnwrap(reply.json.number("confidence"))
    XCTAssertTrue((0...1).contains(confidence))
    // deterministic=true: no simulation, the original's numbers.
    let plain = try await server.post("/api/trade_score?deterministic=true", request)
    XCTAssertEqual(plain.status, 200)
    XCTAssertNil(plain.json["simulation"])
    XCTAssertEqual(plain.json.number("trade_score"), reply.json.number("trade_score"))
    // A bad field is named with its value.
    var bad = body
    var playerIn = body.object("player_in")
    playerIn["proj_scores"] = [1, 2, 3]
    bad["player_in"] = playerIn
    let refused = try await server.post("/api/trade_score", json: bad)
    XCTAssertEqual(refused.status, 422)
    XCTAssertEqual(refused.json.list("errors").first?["field"] as? String, "player_in.proj_scores")
  }

  func testTradeScoreAnswersTheIOSShapeFromTheConfiguredPool() async throws {
    let poolPath = poolPath
    let server = try await serve { $0.tradePool = poolPath }
    let squad = try XCTUnwrap(JSONSerialization.jsonObject(with: Fixture.scenario("afl_squad.json")) as? [String: Any])
    let request: [String: Any] = [
      "player_in_id": 1029, "player_out_id": 1000, "budget": squad["budget"]!, "current_team": squad["current_team"]!,
    ]
    let reply = try await server.post("/api/trade_score", json: request)
    XCTAssertEqual(reply.status, 200, reply.text)
    for key in ["score", "confidence", "factors", "recommendation"] { XCTAssertNotNil(reply.json[key], key) }
    for key in ["form_factor", "price_factor", "fixture_factor", "ownership_factor", "injury_risk"] {
      XCTAssertNotNil(reply.json.object("factors")[key], "factors.\(key)")
    }
    XCTAssertEqual(reply.json.object("player_in")["id"] as? String, "1029")
    // An id outside the pool is named.
    var unknown = request
    unknown["player_in_id"] = 424_242
    let refused = try await server.post("/api/trade_score", json: unknown)
    XCTAssertEqual(refused.status, 422, refused.text)
    XCTAssertTrue(refused.text.contains("424242"), refused.text)
  }

  func testTheIOSShapeWithoutAPoolSaysHowToConfigureOne() async throws {
    let server = try await serve()
    let reply = try await server.post(
      "/api/trade_score", json: ["player_in_id": 1, "player_out_id": 2, "budget": 0, "current_team": [2]] as [String: Any])
    XCTAssertEqual(reply.status, 503)
    XCTAssertTrue(reply.text.contains("--trade-pool"), reply.text)
  }

  func testDevigMatchesClosedForms() async throws {
    let server = try await serve()
    // -110 / +100: implied 110/210 and 1/2; multiplicative divides by their sum exactly.
    let reply = try await server.post(
      "/api/odds/devig", json: ["prices": ["-110", 2.0], "outcomes": ["over", "under"], "method": "multiplicative"] as [String: Any])
    XCTAssertEqual(reply.status, 200, reply.text)
    let implied = [110.0 / 210, 0.5]
    let sum = implied[0] + implied[1]
    let result = try XCTUnwrap(reply.json.list("results").first)
    let p = (result["probabilities"] as? [NSNumber])?.map(\.doubleValue) ?? []
    XCTAssertEqual(p.count, 2)
    XCTAssertEqual(p[0], implied[0] / sum, accuracy: 1e-15)
    XCTAssertEqual(p[1], implied[1] / sum, accuracy: 1e-15)
    XCTAssertEqual(reply.json.number("margin") ?? .nan, sum - 1, accuracy: 1e-15)
    let all = try await server.post("/api/odds/devig", json: ["prices": ["-110", "-110"], "method": "all"] as [String: Any])
    XCTAssertEqual(all.json.list("results").count, 6)
    // A symmetric market is 50/50 under every method.
    for r in all.json.list("results") {
      XCTAssertEqual((r["probabilities"] as? [NSNumber])?.first?.doubleValue ?? .nan, 0.5, accuracy: 1e-12, "\(r["method"] ?? "")")
    }
    let bad = try await server.post("/api/odds/devig", json: ["prices": ["-110", "abc", 0.5], "method": "zzz"] as [String: Any])
    XCTAssertEqual(bad.status, 422)
    XCTAssertEqual(Set(bad.json.list("errors").compactMap { $0["field"] as? String }), ["prices[1]", "prices[2]", "method"])
  }

  func testFairPricesAQuotesFileLikeTheCLI() async throws {
    let server = try await serve()
    let reply = try await server.post("/api/odds/fair?as_of=2026-04-01T20:00:00Z", Fixture.scenario("quotes.json"))
    XCTAssertEqual(reply.status, 200, reply.text)
    XCTAssertEqual(reply.json["as_of"] as? String, "2026-04-01T20:00:00Z")
    XCTAssertFalse(reply.json.list("bets").isEmpty)
    // A bare date is midnight UTC, as `mcsim fair --as-of` reads it.
    let day = try await server.post("/api/odds/fair?as_of=2026-04-01", Fixture.scenario("quotes.json"))
    XCTAssertEqual(day.status, 200)
    XCTAssertEqual(day.json["as_of"] as? String, "2026-04-01T00:00:00Z")
    let bad = try await server.post("/api/odds/fair?as_of=yesterday&method=nope", Fixture.scenario("quotes.json"))
    XCTAssertEqual(bad.status, 422)
    XCTAssertEqual(Set(bad.json.list("errors").compactMap { $0["field"] as? String }), ["as_of", "method"])
    // The sharp books are read by the one rule of `--sharp` and a config's `sharp_books`.
    let none = try await server.post("/api/odds/fair?sharp=%20,%20", Fixture.scenario("quotes.json"))
    XCTAssertEqual(none.status, 422)
    let error = try XCTUnwrap(none.json.list("errors").first)
    XCTAssertEqual(error["field"] as? String, "sharp")
    XCTAssertEqual(error["message"] as? String, "must name at least one book")
    let spaced = try await server.post("/api/odds/fair?as_of=2026-04-01T20:00:00Z&sharp=pinnacle,%20circa,", Fixture.scenario("quotes.json"))
    let plain = try await server.post("/api/odds/fair?as_of=2026-04-01T20:00:00Z&sharp=pinnacle,circa", Fixture.scenario("quotes.json"))
    XCTAssertEqual(spaced.status, 200, spaced.text)
    XCTAssertEqual(spaced.text, plain.text)
  }
}
