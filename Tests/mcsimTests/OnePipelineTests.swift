import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One pipeline: the command line and the server call the same use case, so the same input gives
/// the same numbers through either (`mcsim run --request FILE` and `POST /api/monte-carlo/simulate`
/// with the same body and seed; the server grades on simulated probabilities unless asked, which
/// `run --no-exact` does too).
final class OnePipelineTests: XCTestCase {
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

  /// The agent's request (scenarios and sensitivity on) with `include_exact` false and true: the
  /// server and `run --request` answer every number alike. (A request that leaves include_exact
  /// out is graded on the simulation by the server, the agent's default, and on the exact
  /// probabilities by `run`, the command line's: README "Advice".)
  func testRunAndSimulateAnswerTheSameNumbers() async throws {
    let scenario = try Data(contentsOf: GoldenOutputTests.projectRoot.appendingPathComponent("Scenarios/simulate_request.json"))
    var fields = try XCTUnwrap(JSONSerialization.jsonObject(with: scenario) as? [String: Any])
    let (server, port) = try MCSimBinary.serve(["--seed", "77"])
    defer {
      server.terminate()
      server.waitUntilExit()
    }
    for exact in [false, true] {
      fields["include_exact"] = exact
      let body = try JSONSerialization.data(withJSONObject: fields)
      let file = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-pipeline-\(exact).json")
      try body.write(to: file)
      var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/api/monte-carlo/simulate")!)
      request.httpMethod = "POST"
      request.httpBody = body
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      let (data, response) = try await URLSession.shared.data(for: request)
      XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200, String(decoding: data, as: UTF8.self))
      let served = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
      let cli = try MCSimBinary.json(["run", "--request", file.path, "--seed", "77", "--threads", "1", "--json"])
      let s = try XCTUnwrap(served["result"] as? [String: Any]), c = try XCTUnwrap(cli["result"] as? [String: Any])
      XCTAssertNotNil(s["scenarios"], "the agent's request asks for scenarios")
      XCTAssertNotNil(s["sensitivity"], "and for sensitivity")
      XCTAssertEqual(s["analytic"] is NSNull, !exact, "the exact block exactly when asked")
      Self.assertSameNumbers(c, s)
    }
  }
}
