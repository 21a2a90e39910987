import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `mcsim serve` as a process: it prints where it listens, finishes a request in flight when
/// SIGTERM arrives and exits 0, and refuses bad options before it listens.
final class ServeCommandTests: XCTestCase {
  func testSIGTERMLetsTheRequestInFlightFinishThenExitsZero() async throws {
    let (process, port) = try MCSimBinary.serve()

    // A request that takes a while (about 0.1 s of simulation per 10^7 paths on one thread).
    var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/api/monte-carlo/simulate")!)
    request.httpMethod = "POST"
    request.httpBody = Data(#"{"home_projection": 115, "away_projection": 112, "total_line": 225.5, "n_sims": 4000000}"#.utf8)
    request.timeoutInterval = 60
    let inFlight = Task { try await URLSession.shared.data(for: request) }
    // Wait until the pool reports it running, so SIGTERM really arrives mid-request.
    var running = 0
    for _ in 0..<200 where running == 0 {
      let (health, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/api/health")!)
      let pool = (try JSONSerialization.jsonObject(with: health) as? [String: Any])?["pool"] as? [String: Any]
      running = (pool?["running"] as? Int) ?? 0
      if running == 0 { try await Task.sleep(for: .milliseconds(5)) }
    }
    XCTAssertEqual(running, 1, "the request is being simulated")
    kill(process.processIdentifier, SIGTERM)
    let (data, response) = try await inFlight.value
    XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200)
    let body = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    XCTAssertEqual(body["success"] as? Bool, true, "the whole body, not cut off")
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0)
  }

  /// `mcsim --version` and the server's `/api/health` report one version (one constant).
  func testVersionIsTheSameOnTheCommandLineAndInHealth() async throws {
    let cli = try MCSimBinary.run(["--version"])
    XCTAssertEqual(cli.status, 0, cli.stderr)
    let printed = cli.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let (process, port) = try MCSimBinary.serve()
    defer {
      kill(process.processIdentifier, SIGTERM)
      process.waitUntilExit()
    }
    let (health, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/api/health")!)
    let body = try XCTUnwrap(JSONSerialization.jsonObject(with: health) as? [String: Any])
    XCTAssertEqual(body["version"] as? String, printed)
  }

  func testBadOptionsAreRefusedWithTheirNameAndExit64() throws {
    for (arguments, needle) in [
      (["serve", "--port", "70000"], "--port"),
      (["serve", "--workers", "0"], "--workers"),
      (["serve", "--io-threads", "0"], "--io-threads"),
      (["serve", "--inline-sims", "-1"], "--inline-sims"),
      (["serve", "--deadline", "-1"], "--deadline"),
      (["serve", "--stats", "x.json"], "--odds"),
      (["serve", "--odds", "feed.json"], "--stats"),
      (["serve", "--log-level", "loud"], "--log-level"),
    ] {
      let r = try MCSimBinary.run(arguments)
      XCTAssertEqual(r.status, 64, "\(arguments): \(r.stderr)")
      XCTAssertTrue(r.stderr.contains(needle), "\(arguments): \(r.stderr)")
    }
    let missing = try MCSimBinary.run(["serve", "--port", "0", "--trade-pool", "/nonexistent/pool.json"])
    XCTAssertEqual(missing.status, 1, missing.stderr)
    XCTAssertTrue(missing.stderr.contains("--trade-pool"), missing.stderr)
  }
}
