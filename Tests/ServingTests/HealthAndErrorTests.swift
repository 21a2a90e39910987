import Foundation
import Serving
import TestSupport
import XCTest

/// Health, the OpenAPI document, metrics and every error class: 404, 413, 422 (malformed JSON,
/// wrong type, missing field, invalid value, the n_sims ceiling), 503 when the pool is full,
/// and the request id.
final class HealthAndErrorTests: XCTestCase {
  /// The server keeps its histograms' memory in the heap between requests (glibc's mallopt is
  /// found and takes the thresholds).
  func testTheHeapKeepsLargeBlocks() {
    XCTAssertTrue(HeapTuning.keepLargeBlocksInHeap())
  }

  func testHealthAnswersTheAgentsBodyAndMCSimsOwn() async throws {
    let server = try await serve()
    let agent = try await server.get("/health")
    XCTAssertEqual(agent.status, 200)
    let expected = try JSONSerialization.jsonObject(with: Fixture.resource("betting_agent_health_response.json"))
    XCTAssertEqual(agent.json as NSDictionary, expected as? NSDictionary)
    let own = try await server.get("/api/health")
    XCTAssertEqual(own.status, 200)
    XCTAssertEqual(own.json["status"] as? String, "healthy")
    XCTAssertEqual(own.json.object("pool").number("workers"), Double(ProcessInfo.processInfo.activeProcessorCount))
  }

  func testUnknownPathIs404InJSONWithTheRequestID() async throws {
    let server = try await serve()
    let reply = try await server.get("/api/nothing-here", headers: ["X-Request-ID": "abc-123"])
    XCTAssertEqual(reply.status, 404)
    XCTAssertEqual(reply.header("Content-Type"), "application/json")
    XCTAssertEqual(reply.header("X-Request-ID"), "abc-123")
    XCTAssertEqual(reply.json.object("error").number("status"), 404)
    XCTAssertEqual(reply.json.object("error")["request_id"] as? String, "abc-123")
    XCTAssertEqual(reply.json["success"] as? Bool, false)
    // FastAPI's detail beside mcsim's error, for the agent's clients (issue 47): 404 and 405.
    XCTAssertEqual(reply.json["detail"] as? String, "Not Found")
    let wrongMethod = try await server.get("/api/monte-carlo/simulate")
    XCTAssertEqual(wrongMethod.status, 405)
    XCTAssertEqual(wrongMethod.json["detail"] as? String, "Method Not Allowed")
  }

  /// A request id that could forge a log line's fields (spaces, quotes, `=`) is replaced by the
  /// server's own (issue 29); a plain one is kept.
  func testARequestIDThatCouldForgeALogLineIsReplaced() async throws {
    let server = try await serve()
    let forged = "x\" level=error msg=\"admin login"
    let reply = try await server.get("/health", headers: ["X-Request-ID": forged])
    let id = try XCTUnwrap(reply.header("X-Request-ID"))
    XCTAssertNotEqual(id, forged)
    XCTAssertFalse(id.isEmpty)
    XCTAssertFalse(id.contains(" ") || id.contains("=") || id.contains("\""), id)
    let plain = try await server.get("/health", headers: ["X-Request-ID": "req-42_a.b:c"])
    XCTAssertEqual(plain.header("X-Request-ID"), "req-42_a.b:c")
  }

  func testBodyOverTheLimitIs413() async throws {
    let server = try await serve { $0.maxBodyBytes = 2048 }
    let reply = try await server.post("/api/monte-carlo/simulate", Data(repeating: 0x20, count: 10_000))
    XCTAssertEqual(reply.status, 413)
    XCTAssertEqual(reply.json.object("error").number("status"), 413)
  }

  /// A body streamed chunked (no Content-Length) over the limit is the same 413 with the JSON
  /// error body on every endpoint that reads one, not a 500 from NIO's collect.
  func testChunkedBodyOverTheLimitIs413OnEveryPostEndpoint() async throws {
    let server = try await serve { $0.maxBodyBytes = 2048 }
    let body = Data(repeating: 0x20, count: 50_000)
    for path in ["/api/monte-carlo/simulate", "/api/monte-carlo/batch", "/api/odds/devig", "/api/odds/fair", "/api/trade_score"] {
      let reply = try chunkedPost(server.base.appendingPathComponent(path), body)
      XCTAssertEqual(reply.status, 413, "\(path): \(reply.text)")
      let json = (try? JSONSerialization.jsonObject(with: reply.body)) as? [String: Any] ?? [:]
      XCTAssertEqual(json.object("error").number("status"), 413, "\(path): \(reply.text)")
      XCTAssertEqual(json["success"] as? Bool, false, path)
    }
  }

