import Foundation
import Serving
import XCTest
import TestSupport

/// One client cannot starve the others (issue 46): an address at its cap of connections gets no
/// more while another address is answered at once, and a connection that never sends a byte is
/// closed after the first-request timeout, not held for the idle timeout.
final class ClientFairnessTests: XCTestCase {
  func blocking<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in Thread { continuation.resume(returning: work()) }.start() }
  }

  func testAClientAtItsCapDoesNotKeepAnotherWaiting() async throws {
    let server = try await serve {
      $0.maxConnections = 4
      $0.maxConnectionsPerClient = 3
      $0.firstRequestTimeout = .seconds(30)
    }
    var held: [RawConnection] = []
    for _ in 0..<3 { held.append(try RawConnection(port: server.port, source: "127.0.0.1")) }
    try await Task.sleep(for: .milliseconds(200))
    // The fourth connection of the same address is closed as it opens.
    let over = try RawConnection(port: server.port, source: "127.0.0.1")
    let refused = await blocking { over.read(timeout: 3) }
    XCTAssertTrue(refused.closed, "a connection over the client's cap stayed open")
    XCTAssertLessThan(refused.seconds, 2)
    // Another address is answered at once.
    let other = try RawConnection(port: server.port, source: "127.0.0.2")
    try other.send("GET /health HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
    let answer = await blocking { other.read(timeout: 2) }
    XCTAssertEqual(RawConnection.status(answer.text), 200, answer.text)
    // One of the first address's closes: it may open another.
    held.removeLast().close()
    try await Task.sleep(for: .milliseconds(200))
    let again = try RawConnection(port: server.port, source: "127.0.0.1")
    try again.send("GET /health HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
    let reopened = await blocking { again.read(timeout: 2) }
    XCTAssertEqual(RawConnection.status(reopened.text), 200)
    withExtendedLifetime(held) {}
  }

  /// An address with its cap of heavy jobs running or waiting gets 429 for another, at once,
  /// while another address's heavy job is still admitted: one client cannot fill the pool's
  /// queue for everyone.
  func testAClientAtItsCapOfHeavyJobsIsRefusedAndAnotherIsAdmitted() async throws {
    let server = try await serve {
      $0.workers = 1
      $0.maxSimulations = 100_000_000
      $0.deadline = .seconds(120)
      $0.maxInFlightPerClient = 2
    }
    let body =
      #"{"home_projection": 112, "away_projection": 108, "total_line": 220.5, "n_sims": 60000000, "#
      + #""include_scenarios": false, "include_sensitivity": false}"#
    let running = Task {
      try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<2 { group.addTask { try await server.post("/api/monte-carlo/simulate", Data(body.utf8)).status } }
        return try await group.reduce(into: [Int]()) { $0.append($1) }
      }
    }
    try await Task.sleep(for: .milliseconds(300))
    let third = try await server.post("/api/monte-carlo/simulate", Data(body.utf8))
    XCTAssertEqual(third.status, 429, third.text)
    XCTAssertTrue(third.text.contains("--max-in-flight-per-client"), third.text)
    let other = try RawConnection(port: server.port, source: "127.0.0.2")
    try other.send(
      "POST /api/monte-carlo/simulate HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
    )
    let answer = await blocking { other.read(timeout: 60) }
    XCTAssertEqual(RawConnection.status(answer.text), 200, String(answer.text.prefix(300)))
    let statuses = try await running.value
    XCTAssertEqual(statuses, [200, 200])
  }

  func testASilentConnectionIsClosedAfterTheFirstRequestTimeout() async throws {
    let server = try await serve {
      $0.firstRequestTimeout = .seconds(1)
      $0.idleTimeout = .seconds(30)
    }
    let silent = try RawConnection(port: server.port)
    let seen = await blocking { silent.read(timeout: 5) }
    XCTAssertTrue(seen.closed, "a silent connection stayed open 5 s")
    XCTAssertGreaterThan(seen.seconds, 0.8)
    XCTAssertLessThan(seen.seconds, 2.5)
    // One that sends its request in time is answered.
    let prompt = try RawConnection(port: server.port)
    try prompt.send("GET /health HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
    let answered = await blocking { prompt.read(timeout: 3) }
    XCTAssertEqual(RawConnection.status(answered.text), 200)
  }
}
