import Foundation
import XCTest

/// One rule for a price on every endpoint that takes one (issue 43, item 5): an unsigned price of
/// 100 or more is read as decimal, as written, and the answer says so in `warnings`, naming the
/// field, in the same words as the command line's stderr; an American price as a JSON number is
/// refused the same way everywhere. Input x entry point.
final class PriceRuleEndpointTests: XCTestCase {
  /// The scenario's body with one price replaced.
  func edited(_ name: String, _ edit: (inout [String: Any]) -> Void) throws -> Data {
    var body = try XCTUnwrap(JSONSerialization.jsonObject(with: Fixture.scenario(name)) as? [String: Any])
    edit(&body)
    return try JSONSerialization.data(withJSONObject: body)
  }

  func testAnUnsignedAmericanLookingPriceIsWarnedAboutOnEveryEndpoint() async throws {
    let server = try await serve()
    let cases: [(path: String, body: Data, field: String)] = [
      ("/api/monte-carlo/simulate", try edited("simulate_request.json") { $0["over_odds"] = 110 }, "over_odds"),
      (
        "/api/monte-carlo/batch",
        try edited("slate_batch.json") { body in
          var games = body["games"] as! [[String: Any]]
          games[1]["under_odds"] = "150"
          body["games"] = games
        }, "games[1].under_odds"
      ),
      ("/api/odds/devig", try JSONSerialization.data(withJSONObject: ["prices": [110, 1.01]]), "prices[0]"),
      (
        "/api/odds/fair",
        try edited("quotes.json") { body in
          var quotes = body["quotes"] as! [[String: Any]]
          quotes[0]["price"] = "120"
          body["quotes"] = quotes
        }, "quotes[0].price"
      ),
    ]
    for c in cases {
      let reply = try await server.post(c.path, c.body)
      XCTAssertEqual(reply.status, 200, "\(c.path): \(reply.text)")
      let warnings = reply.json["warnings"] as? [String] ?? []
      XCTAssertEqual(warnings.count, 1, "\(c.path): \(reply.text.prefix(400))")
      let text = warnings.first ?? ""
      XCTAssertTrue(text.hasPrefix("\(c.field): '"), "\(c.path): \(text)")
      XCTAssertTrue(text.contains("is read as decimal odds") && text.contains("American odds are written +"), text)
    }
    // The same bodies with ordinary prices carry no warnings key at all (the agent's shape).
    let plain = try await server.post("/api/monte-carlo/simulate", Fixture.scenario("simulate_request.json"))
    XCTAssertEqual(plain.status, 200)
    XCTAssertNil(plain.json["warnings"], plain.text.prefix(200).description)
    let plainDevig = try await server.post("/api/odds/devig", json: ["prices": ["-110", "-110"]])
    XCTAssertNil(plainDevig.json["warnings"])
  }

  func testAnAmericanPriceWrittenAsANumberIsRefusedTheSameWayEverywhere() async throws {
    let server = try await serve()
    let cases: [(path: String, body: Data, field: String)] = [
      ("/api/monte-carlo/simulate", try edited("simulate_request.json") { $0["over_odds"] = -110 }, "over_odds"),
      ("/api/odds/devig", try JSONSerialization.data(withJSONObject: ["prices": [-110, 1.91]]), "prices[0]"),
      (
        "/api/odds/fair",
        try edited("quotes.json") { body in
          var quotes = body["quotes"] as! [[String: Any]]
          quotes[0]["price"] = -110
          body["quotes"] = quotes
        }, "price"
      ),
    ]
    for c in cases {
      let reply = try await server.post(c.path, c.body)
      XCTAssertTrue(
        reply.text.contains(#"write American odds as a string, \"-110\""#) || reply.text.contains(#"write American odds as a string, "-110""#),
        "\(c.path): \(reply.text.prefix(600))")
    }
  }

  /// A signed American price written as a string is American on every endpoint, on the agent's
  /// lax reading too (a body another field of which is coerced, `n_sims` as a string): "+150" is
  /// 2.5, never the decimal 150 a string-to-number coercion makes of it.
  func testASignedPriceWrittenAsAStringIsAmericanEverywhere() async throws {
    let server = try await serve()
    for nSims in [1_000, "1000"] as [Any] {
      let body = try edited("simulate_request.json") {
        $0["over_odds"] = "+150"
        $0["n_sims"] = nSims
      }
      let reply = try await server.post("/api/monte-carlo/simulate", body)
      XCTAssertEqual(reply.status, 200, reply.text)
      let used = (reply.json["result"] as? [String: Any]).flatMap { ($0["ev_metrics"] as? [String: Any])?["odds_used"] as? [String: Any] }
      XCTAssertEqual(used?["over"] as? Double, 2.5, "n_sims \(nSims): \(reply.text.prefix(300))")
      XCTAssertNil(reply.json["warnings"], reply.text.prefix(300).description)
    }
    var second = ""
    let batch = try edited("slate_batch.json") { body in
      var games = body["games"] as! [[String: Any]]
      games[1]["under_odds"] = "+150"
      second = games[1]["game_id"] as! String
      body["games"] = games
    }
    let reply = try await server.post("/api/monte-carlo/batch", batch)
    XCTAssertEqual(reply.status, 200, reply.text)
    let games = reply.json["games"] as? [[String: Any]] ?? []
    XCTAssertEqual(games.count, 13, reply.text.prefix(300).description)
    XCTAssertEqual(games.first { $0["game_id"] as? String == second }?["under_odds"] as? Double, 2.5, reply.text.prefix(600).description)
  }
}
