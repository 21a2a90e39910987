import Foundation
import Serving
import XCTest
import TestSupport

/// HTTP as RFC 9110 and 9112 ask (issue 46): HEAD wherever GET is, a known path reached through
/// `//` answered 405 like the path itself, exactly one Host header, and a wrong-typed field
/// named without being echoed: however large, an answer quotes a short prefix and its size.
final class HTTPConformanceTests: XCTestCase {
  func testHeadIsAnsweredWhereGetIsAndRefusedWhereItIsNot() async throws {
    let server = try await serve()
    let get = try await server.get("/health")
    let head = try await server.send("HEAD", "/health", body: nil)
    XCTAssertEqual(head.status, 200)
    XCTAssertTrue(head.body.isEmpty)
    XCTAssertEqual(head.header("Content-Type"), "application/json")
    // GET's length, as RFC 9110 section 8.6 asks of a HEAD that sends one.
    XCTAssertEqual(head.header("Content-Length"), "\(get.body.count)")
    let post = try await server.send("HEAD", "/api/monte-carlo/simulate", body: nil)
    XCTAssertEqual(post.status, 405)
    XCTAssertEqual(post.header("Allow"), "POST")
    let doubled = try await server.get("//api/monte-carlo/simulate")
    XCTAssertEqual(doubled.status, 405)
    XCTAssertEqual(doubled.header("Allow"), "POST")
  }

  func testAMissingOrRepeatedHostIsRefused() async throws {
    let server = try await serve()
    for (head, reason) in [
      ("GET /health HTTP/1.1\r\nConnection: close\r\n\r\n", "no Host header"),
      ("GET /health HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n", "2 Host headers"),
    ] {
      let c = try RawConnection(port: server.port)
      try c.send(head)
      let answer = c.read(timeout: 5).text
      XCTAssertTrue(answer.hasPrefix("HTTP/1.1 400"), answer)
      XCTAssertTrue(answer.contains(reason), answer)
    }
    let c = try RawConnection(port: server.port)
    try c.send("GET /health HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
    XCTAssertTrue(c.read(timeout: 5).text.hasPrefix("HTTP/1.1 200"))
  }

  func testAWrongTypedFieldIsNamedNotEchoed() async throws {
    let server = try await serve()
    let items = (0..<100_000).map { "\($0)" }.joined(separator: ",")
    let body = Data("{\"home_projection\":[\(items)],\"away_projection\":110,\"total_line\":220}".utf8)
    XCTAssertGreaterThan(body.count, 500_000)
    let reply = try await server.post("/api/monte-carlo/simulate", body)
    XCTAssertEqual(reply.status, 422)
    XCTAssertLessThanOrEqual(reply.body.count, 64 * 1024)
    let text = String(decoding: reply.body, as: UTF8.self)
    XCTAssertTrue(text.contains("home_projection"), text)
    XCTAssertTrue(text.contains("bytes)"), text)
  }

  /// However many fields are wrong, one answer lists at most 40 and says how many there were.
  func testAnAnswerListsAtMostFortyProblems() {
    let problems = (0..<500).map { APIError.Problem(field: "f\($0)", value: String(repeating: "x", count: 10_000), message: "bad") }
    let error = APIError.invalid(problems)
    XCTAssertEqual(error.problems.count, APIError.maxProblems + 1)
    XCTAssertEqual(error.problems.last?.value, "500 problems")
    XCTAssertTrue(error.problems.allSatisfy { $0.value.utf8.count < 300 })
  }
}
