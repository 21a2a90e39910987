import Foundation
import TestSupport
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One pipeline: the command line and the server call the same use case, so the same input gives
/// the same numbers through either (`mcsim run --request FILE` and `POST /api/monte-carlo/simulate`
/// with the same body and seed; `mcsim slate FILE` and `POST /api/monte-carlo/batch`). A request's
/// `include_exact` says whether advice grades on the exact probabilities in both; left out, the
/// command line grades on them and a server on the simulation (`Defaults.exactOnServer`).
final class OnePipelineTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.endToEnd.require() }

  /// The server's JSON answer to `body` POSTed at `path`, which must be 200.
  static func post(_ path: String, _ body: Data, port: Int, file: StaticString = #filePath, line: UInt = #line)
    async throws -> [String: Any]
  {
    var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
    request.httpMethod = "POST"
    request.httpBody = body
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    let (data, response) = try await URLSession.shared.data(for: request)
    XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200, String(decoding: data, as: UTF8.self), file: file, line: line)
    return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any], file: file, line: line)
  }

  /// Every number of `a` and `b` the same, but times.
  static func assertSameNumbers(_ a: Any?, _ b: Any?, path: String = "result", file: StaticString = #filePath, line: UInt = #line) {
    switch (a, b) {
    case (let x as [String: Any], let y as [String: Any]):
      for key in Set(x.keys).union(y.keys) where !["elapsed_ms", "threads"].contains(key) {
        assertSameNumbers(x[key], y[key], path: path + "." + key, file: file, line: line)
      }
    case (let x as [Any], let y as [Any]):
      XCTAssertEqual(x.count, y.count, path, file: file, line: line)
      for (i, (u, v)) in zip(x, y).enumerated() { assertSameNumbers(u, v, path: "\(path)[\(i)]", file: file, line: line) }
    default:
      XCTAssertEqual(a.map { "\($0)" }, b.map { "\($0)" }, path, file: file, line: line)
    }
  }

  /// The server's agent endpoints run the agent's model (correlation 0.2, scores floored at
  /// 70) on the seed's defaults, the model alone; the command line is given it, and the server
  /// puts mcsim's policy in the agent's fields.
  static let agentModel = ["--model", "seed", "--rho", "0.2", "--score-floor", "70"]

  /// The agent's request (scenarios and sensitivity on) with `include_exact` false and true: the
  /// server and `run --request` answer every number alike, and grade alike.
  func testRunAndSimulateAnswerTheSameNumbers() async throws {
    let scenario = try Data(contentsOf: GoldenOutputTests.projectRoot.appendingPathComponent("Scenarios/simulate_request.json"))
    var fields = try XCTUnwrap(JSONSerialization.jsonObject(with: scenario) as? [String: Any])
    let (server, port) = try MCSimBinary.serve(["--seed", "77", "--agent-advice", "mcsim"])
    defer {
      server.terminate()
      server.waitUntilExit()
    }
    for exact in [false, true] {
      fields["include_exact"] = exact
      let body = try JSONSerialization.data(withJSONObject: fields)
      let file = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-pipeline-\(exact).json")
      try body.write(to: file)
      let served = try await Self.post("/api/monte-carlo/simulate", body, port: port)
      let cli = try MCSimBinary.json(["run", "--request", file.path, "--seed", "77", "--threads", "1", "--json"] + Self.agentModel)
      let s = try XCTUnwrap(served["result"] as? [String: Any]), c = try XCTUnwrap(cli["result"] as? [String: Any])
      XCTAssertNotNil(s["scenarios"], "the agent's request asks for scenarios")
      XCTAssertNotNil(s["sensitivity"], "and for sensitivity")
      XCTAssertEqual(s["analytic"] is NSNull, !exact, "the exact block exactly when asked")
      Self.assertSameNumbers(c, s)
    }
  }

  /// The agent's batch request asking for exact grading: `mcsim slate FILE --json` and the
  /// server's batch answer every game's numbers and advice alike (where the games came from aside).
  func testSlateAndBatchAnswerTheSameNumbers() async throws {
    var fields = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(contentsOf: GoldenOutputTests.projectRoot.appendingPathComponent("Scenarios/slate_batch.json")))
        as? [String: Any])
    fields["include_exact"] = true
    let body = try JSONSerialization.data(withJSONObject: fields)
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-pipeline-batch.json")
    try body.write(to: file)
    let (server, port) = try MCSimBinary.serve(["--seed", "77", "--agent-advice", "mcsim"])
    defer {
      server.terminate()
      server.waitUntilExit()
    }
    var served = try await Self.post("/api/monte-carlo/batch", body, port: port)
    var cli = try MCSimBinary.json(["slate", file.path, "--seed", "77", "--json"] + Self.agentModel, allowedStatus: [0, 3])
    XCTAssertGreaterThan((served["games"] as? [Any])?.count ?? 0, 10)
    let advice = (served["games"] as? [[String: Any]])?.first?["advice"] as? [String: Any]
    XCTAssertEqual(advice?["probability_source"] as? String, "exact", "the batch grades on the exact probabilities")
    // Where the games and the settings came from aside (the command line's `provenance`).
    for key in ["inputs", "elapsed_ms", "threads", "provenance"] {
      served[key] = nil
      cli[key] = nil
    }
    Self.assertSameNumbers(cli, served, path: "batch")
  }
}
