import Foundation
import Serving
import Synchronization
import TestSupport
import XCTest

/// Every endpoint's work is bounded before it starts and admitted by its cost: heavy requests
/// cannot hold light ones back, and nobody's job runs for a client that has gone.
/// A server for heavy load: `workers` pool threads, requests of up to 10^8 games, and a pool
/// deadline long enough that a queue of heavy jobs on a slow machine is never refused 503.
extension XCTestCase {
  func serveHeavyLoad(workers: Int, _ configure: @escaping (inout ServerConfiguration) -> Void = { _ in })
    async throws -> TestServer
  {
    try await serve {
      $0.workers = workers
      $0.maxSimulations = 100_000_000
      $0.deadline = .seconds(120)
      configure(&$0)
    }
  }
}

/// How many requests of a group have been answered (shared by the group's tasks).
final class Completions: Sendable {
  private let done = Mutex(0)
  func add() { done.withLock { $0 += 1 } }
  var count: Int { done.withLock { $0 } }
}

final class AdmissionTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.soak.require() }

  func heavy(_ n: Int) -> Data {
    Data(
      #"{"home_projection": 112, "away_projection": 108, "total_line": 220.5, "n_sims": \#(n), "include_scenarios": false, "include_sensitivity": false}"#
        .utf8)
  }

  /// Eight heavy requests at once on two workers: a light request sent while they run is
  /// answered before them, not after them. The check is the order (three or more heavy requests
  /// unfinished when the light answer has come), not a wall-clock bound, which a busy machine breaks.
  func testALightRequestIsAnsweredWhileEightHeavyOnesRun() async throws {
    let server = try await serveHeavyLoad(workers: 2)
    let body = heavy(30_000_000)
    let finished = Completions()
    let heavyOnes = Task {
      try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<8 {
          group.addTask {
            let status = try await server.post("/api/monte-carlo/simulate", body).status
            finished.add()
            return status
          }
        }
        return try await group.reduce(into: [Int]()) { $0.append($1) }
      }
    }
    try await Task.sleep(for: .milliseconds(300))
    let light = try await server.post(
      "/api/monte-carlo/simulate", Data(#"{"home_projection": 112, "away_projection": 108, "total_line": 220.5}"#.utf8))
    XCTAssertEqual(light.status, 200)
    // Queued behind them, the light request could come back only once the queue had drained:
    // with two workers, at most two heavy requests unfinished.
    let unfinished = 8 - finished.count
    XCTAssertGreaterThan(unfinished, 2, "the light request waited behind the heavy ones")
    let statuses = try await heavyOnes.value
    XCTAssertEqual(statuses, Array(repeating: 200, count: 8))
  }

  /// Parsing is work: two 870 KB bodies whose `home_projection` is a list of 435,000 numbers (the
  /// costliest wrong-typed body found within `BodyShape`'s limits: 0.47 s for 1 MB) are parsed
  /// off the threads that answer health, which answers within a second while both are
  /// unfinished; each is refused naming the field, in at most 64 KB (it took 7.7 s to parse and
  /// echo the issue's body, and health waited 6.4 s behind two). The issue's own body, one
  /// object of 80,000 keys, is refused by its shape before it is decoded.
  func testWrongTypedBodiesDoNotHoldHealthBack() async throws {
    let server = try await serveHeavyLoad(workers: 2)
    let list = Array(repeating: "1", count: 435_000).joined(separator: ",")
    let body = Data("{\"home_projection\":[\(list)],\"away_projection\":110,\"total_line\":220}".utf8)
    XCTAssertGreaterThan(body.count, 860_000)
    let finished = Completions()
    let wrong = Task {
      try await withThrowingTaskGroup(of: TestServer.Reply.self) { group in
        for _ in 0..<2 {
          group.addTask {
            let reply = try await server.post("/api/monte-carlo/simulate", body)
            finished.add()
            return reply
          }
        }
        return try await group.reduce(into: [TestServer.Reply]()) { $0.append($1) }
      }
    }
    try await Task.sleep(for: .milliseconds(100))
    let start = ContinuousClock.now
    let health = try await server.get("/health")
    let waited = ContinuousClock.now - start
    XCTAssertEqual(health.status, 200)
    XCTAssertLessThan(waited, .seconds(1))
    XCTAssertLessThan(finished.count, 2, "health waited for both bodies")
    for reply in try await wrong.value {
      XCTAssertEqual(reply.status, 422)
      XCTAssertLessThanOrEqual(reply.body.count, 64 << 10)
      XCTAssertTrue(reply.text.contains("field 'home_projection' must be a number"), reply.text)
      XCTAssertTrue(reply.text.contains("… (\(list.utf8.count + 2) bytes)"), reply.text)
    }
    let keys = (0..<80_000).map { "\"\($0)\": 0" }.joined(separator: ",")
    let issues = Data("{\"home_projection\":{\(keys)},\"away_projection\":110,\"total_line\":220}".utf8)
    let refused = try await server.post("/api/monte-carlo/simulate", issues)
    XCTAssertEqual(refused.status, 422)
    XCTAssertLessThanOrEqual(refused.body.count, 4 << 10)
    XCTAssertEqual(refused.json.list("errors").first?["field"] as? String, "home_projection", refused.text)
    XCTAssertEqual(refused.json.list("errors").first?["value"] as? String, "over 1000 keys", refused.text)
  }

  /// A heavy job whose client hung up while it waited is not run: the games simulated are the
  /// first request's alone.
  func testAJobWhoseClientHasGoneIsDropped() async throws {
    let server = try await serveHeavyLoad(workers: 1)
    let firstBody = heavy(60_000_000)
    let first = Task { try await server.post("/api/monte-carlo/simulate", firstBody).status }
    try await Task.sleep(for: .milliseconds(200))
    let gone = try RawConnection(port: server.port)
    let body = String(decoding: heavy(60_000_000), as: UTF8.self)
    try gone.send(
      "POST /api/monte-carlo/simulate HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
    try await Task.sleep(for: .milliseconds(100))
    gone.close()
    let status = try await first.value
    XCTAssertEqual(status, 200)
    // Once the pool is idle, the dropped job was either never run or is counted by now.
    try await waitFor("the pool to be idle") {
      let pool = try await server.get("/api/health").json.object("pool")
      return pool.number("running") == 0 && pool.number("waiting") == 0
    }
    let metrics = try await server.get("/metrics").text
    XCTAssertTrue(metrics.contains(#"status="499""#), "the dropped request is counted as 499")
    let line = metrics.split(separator: "\n").first { $0.hasPrefix("mcsim_simulations_total ") }
    XCTAssertEqual(line.map(String.init), "mcsim_simulations_total 60000000", metrics)
  }

  /// A heavy job whose client hangs up while it runs stops between two chunks: the pool is idle
  /// again in a fraction of the time the same job takes to finish (measured first, in this run),
  /// and only the finished job's games are counted.
  func testARunningJobWhoseClientHangsUpStops() async throws {
    let server = try await serveHeavyLoad(workers: 1) {
      $0.maxSimulations = 1_000_000_000
      $0.maxTotalSimulations = 1_000_000_000
    }
    let body = heavy(400_000_000)
    let clock = ContinuousClock()
    let started = clock.now
    let whole = try await server.post("/api/monte-carlo/simulate", body)
    XCTAssertEqual(whole.status, 200, whole.text)
    let finishing = clock.now - started

    let gone = try RawConnection(port: server.port)
    let text = String(decoding: body, as: UTF8.self)
    try gone.send(
      "POST /api/monte-carlo/simulate HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: \(text.utf8.count)\r\n\r\n\(text)")
    try await waitFor("the job to start") {
      try await server.get("/api/health").json.object("pool").number("running") == 1
    }
    let hungUp = clock.now
    gone.close()
    try await waitFor("the pool to be idle") {
      try await server.get("/api/health").json.object("pool").number("running") == 0
    }
    let stopping = clock.now - hungUp
    print("a 4x10^8-game job: \(finishing) to finish; stopped \(stopping) after its client hung up")
    XCTAssertLessThan(stopping, finishing / 4, "the job ran on after its client had gone")
    let metrics = try await server.get("/metrics").text
    XCTAssertTrue(metrics.contains(#"status="499""#), "the dropped request is counted as 499")
    let line = metrics.split(separator: "\n").first { $0.hasPrefix("mcsim_simulations_total ") }
    XCTAssertEqual(line.map(String.init), "mcsim_simulations_total 400000000", metrics)
  }

  func testOddsRequestsAreBoundedBeforeTheyStart() async throws {
    let server = try await serve()
    let many = (0..<201).map { _ in 200.0 }
    let devig = try await server.post("/api/odds/devig", json: ["prices": many])
    XCTAssertEqual(devig.status, 422, devig.text)
    XCTAssertTrue(devig.text.contains("at most 200 outcomes"), devig.text)
    // A method named twice (or within "all") is computed once.
    let repeated = try await server.post(
      "/api/odds/devig", json: ["prices": [1.91, 1.91], "method": ["power", "all", "power", "all"]])
    XCTAssertEqual(repeated.status, 200, repeated.text)
    let all = try await server.post("/api/odds/devig", json: ["prices": [1.91, 1.91], "method": "all"])
    XCTAssertEqual(repeated.json.list("results").count, 6)
    XCTAssertEqual(
      Set(repeated.json.list("results").compactMap { $0["method"] as? String }),
      Set(all.json.list("results").compactMap { $0["method"] as? String }))
  }
}

/// A short soak: silent and dripping clients, heavy requests and light ones together for about
/// ten seconds on two workers. Light requests keep being answered while three or more heavy ones
/// are unfinished (queued behind them, none could be), every heavy one completes, and the
/// server ends as healthy as it started. The slowest light request is printed, not asserted:
/// wall-clock targets belong to Benchmarks, and a busy CI machine stalls any of them.
final class SoakTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.soak.require() }

  func testLightRequestsStayFastAmongSlowClientsAndHeavyWork() async throws {
    let server = try await serveHeavyLoad(workers: 2) {
      $0.idleTimeout = .seconds(2)
      $0.bodyTimeout = .seconds(2)
    }
    // Thirty silent clients (half-sent heads) and ten that drip a body.
    var slow: [RawConnection] = []
    for k in 0..<40 {
      let c = try RawConnection(port: server.port)
      try c.send(
        k < 30
          ? "POST /api/monte-carlo/simulate HTTP/1.1\r\nHost: t\r\nContent-Le"
          : "POST /api/monte-carlo/simulate HTTP/1.1\r\nHost: t\r\nContent-Length: 900\r\n\r\n{")
      slow.append(c)
    }
    let dripping = Array(slow[30...])
    let drip = Task.detached {
      for _ in 0..<20 {
        for c in dripping { try? c.send(" ") }
        try await Task.sleep(for: .milliseconds(400))
      }
    }
    let heavyBody = Data(
      #"{"home_projection": 112, "away_projection": 108, "total_line": 220.5, "n_sims": 60000000, "include_scenarios": false, "include_sensitivity": false}"#
        .utf8)
    let finished = Completions()
    // Enough heavy work to outlast several light requests on a fast machine too (with AVX-512 a
    // worker runs one heavy request's 6x10^7 games in about half a second; 12 of them left a
    // phase of three light requests, the least the check accepts).
    let heavyCount = 24
    let heavy = Task {
      try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<heavyCount {
          group.addTask {
            let status = try await server.post("/api/monte-carlo/simulate", heavyBody).status
            finished.add()
            return status
          }
        }
        return try await group.reduce(into: [Int]()) { $0.append($1) }
      }
    }
    try await Task.sleep(for: .milliseconds(200))
    var slowest = 0.0
    var answeredDuringHeavyWork = 0
    for _ in 0..<20 {
      let start = Date()
      // Light: 10^4 games without the scenarios and sensitivity the agent's request asks for by
      // default (their dozens of runs would send it to the pool, behind the heavy ones).
      let light = try await server.post(
        "/api/monte-carlo/simulate",
        Data(
          #"{"home_projection": 112, "away_projection": 108, "total_line": 220.5, "include_scenarios": false, "include_sensitivity": false}"#
            .utf8))
      XCTAssertEqual(light.status, 200)
      slowest = max(slowest, Date().timeIntervalSince(start))
      // Queued behind the heavy requests, a light one could come back only once the queue had
      // drained: with two workers, at most two heavy requests unfinished.
      if heavyCount - finished.count > 2 { answeredDuringHeavyWork += 1 }
      try await Task.sleep(for: .milliseconds(200))
    }
    print("soak: \(answeredDuringHeavyWork) light requests answered while 3 or more heavy ones were unfinished; slowest \(slowest) s")
    XCTAssertGreaterThanOrEqual(answeredDuringHeavyWork, 3, "light requests waited behind the heavy ones")
    let statuses = try await heavy.value
    XCTAssertEqual(statuses, Array(repeating: 200, count: heavyCount))
    try await drip.value
    withExtendedLifetime(slow) {}
    let health = try await server.get("/api/health")
    XCTAssertEqual(health.json["status"] as? String, "healthy")
    XCTAssertEqual(health.json.object("pool").number("running"), 0)
  }
}