  /// POSTs `body` with `Transfer-Encoding: chunked` and no Content-Length (curl, which streams it).
  private func chunkedPost(_ url: URL, _ body: Data) throws -> (status: Int, body: Data, text: String) {
    let text = try ChildProcess.run(
      "/usr/bin/curl",
      [
        "-s", "-o", "-", "-w", "\n%{http_code}", "-X", "POST", "-H", "Content-Type: application/json",
        "-H", "Transfer-Encoding: chunked", "--data-binary", "@-", url.absoluteString,
      ], stdin: body
    ).stdout
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let status = Int(lines.last ?? "") ?? 0
    return (status, Data(lines.dropLast().joined(separator: "\n").utf8), text)
  }

  func testEveryKindOfBadBodyIs422NamingTheField() async throws {
    let server = try await serve { $0.maxSimulations = 1_000_000 }
    let good: [String: Any] = ["home_projection": 112.5, "away_projection": 108.3, "total_line": 220.5]
    func fields(_ reply: TestServer.Reply) -> [String] {
      reply.json.list("errors").compactMap { $0["field"] as? String }
    }
    // Malformed JSON, and a number JSON cannot hold as a Double.
    for body in ["{\"home_projection\": ", "{\"home_projection\": 1e999, \"away_projection\": 1, \"total_line\": 2}"] {
      let reply = try await server.post("/api/monte-carlo/simulate", Data(body.utf8))
      XCTAssertEqual(reply.status, 422, body)
      XCTAssertFalse(reply.json.list("errors").isEmpty, body)
      XCTAssertFalse(reply.json.list("detail").isEmpty, "FastAPI's detail list for the agent's clients")
    }
    // A wrong type and a missing field name the field.
    var wrongType = good
    wrongType["home_projection"] = "lots"
    var reply = try await server.post("/api/monte-carlo/simulate", json: wrongType)
    XCTAssertEqual(reply.status, 422)
    XCTAssertTrue(reply.text.contains("home_projection"), reply.text)
    var missing = good
    missing["total_line"] = nil
    reply = try await server.post("/api/monte-carlo/simulate", json: missing)
    XCTAssertEqual(reply.status, 422)
    XCTAssertTrue(reply.text.contains("total_line"), reply.text)
    // Several invalid values at once: each is named with its value.
    var invalid = good
    invalid["home_std_dev"] = -1
    invalid["over_odds"] = 0.9
    invalid["n_sims"] = 5_000_000
    reply = try await server.post("/api/monte-carlo/simulate", json: invalid)
    XCTAssertEqual(reply.status, 422)
    XCTAssertEqual(Set(fields(reply)), ["home_std_dev", "over_odds", "n_sims"])
    let ceiling = reply.json.list("errors").first { $0["field"] as? String == "n_sims" }
    XCTAssertEqual(ceiling?["value"] as? String, "5000000")
    XCTAssertTrue((ceiling?["message"] as? String ?? "").contains("1000000"), "names the ceiling")
    // Nothing leaks internals.
    XCTAssertFalse(reply.text.contains("Swift"), reply.text)
  }

  /// The trade and the batch name each bad field at once, as simulate does (issue 43: the trade
  /// named the first only; a batch's `"seed": -1` was "malformed JSON" with no field).
  func testTheTradeAndTheBatchNameEveryBadField() async throws {
    let server = try await serve { $0.maxSimulations = 1_000_000 }
    func fields(_ reply: TestServer.Reply) -> [String] { reply.json.list("errors").compactMap { $0["field"] as? String } }
    let five = [80.0, 85, 90, 95, 100]
    // Values out of range in both players and the context, and the query's n_sims.
    let values: [String: Any] = [
      "player_in": ["price": -5, "breakeven": 60, "proj_scores": [80, 85]],
      "player_out": ["price": 500_000, "breakeven": 60, "proj_scores": five, "miss_probability": 2],
      "round_number": -2, "team_value": -1,
    ]
    var reply = try await server.post("/api/trade_score?n_sims=0", json: values)
    XCTAssertEqual(reply.status, 422, reply.text)
    XCTAssertEqual(
      fields(reply), ["n_sims", "player_in.price", "player_in.proj_scores", "player_out.miss_probability", "round_number", "team_value"],
      reply.text)
    // Fields of the wrong type or missing, in both players.
    let types: [String: Any] = [
      "player_in": ["price": 500_000, "proj_scores": five], "player_out": ["price": "cheap", "breakeven": 60, "proj_scores": five],
      "round_number": "x",
    ]
    reply = try await server.post("/api/trade_score?n_sims=0", json: types)
    XCTAssertEqual(reply.status, 422, reply.text)
    XCTAssertEqual(Set(fields(reply)), ["n_sims", "player_in.breakeven", "player_out.price", "round_number"], reply.text)
    // A batch's seed below 0 or fractional, named.
    let game: [String: Any] = ["home_projection": 112.5, "away_projection": 108.3, "total_line": 220.5]
    for seed in [-1, 1.5] as [Any] {
      reply = try await server.post("/api/monte-carlo/batch", json: ["seed": seed, "games": [game]])
      XCTAssertEqual(reply.status, 422, reply.text)
      XCTAssertEqual(fields(reply), ["seed"], reply.text)
      XCTAssertFalse(reply.text.contains("malformed"), reply.text)
    }
  }

