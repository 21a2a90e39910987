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

  func testRunAndSimulateAnswerTheSameNumbers() async throws {
    let body = try Data(contentsOf: GoldenOutputTests.projectRoot.appendingPathComponent("Scenarios/simulate_request.json"))
    let (server, port) = try MCSimBinary.serve(["--seed", "77"])
    defer {
      server.terminate()
      server.waitUntilExit()
    }
    var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/api/monte-carlo/simulate")!)
    request.httpMethod = "POST"
    request.httpBody = body
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    let (data, response) = try await URLSession.shared.data(for: request)
    XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200, String(decoding: data, as: UTF8.self))
    let served = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    let cwd = FileManager.default.currentDirectoryPath
    FileManager.default.changeCurrentDirectoryPath(GoldenOutputTests.projectRoot.path)
    defer { FileManager.default.changeCurrentDirectoryPath(cwd) }
    let cli = try MCSimBinary.json(["run", "--request", "Scenarios/simulate_request.json", "--seed", "77", "--no-exact", "--threads", "1", "--json"])
    let s = try XCTUnwrap(served["result"] as? [String: Any]), c = try XCTUnwrap(cli["result"] as? [String: Any])
    XCTAssertNotNil(s["scenarios"], "the agent's request asks for scenarios")
    XCTAssertNotNil(s["sensitivity"], "and for sensitivity")
    Self.assertSameNumbers(c, s)
  }
}
