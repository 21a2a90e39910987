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
    several["total_line"] = "220.5"
    several["include_scenarios"] = "yes"
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
}
