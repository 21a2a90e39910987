import Foundation
import LineFeeds
import ServiceContracts
import TestSupport
import XCTest

/// The HTTP source against a local server: retries, backoff, Retry-After, clear 4xx errors,
/// half-read bodies, timeouts. Waits between attempts are recorded, not slept.
final class HTTPFetcherTests: XCTestCase {
  final class Waits: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Double] = []
    func add(_ s: Double) { lock.lock(); list.append(s); lock.unlock() }
    var all: [Double] { lock.lock(); defer { lock.unlock() }; return list }
  }

  func fetcher(_ waits: Waits, timeout: Double = 5, retries: Int = 3) -> HTTPFetcher {
    HTTPFetcher(policy: .init(timeout: timeout, retries: retries), sleep: { waits.add($0) })
  }

  func testSuccessOnFirstTry() throws {
    let server = try LocalHTTPServer { _, _ in .json(#"{"ok": true}"#) }
    let waits = Waits()
    let data = try fetcher(waits).get(server.url.appendingPathComponent("odds"))
    XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"ok": true}"#)
    XCTAssertEqual(server.requests, ["/odds"])
    XCTAssertEqual(waits.all, [])
  }

  /// 429 with Retry-After (seconds), then 503 without it (backoff), then success.
  func testRetriesHonourRetryAfterThenBackOff() throws {
    let server = try LocalHTTPServer { i, _ in
      switch i {
      case 0: .json(#"{"message": "slow down"}"#, status: 429, headers: ["Retry-After": "2"])
      case 1: .json("", status: 503)
      default: .json("[]")
      }
    }
    let waits = Waits()
    XCTAssertEqual(try fetcher(waits).get(server.url), Data("[]".utf8))
    XCTAssertEqual(waits.all, [2, 1])  // Retry-After, then backoff 0.5 x 2^1
    XCTAssertEqual(server.requests.count, 3)
  }

  func testRetriesRunOut() throws {
    let server = try LocalHTTPServer { _, _ in .json("oops", status: 500) }
    let waits = Waits()
    XCTAssertThrowsError(try fetcher(waits, retries: 2).get(server.url)) { error in
      XCTAssertEqual("\(error)", "HTTP 500: the feed's server failed (after 3 attempts)")
    }
    XCTAssertEqual(waits.all, [0.5, 1])
    XCTAssertEqual(server.requests.count, 3)
  }

  /// A 4xx other than 429 fails at once with what it means, never the upstream's text.
  func testClientErrorIsNotRetried() throws {
    let server = try LocalHTTPServer { _, _ in .json(#"{"message": "Invalid api key", "error_code": "INVALID_KEY"}"#, status: 401) }
    let waits = Waits()
    XCTAssertThrowsError(try fetcher(waits).get(server.url)) { error in
      XCTAssertEqual("\(error)", "HTTP 401: the feed refused the credentials, or the key's quota is used up")
    }
    XCTAssertEqual(server.requests.count, 1)
    XCTAssertEqual(waits.all, [])
  }

  func testRetryAfterBeyondTheLimitIsReported() throws {
    let server = try LocalHTTPServer { _, _ in .json("", status: 429, headers: ["Retry-After": "3600"]) }
    XCTAssertThrowsError(try fetcher(Waits()).get(server.url)) { error in
      XCTAssertTrue("\(error)".contains("retry after 3600 s"), "\(error)")
    }
    XCTAssertEqual(server.requests.count, 1)
  }

  /// A body cut short (fewer bytes than Content-Length) is never returned: retried, and an error
  /// when it keeps happening.
  func testHalfReadBody() throws {
    let body = String(repeating: "x", count: 5000)
    let flaky = try LocalHTTPServer { i, _ in
      var r = LocalHTTPServer.Response.json(body)
      if i == 0 { r.truncateAt = 100 }
      return r
    }
    let waits = Waits()
    XCTAssertEqual(try fetcher(waits).get(flaky.url).count, 5000)
    XCTAssertEqual(flaky.requests.count, 2)
    XCTAssertEqual(waits.all, [0.5])

    let broken = try LocalHTTPServer { _, _ in
      var r = LocalHTTPServer.Response.json(body)
      r.truncateAt = 10
      return r
    }
    XCTAssertThrowsError(try fetcher(Waits(), retries: 1).get(broken.url)) { error in
      XCTAssertTrue("\(error)".contains("after 2 attempts"), "\(error)")
    }
  }

  func testTimeout() throws {
    let server = try LocalHTTPServer { _, _ in
      var r = LocalHTTPServer.Response.json("[]")
      r.delay = 5
      return r
    }
    XCTAssertThrowsError(try fetcher(Waits(), timeout: 0.2).get(server.url)) { error in
      XCTAssertTrue("\(error)".contains("within 0.2 s"), "\(error)")
    }
    server.stop()
  }

  func testConnectionRefused() throws {
    // A port that was just free: open a server, note its port, stop it.
    let server = try LocalHTTPServer { _, _ in .json("[]") }
    let url = server.url
    server.stop()
    XCTAssertThrowsError(try fetcher(Waits(), retries: 1).get(url)) { error in
      XCTAssertTrue("\(error)".contains("after 2 attempts"), "\(error)")
    }
  }

  /// A gzip-encoded body is decoded: `[{"id": "gzipped"}]`, compressed by Python's gzip (mtime 0).
  func testGzipBody() throws {
    let gzipped = Data([
      0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0x8b, 0xae, 0x56, 0xca, 0x4c, 0x51, 0xb2, 0x52, 0x50,
      0x4a, 0xaf, 0xca, 0x2c, 0x28, 0x48, 0x4d, 0x51, 0xaa, 0x8d, 0x05, 0x00, 0x1c, 0xa9, 0x4c, 0x34, 0x13, 0x00, 0x00,
      0x00,
    ])
    let server = try LocalHTTPServer { _, _ in
      LocalHTTPServer.Response(headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"], body: gzipped)
    }
    let data = try fetcher(Waits()).get(server.url)
    XCTAssertEqual(String(decoding: data, as: UTF8.self), #"[{"id": "gzipped"}]"#)
  }

  /// A body over the reader's limit is refused by its size, at once (not retried); a file too.
  func testABodyOverTheLimitIsRefused() throws {
    let server = try LocalHTTPServer { _, _ in .json(String(repeating: " ", count: 5_000) + "[]") }
    let waits = Waits()
    XCTAssertThrowsError(try fetcher(waits).get(server.url, maxBytes: 4_096)) {
      XCTAssertEqual($0 as? SourceError, .tooLarge(4_096))
    }
    XCTAssertEqual(server.requests.count, 1)
    XCTAssertEqual(try fetcher(waits).get(server.url, maxBytes: 5_002).count, 5_002)
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-limit-\(UUID().uuidString).json")
    try Data(repeating: 0x20, count: 100).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    XCTAssertThrowsError(try InputSource(file.path).read(maxBytes: 99)) { XCTAssertEqual($0 as? SourceError, .tooLarge(99)) }
    XCTAssertEqual(try InputSource(file.path).read(maxBytes: 100).count, 100)
  }

  /// A redirect is followed to the feed (a relative Location, as servers often send).
  func testRedirectIsFollowed() throws {
    let server = try LocalHTTPServer { _, path in
      path == "/moved" ? .json("[2]") : LocalHTTPServer.Response(status: 302, headers: ["Location": "/moved"])
    }
    let waits = Waits()
    XCTAssertEqual(try fetcher(waits).get(server.url.appendingPathComponent("odds")), Data("[2]".utf8))
    XCTAssertEqual(server.requests, ["/odds", "/moved"])
    XCTAssertEqual(waits.all, [])
  }

  /// A redirect to another host, or from https down to http, is not followed: the error names
  /// the other host only (its URL may carry anything), and no request goes there.
  func testRedirectsLeaveNeitherTheHostNorTheScheme() throws {
    let elsewhere = try LocalHTTPServer { _, _ in .json("[3]") }
    let server = try LocalHTTPServer { _, _ in
      LocalHTTPServer.Response(
        status: 302, headers: ["Location": "http://localhost:\(elsewhere.url.port!)/steal?apiKey=SECRET"])
    }
    XCTAssertThrowsError(try fetcher(Waits()).get(server.url.appendingPathComponent("odds"))) { error in
      XCTAssertEqual("\(error)", "redirected to another host (localhost); only redirects on the same host are followed")
    }
    XCTAssertEqual(elsewhere.requests, [])
    XCTAssertThrowsError(
      try HTTPFetcher.redirect(from: URL(string: "https://feeds.example/odds")!, location: "http://feeds.example/odds")
    ) { error in
      XCTAssertEqual("\(error)", "redirected from https to http; only redirects to the same or a stronger scheme are followed")
    }
    XCTAssertEqual(
      try HTTPFetcher.redirect(from: URL(string: "http://feeds.example/a/odds")!, location: "https://FEEDS.example/b").absoluteString,
      "https://FEEDS.example/b")
    XCTAssertThrowsError(
      try HTTPFetcher.redirect(from: URL(string: "https://feeds.example/odds")!, location: "https://feeds.example:6379/")
    ) { error in
      XCTAssertEqual("\(error)", "redirected to another port (6379); only redirects on the same host and port are followed")
    }
    let loop = try LocalHTTPServer { _, path in
      LocalHTTPServer.Response(status: 302, headers: ["Location": path == "/a" ? "/b" : "/a"])
    }
    XCTAssertThrowsError(try fetcher(Waits()).get(loop.url.appendingPathComponent("a"))) { error in
      XCTAssertEqual("\(error)", "the redirects go round in a loop")
    }
  }

  /// A URL no attempt can fetch fails at once (AsyncHTTPClient would trap on this port).
  func testPortOutOfRange() throws {
    let waits = Waits()
    XCTAssertThrowsError(try fetcher(waits).get(URL(string: "http://127.0.0.1:99999/odds")!)) { error in
      XCTAssertEqual("\(error)", "port 99999 is out of range")
    }
    XCTAssertEqual(waits.all, [])
  }

  func testRetryAfterDateAndRedaction() throws {
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    XCTAssertEqual(HTTPFetcher.retryAfter(["retry-after": "Tue, 14 Nov 2023 22:13:30 GMT"], now: now), 10)
    XCTAssertEqual(HTTPFetcher.retryAfter(["retry-after": "7"], now: now), 7)
    XCTAssertNil(HTTPFetcher.retryAfter(["retry-after": "soon"], now: now))
    // A URL is named by its scheme, host and port and a fingerprint of the whole: no part of its
    // path, query, user info or fragment is shown, wherever a key stands in them.
    let url = URL(string: "https://api.the-odds-api.com/v4/sports/basketball_nba/odds?apiKey=SECRET&regions=us")!
    // The fingerprint is FNV-1a's first 8 hex digits of the whole URL (computed apart, in Python):
    // the same name in every run and on every machine.
    let named = HTTPFetcher.redacted(url)
    XCTAssertEqual(named, "https://api.the-odds-api.com (url c1ef1b12)")
    XCTAssertEqual(InputSource(url.absoluteString).description, named)
    let secrets = [
      "https://user:hunter2@feeds.example/odds?token=T0K&sport=nba",
      "https://TOKEN123@feeds.example/odds?k=SECRET&flag",
      "https://feeds.example/v4/SECRET123/odds",
      "https://feeds.example/v4/abcdefghijklmnopqrstuvwxyzABCDEF/odds",
      "https://feeds.example/v4/c2VjcmV0/odds",
      "https://feeds.example/key/hunter2/odds#token=SECRET",
      "https://feeds.example/apiKey=hunter2/odds",
      "http://127.0.0.1:8080/v4/SECRET123/odds",
    ]
    var names = Set<String>()
    for text in secrets {
      let shown = InputSource(text).description
      for secret in ["hunter2", "SECRET", "T0K", "TOKEN123", "abcdefghijklmnop", "c2VjcmV0", "v4", "odds", "user"] {
        XCTAssertFalse(shown.contains(secret), "\(text): \(shown)")
      }
      names.insert(shown)
    }
    XCTAssertEqual(names.count, secrets.count, "two feeds are told apart: \(names)")
    XCTAssertTrue(InputSource("http://127.0.0.1:8080/v4/SECRET123/odds").description.hasPrefix("http://127.0.0.1:8080 (url "))
    // A URL Foundation cannot parse as given (a space) is still a URL, named the same way.
    let spaced = InputSource("https://feeds.example/odds?apiKey=SE CRET")
    XCTAssertFalse(spaced.description.contains("SE"), spaced.description)
    XCTAssertTrue(spaced.description.hasPrefix("https://feeds.example (url "), spaced.description)
    // Text that starts as a URL and is none is not a file path: it is never shown, and reading it
    // is an error.
    let broken = InputSource("http://[::1/feed.json?apiKey=SECRET")
    XCTAssertEqual(broken.description, "an unparseable http URL")
    XCTAssertEqual(broken.problem, "an unparseable http URL: not a valid URL")
    XCTAssertThrowsError(try broken.read())
  }

  func testSources() throws {
    XCTAssertFalse(InputSource("-").canBeReadAgain)
    XCTAssertTrue(InputSource("feed.json").canBeReadAgain)
    XCTAssertThrowsError(try InputSource("/nonexistent/feed.json").read()) { XCTAssertEqual("\($0)", "no such file") }
    let server = try LocalHTTPServer { _, _ in .json("[1]") }
    XCTAssertEqual(try InputSource(server.url.absoluteString + "/x").read(), Data("[1]".utf8))
  }

  /// The proxy is chosen from the environment as curl chose it (and so URLSession before).
  func testProxyChoiceFollowsCurl() {
    let https = URL(string: "https://api.the-odds-api.com/v4/odds")!, http = URL(string: "http://feeds.local/odds")!
    let env = ["https_proxy": "http://proxy.corp:3128", "HTTP_PROXY": "gate.corp"]
    XCTAssertEqual(HTTPFetcher.proxy(for: https, environment: env), .init(host: "proxy.corp", port: 3128))
    XCTAssertEqual(HTTPFetcher.proxy(for: http, environment: env), .init(host: "gate.corp", port: 1080))
    XCTAssertNil(HTTPFetcher.proxy(for: https, environment: [:]))
    XCTAssertNil(HTTPFetcher.proxy(for: https, environment: ["http_proxy": "gate.corp:80"]), "http_proxy is for http URLs")
    for noProxy in ["the-odds-api.com", ".the-odds-api.com", "x.org, API.the-odds-api.com", "*"] {
      XCTAssertNil(HTTPFetcher.proxy(for: https, environment: env.merging(["no_proxy": noProxy]) { $1 }), noProxy)
    }
    XCTAssertNotNil(HTTPFetcher.proxy(for: https, environment: env.merging(["NO_PROXY": "odds-api.com"]) { $1 }))
  }

  /// A feed behind a proxy: the connection goes to the proxy, which is asked (CONNECT) for the
  /// feed's host. The stub is no tunnel, so the read then fails, as through a broken proxy.
  func testRequestsGoThroughTheProxy() throws {
    let proxy = try LocalHTTPServer { _, _ in .json("") }
    let fetcher = HTTPFetcher(
      policy: .init(timeout: 5, retries: 0), environment: ["http_proxy": "127.0.0.1:\(proxy.port)"], sleep: { _ in })
    XCTAssertThrowsError(try fetcher.get(URL(string: "http://feeds.example.invalid/odds")!))
    XCTAssertEqual(proxy.requests, ["feeds.example.invalid:80"])
  }
}
