import Foundation
import TestSupport
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `mcsim serve` as a process: it prints where it listens, finishes a request in flight when
/// SIGTERM arrives and exits 0, and refuses bad options before it listens.
final class ServeCommandTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.endToEnd.require() }

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

  /// A client still sending its body when SIGTERM arrives does not hold the shutdown: its request
  /// is answered 503 (send it again) and the server exits at once (it had waited the 30 s of
  /// --idle-timeout for the rest of the body).
  func testSIGTERMDoesNotWaitForAHalfSentBody() async throws {
    let (process, port) = try MCSimBinary.serve()
    let connection = try RawConnection(port: port)
    try connection.send("POST /api/monte-carlo/simulate HTTP/1.1\r\nHost: a\r\nContent-Length: 100\r\n\r\n{\"home_")
    try await Task.sleep(for: .milliseconds(300))
    let start = ContinuousClock.now
    kill(process.processIdentifier, SIGTERM)
    let text = connection.read(timeout: 10).text
    process.waitUntilExit()
    XCTAssertLessThan(ContinuousClock.now - start, .seconds(5), "the shutdown waited for the body")
    XCTAssertEqual(process.terminationStatus, 0)
    XCTAssertEqual(RawConnection.status(text), 503, text)
    XCTAssertTrue(text.contains("shutting down"), text)
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
      (
        ["serve", "--odds", "Scenarios/feed_odds_api_nba.json", "--stats", "Scenarios/feed_team_stats.json", "--sharp", " , "],
        "--sharp ' , ': must name at least one book"
      ),
    ] {
      let r = try MCSimBinary.run(arguments)
      XCTAssertEqual(r.status, 64, "\(arguments): \(r.stderr)")
      XCTAssertTrue(r.stderr.contains(needle), "\(arguments): \(r.stderr)")
    }
    let missing = try MCSimBinary.run(["serve", "--port", "0", "--trade-pool", "/nonexistent/pool.json"])
    XCTAssertEqual(missing.status, 1, missing.stderr)
    XCTAssertTrue(missing.stderr.contains("--trade-pool"), missing.stderr)
  }

  /// A config file's `fees` reach the live board's EV as they reach `mcsim fair`'s: a 50%
  /// commission at draftkings lowers the EV of its prices, and of no other book's.
  func testTheConfigsFeesReachTheBoard() async throws {
    let config = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-serve-fees-\(getpid()).json")
    try Data(#"{"fees": {"draftkings": 0.5}}"#.utf8).write(to: config)
    defer { try? FileManager.default.removeItem(at: config) }
    let live = ["--odds", "Scenarios/feed_odds_api_nba.json", "--stats", "Scenarios/feed_team_stats.json", "--now", "2023-12-11T20:00:00Z"]
    /// Each book's EV, by bet and book (the board sorts its bets by EV).
    func books(_ extra: [String]) async throws -> [String: Double] {
      let (process, port) = try MCSimBinary.serve(live + extra)
      defer {
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
      }
      let url = URL(string: "http://127.0.0.1:\(port)/api/fairbet/odds?limit=500")!
      // The live snapshot is read after the server listens: wait for its bets (at most 60 s).
      for _ in 0..<600 {
        let (data, _) = try await URLSession.shared.data(from: url)
        let body = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let bets = body["bets"] as? [[String: Any]] ?? []
        if !bets.isEmpty {
          var ev: [String: Double] = [:]
          for bet in bets {
            for book in bet["books"] as? [[String: Any]] ?? [] {
              ev["\(bet["bet"] ?? "") \(bet["line_value"] ?? "") \(book["book_key"] ?? "")"] = book["ev_percent"] as? Double
            }
          }
          return ev
        }
        try await Task.sleep(for: .milliseconds(100))
      }
      XCTFail("no bets on the board")
      return [:]
    }
    let charged = try await books(["--config", config.path]), plain = try await books([])
    XCTAssertEqual(Set(charged.keys), Set(plain.keys))
    var lowered = 0
    for (key, ev) in charged {
      if key.hasSuffix(" draftkings") {
        XCTAssertLessThan(ev, plain[key] ?? -.infinity, key)
        lowered += 1
      } else {
        XCTAssertEqual(ev, plain[key], key)
      }
    }
    XCTAssertGreaterThan(lowered, 20)
  }
}

/// Memory after large requests goes back to the system and does not grow from one load to the
/// next: the server's anonymous resident size (its heap and stacks; the binary's own pages are
/// not memory a request holds) after sixteen 500-game batches at once and fifty 200-outcome
/// devigs settles under 3x what it was after one of each (every thread and path warmed), and
/// after a fourth such load within 8 MB of the higher of the first two: a leak of 4 MB a load
/// fails it. The allocator's arenas reach their plateau by the first or the second load, so the
/// first alone is no baseline: measured 17-19 MB warmed, 32-39 MB after the first load, 37-41 MB
/// after the second (a CI run settled at 32 MB, then 41 MB, then 41.7 MB, and failed the older
/// check against the first load alone); the whole resident size stayed at about 5x before the
/// trimmer (37 MB idle, 181 MB after).
final class ServeMemoryTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.endToEnd.require() }

  /// The server's resident memory in kB.
  func resident(_ pid: Int32) throws -> Double {
    let bytes = ResidentMemory.bytes(of: pid)
    XCTAssertGreaterThan(bytes, 0, "no VmRSS for \(pid)")
    return Double(bytes / 1024)
  }

  func testMemoryIsReturnedAfterLargeRequests() async throws {
    let (process, port) = try MCSimBinary.serve()
    defer { process.terminate(); process.waitUntilExit() }
    try await Task.sleep(for: .seconds(1))
    let games = (0..<500).map { k in
      [
        "home_team": "BOS", "away_team": "MIA", "home_projection": 110 + Double(k % 10), "away_projection": 108,
        "total_line": 220.5,
      ] as [String: Any]
    }
    let batch = try JSONSerialization.data(withJSONObject: ["games": games, "n_sims": 100_000])
    let devig = try JSONSerialization.data(withJSONObject: ["prices": (0..<200).map { 1.5 + Double($0) / 100 }, "method": "all"])
    func post(_ path: String, _ body: Data) async throws -> Int {
      var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
      request.httpMethod = "POST"
      request.httpBody = body
      request.timeoutInterval = 300
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      let (_, response) = try await URLSession.shared.data(for: request)
      return (response as! HTTPURLResponse).statusCode
    }
    for (path, body) in [("/api/monte-carlo/batch", batch), ("/api/odds/devig", devig)] {
      let status = try await post(path, body)
      XCTAssertEqual(status, 200, path)
    }
    try await Task.sleep(for: .seconds(3))
    let idle = try resident(process.processIdentifier)
    var settled: [Double] = []
    for _ in 0..<4 {
      for (path, body, count) in [("/api/monte-carlo/batch", batch, 16), ("/api/odds/devig", devig, 50)] {
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
          for _ in 0..<count { group.addTask { try await post(path, body) } }
          return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        XCTAssertEqual(Set(statuses), [200], path)
      }
      try await Task.sleep(for: .seconds(3))
      settled.append(try resident(process.processIdentifier))
    }
    print("anonymous resident: \(idle) kB after one of each, \(settled) kB after each of four loads")
    XCTAssertLessThan(settled[0], 3 * idle, "resident \(settled[0]) kB after the load against \(idle) kB after one of each")
    XCTAssertLessThan(settled[3], max(settled[0], settled[1]) + 8192, "memory grew from one load to the next: \(settled) kB")
  }
}
