import Foundation
import XCTest
import ServiceContracts
import TestSupport

/// The server on the open internet: connections that go silent, drip, lie about their length or
/// speak HTTP/1.0 cost a bounded time and never an internal error.
final class ConnectionLimitTests: XCTestCase {
  /// Socket reads block their thread: on a thread of their own, never one of the few that the
  /// server's tasks share.
  func blocking<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in Thread { continuation.resume(returning: work()) }.start() }
  }

  func testHTTP10ClosesAfterItsAnswerUnlessItAsksForKeepAlive() async throws {
    let server = try await serve()
    let plain = try RawConnection(port: server.port)
    try plain.send("GET /health HTTP/1.0\r\n\r\n")
    let answer = await blocking { plain.read(timeout: 5) }
    XCTAssertEqual(RawConnection.status(answer.text), 200)
    XCTAssertTrue(answer.closed, "an HTTP/1.0 connection without keep-alive must close after its answer")
    XCTAssertLessThan(answer.seconds, 2)

    let kept = try RawConnection(port: server.port)
    try kept.send("GET /health HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
    let first = await blocking { kept.read(timeout: 0.5) }
    XCTAssertEqual(RawConnection.status(first.text), 200)
    XCTAssertFalse(first.closed, "HTTP/1.0 with keep-alive stays open")
  }

  func testBrokenFramingIs400NotAnInternalError() async throws {
    let server = try await serve()
    let truncated = try RawConnection(port: server.port)
    try truncated.send(
      "POST /api/odds/devig HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"prices\":")
    truncated.finishSending()
    let cut = await blocking { truncated.read(timeout: 5) }
    XCTAssertEqual(RawConnection.status(cut.text), 400, cut.text)
    XCTAssertTrue(cut.text.contains("ended before its Content-Length"), cut.text)

    let chunked = try RawConnection(port: server.port)
    try chunked.send("POST /api/monte-carlo/simulate HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n")
    let bad = await blocking { chunked.read(timeout: 5) }
    XCTAssertEqual(RawConnection.status(bad.text), 400, bad.text)
    XCTAssertTrue(bad.closed)

    let trace = try RawConnection(port: server.port)
    try trace.send("TRACE /api/monte-carlo/simulate HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
    let refused = await blocking { trace.read(timeout: 5) }
    XCTAssertEqual(RawConnection.status(refused.text), 405, refused.text)
    XCTAssertTrue(refused.text.contains("Allow: POST"), refused.text)
  }

  /// An idle keep-alive connection, a request head stopped half-way and a body that stopped are
  /// each closed once silent for the idle timeout (1 s here; 30 s by default).
  func testSilentConnectionsAreClosedAfterTheIdleTimeout() async throws {
    let server = try await serve { $0.idleTimeout = .seconds(1) }
    let idle = try RawConnection(port: server.port)
    try idle.send("GET /health HTTP/1.1\r\nHost: t\r\n\r\n")
    let halfHead = try RawConnection(port: server.port)
    try halfHead.send("POST /api/monte-carlo/simulate HTTP/1.1\r\nHost: t\r\nContent-Le")
    let halfBody = try RawConnection(port: server.port)
    try halfBody.send("POST /api/monte-carlo/simulate HTTP/1.1\r\nHost: t\r\nContent-Length: 500\r\n\r\n{\"home_")
    for (name, connection) in [("idle keep-alive", idle), ("half-sent head", halfHead), ("half-sent body", halfBody)] {
      let seen = await blocking { connection.read(timeout: 5) }
      XCTAssertTrue(seen.closed, "\(name): still open after 5 s")
      XCTAssertLessThan(seen.seconds, 3, name)
    }
  }

  /// A body dripped a byte at a time keeps the connection from going silent, so the body has a
  /// deadline of its own: 408 once it has taken longer than the body timeout.
  func testABodyDrippedSlowlyIsRefusedAfterTheBodyTimeout() async throws {
    let server = try await serve {
      $0.idleTimeout = .seconds(5)
      $0.bodyTimeout = .seconds(1)
    }
    let drip = try RawConnection(port: server.port)
    try drip.send("POST /api/monte-carlo/simulate HTTP/1.1\r\nHost: t\r\nContent-Length: 400\r\n\r\n")
    let answer: (text: String, closed: Bool, seconds: Double) = await blocking {
      for _ in 0..<12 {
        try? drip.send(" ")
        Thread.sleep(forTimeInterval: 0.25)
      }
      return drip.read(timeout: 2)
    }
    XCTAssertEqual(RawConnection.status(answer.text), 408, answer.text)
    XCTAssertTrue(answer.closed, "a request answered before its body ended closes its connection")
  }

  /// A chunked body dripped a byte at a time to a path answered at once (404): the connection
  /// closes with the answer instead of reading and dropping the drip for as long as it lasts.
  func testADripToAPathAnsweredAtOnceClosesWithTheAnswer() async throws {
    let server = try await serve {
      $0.idleTimeout = .seconds(30)
      $0.bodyTimeout = .seconds(1)
    }
    let drip = try RawConnection(port: server.port)
    try drip.send("POST /api/nothing-here HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n")
    let seen: (closed: Bool, seconds: Double) = await blocking {
      var closed = false
      let start = Date()
      while !closed && Date().timeIntervalSince(start) < 6 {
        try? drip.send("1\r\nx\r\n")
        closed = drip.read(timeout: 0.3).closed
      }
      return (closed, Date().timeIntervalSince(start))
    }
    XCTAssertTrue(seen.closed, "still open after 6 s of dripping")
    XCTAssertLessThan(seen.seconds, 3)
  }

  /// Connections beyond the limit wait to be accepted: with the limit held by silent clients a
  /// new request gets no answer, and once the idle timeout closes them it does.
  func testConnectionsBeyondTheLimitWaitUntilOthersClose() async throws {
    let server = try await serve {
      $0.maxConnections = 4
      $0.idleTimeout = .seconds(2)
    }
    var held: [RawConnection] = []
    for _ in 0..<4 {
      let c = try RawConnection(port: server.port)
      try c.send("GET /hea")
      held.append(c)
    }
    try await Task.sleep(for: .milliseconds(200))
    let late = try RawConnection(port: server.port)
    try late.send("GET /health HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
    let early = await blocking { late.read(timeout: 1) }
    XCTAssertNil(RawConnection.status(early.text), "answered while the limit was held: \(early.text)")
    let later = await blocking { late.read(timeout: 5) }
    XCTAssertEqual(RawConnection.status(later.text), 200, later.text)
    withExtendedLifetime(held) {}
  }
}

/// A JSON key given twice is refused naming it, wherever it is.
/// A body's shape is checked before it is decoded (`BodyShape`): each refusal names where.
final class BodyShapeRefusalTests: XCTestCase {
  func testAKeyGivenTwiceIsA422NamingIt() async throws {
    let server = try await serve()
    let simulate = try await server.post(
      "/api/monte-carlo/simulate",
      Data(#"{"home_projection": 112, "away_projection": 108, "total_line": 220.5, "n_sims": 1000, "n_sims": 5000000}"#.utf8))
    XCTAssertEqual(simulate.status, 422, simulate.text)
    XCTAssertEqual(simulate.json.list("errors").first?["field"] as? String, "n_sims", simulate.text)

    let batch = try await server.post(
      "/api/monte-carlo/batch",
      Data(
        #"{"games": [{"home_team": "A", "away_team": "B", "home_projection": 110, "away_projection": 105}, {"home_team": "C", "away_team": "D", "total_line": 220, "tot\u0061l_line": 230}]}"#
          .utf8))
    XCTAssertEqual(batch.status, 422, batch.text)
    XCTAssertEqual(batch.json.list("errors").first?["field"] as? String, "games[1].total_line", batch.text)

    // The same key in two objects, and a key's name inside a string value, are not duplicates.
    let fine = try await server.post(
      "/api/odds/devig", Data(#"{"prices": [1.91, 1.91], "outcomes": ["a, \"prices\": 1", "b"]}"#.utf8))
    XCTAssertEqual(fine.status, 200, fine.text)
  }

  func testAnObjectOfThousandsOfKeysNestingAndALongBatchAreRefusedNamingWhere() async throws {
    let server = try await serve()
    let keys = (0...BodyShape.maxKeys).map { "\"k\($0)\": 1" }.joined(separator: ",")
    let wide = try await server.post("/api/monte-carlo/simulate", Data(#"{"home_projection": {\#(keys)}}"#.utf8))
    XCTAssertEqual(wide.status, 422, wide.text)
    XCTAssertEqual(wide.json.list("errors").first?["field"] as? String, "home_projection", wide.text)

    let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
    let nested = try await server.post("/api/odds/devig", Data(#"{"prices": \#(deep)}"#.utf8))
    XCTAssertEqual(nested.status, 422, nested.text)
    XCTAssertEqual(nested.json.list("errors").first?["value"] as? String, "over 32 levels deep", nested.text)

    let game = #"{"home_team": "A", "away_team": "B", "home_projection": 110, "away_projection": 105}"#
    func games(_ n: Int) -> Data {
      Data((#"{"n_sims": 100, "games": ["# + Array(repeating: game, count: n).joined(separator: ",") + "]}").utf8)
    }
    let long = try await server.post("/api/monte-carlo/batch", games(SlateFile.batchLimit + 1))
    XCTAssertEqual(long.status, 422, long.text)
    XCTAssertEqual(long.json.list("errors").first?["field"] as? String, "games", long.text)
    XCTAssertEqual(long.json.list("errors").first?["message"] as? String, "at most 500 items in 'games'", long.text)
    let most = try await server.post("/api/monte-carlo/batch", games(SlateFile.batchLimit))
    XCTAssertEqual(most.status, 200, String(most.text.prefix(300)))
  }
}