  func testAFullPoolAnswers503WithRetryAfterWhileHealthStillAnswers() async throws {
    let server = try await serve {
      $0.workers = 1
      $0.queueLimit = 0
      $0.maxSimulations = 100_000_000
    }
    let heavy: [String: Any] = [
      "home_projection": 112.5, "away_projection": 108.3, "total_line": 220.5, "n_sims": 40_000_000,
      "include_scenarios": false, "include_sensitivity": false,
    ]
    let heavyBody = try JSONSerialization.data(withJSONObject: heavy)
    async let first = server.post("/api/monte-carlo/simulate", heavyBody)
    // Wait until the first request holds the only worker.
    var running = 0.0
    for _ in 0..<200 where running < 1 {
      try await Task.sleep(for: .milliseconds(10))
      running = try await server.get("/api/health").json.object("pool").number("running") ?? 0
    }
    XCTAssertEqual(running, 1, "the heavy request is running")
    let refused = try await server.post("/api/monte-carlo/simulate", heavyBody)
    XCTAssertEqual(refused.status, 503)
    XCTAssertNotNil(refused.header("Retry-After"))
    let health = try await server.get("/health")
    XCTAssertEqual(health.status, 200, "health answers while the pool is saturated")
    let done = try await first
    XCTAssertEqual(done.status, 200)
    let metrics = try await server.get("/metrics").text
    XCTAssertTrue(metrics.contains("mcsim_pool_busy_total 1"), metrics)
  }

  /// Simulations run on the pool's own threads, not on the shared ones the async handlers need,
  /// so a saturated pool cannot hold /health back until a simulation ends.
  func testSimulationsRunOnThePoolsOwnThreads() async throws {
    let pool = SimulationPool(workers: 2, queueLimit: 4, deadline: .seconds(5))
    let names = try await withThrowingTaskGroup(of: String?.self) { group in
      for _ in 0..<4 {
        group.addTask {
          try await pool.run { () -> String? in
            // The name the operating system shows (top -H, /proc/PID/task/TID/comm).
            try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8).trimmingCharacters(in: .newlines)
          }
        }
      }
      return try await group.reduce(into: [String?]()) { $0.append($1) }
    }
    for name in names { XCTAssertTrue(name?.hasPrefix("mcsim-sim-") == true, "\(String(describing: name))") }
  }

  func testMetricsCountRequestsLatencyAndSimulations() async throws {
    let server = try await serve()
    let body: [String: Any] = [
      "home_projection": 112.5, "away_projection": 108.3, "total_line": 220.5, "n_sims": 5000,
      "include_scenarios": false, "include_sensitivity": false,
    ]
    // Twice: the second request counts on the handles the first one made.
    _ = try await server.post("/api/monte-carlo/simulate", json: body)
    _ = try await server.post("/api/monte-carlo/simulate", json: body)
    _ = try await server.get("/missing")
    let text = try await server.get("/metrics").text
    XCTAssertTrue(text.contains("mcsim_simulations_total 10000"), text)
    XCTAssertTrue(
      text.contains(#"mcsim_http_requests_total{route="/api/monte-carlo/simulate",method="POST",status="200"} 2"#), text)
    XCTAssertTrue(
      text.contains(#"mcsim_http_request_duration_seconds_count{route="/api/monte-carlo/simulate",method="POST"} 2"#), text)
    XCTAssertTrue(text.contains(#"status="404"} 1"#), text)
    XCTAssertTrue(text.contains("mcsim_http_request_duration_seconds_bucket"), text)
  }
}
