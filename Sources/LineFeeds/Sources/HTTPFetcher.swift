import AsyncHTTPClient
import Foundation
import RandomStreams
import ServiceContracts
import NIOCore
import NIOHTTP1
import Synchronization

/// GET over http(s) with AsyncHTTPClient (SwiftNIO), for feeds that live behind a URL.
///
/// - Each attempt has a deadline (`timeout`, seconds, the whole request including the body and
///   any redirects).
/// - 429 and 5xx are retried up to `retries` times: after the server's `Retry-After` (seconds or
///   an HTTP date) when it gives one, else after `backoff` x 2^attempt seconds (0.5, 1, 2, ...). A
///   `Retry-After` longer than `maxWait` is not waited for: the error says how long was asked.
/// - A connection that fails or drops mid-body (fewer bytes than Content-Length) is retried the
///   same way; it never yields a partial body. A timeout is not retried (the deadline is the user's).
/// - Any other status outside 2xx fails at once, with the status and what it means, never the
///   body: an upstream's text may carry anything, and the server shows these errors in public
///   (`last_error`). So does a URL that no attempt can fetch (a port past 65535).
/// - Through the proxy the environment names (`https_proxy`, `http_proxy`, `no_proxy`), as curl.
/// - Redirects are followed on the same host only, over the same scheme or from http to https
///   (at most 10, no loops): a feed that sends its reader elsewhere is refused, naming only the
///   other host. Bodies sent gzip- or deflate-encoded are
///   decoded (the request says `Accept-Encoding: deflate, gzip`); one that decodes to more than
///   256 MiB is refused (`decodedLimit`), whatever its size on the wire.
/// Messages do not repeat the URL (the caller names the source, see `InputSource`).
///
/// `get` blocks its thread until the answer: call it from a plain thread (the CLI's main thread,
/// a Dispatch queue), never from a NIO event loop, and not from a Swift concurrency task (it
/// would hold one of the few threads they share).
package struct HTTPFetcher: Sendable {
  package struct Policy: Sendable, Hashable {
    package var timeout: Double
    package var retries: Int
    package var backoff: Double
    package var maxWait: Double

    package init(timeout: Double = 10, retries: Int = 3, backoff: Double = 0.5, maxWait: Double = 60) {
      self.timeout = timeout
      self.retries = retries
      self.backoff = backoff
      self.maxWait = maxWait
    }
  }

  package let policy: Policy
  /// How waits between attempts happen (tests record them instead).
  let sleep: @Sendable (Double) -> Void
  /// Where the proxy settings are read (`proxy(for:environment:)`): the process's environment.
  let environment: [String: String]

  package init(
    policy: Policy = Policy(), environment: [String: String] = ProcessInfo.processInfo.environment,
    sleep: @escaping @Sendable (Double) -> Void = { Thread.sleep(forTimeInterval: $0) }
  ) {
    self.policy = policy
    self.environment = environment
    self.sleep = sleep
  }

  /// The body at `url`; one of more than `maxBytes` (on the wire or decoded) is refused as soon as
  /// its size is known (its Content-Length, else the byte past the limit), not retried.
  package func get(_ url: URL, maxBytes: Int = decodedLimit) throws(SourceError) -> Data {
    var attempt = 0
    var url = url
    var visited: Set<String> = [url.absoluteString]
    while true {
      let outcome = perform(url, maxBytes: maxBytes)
      let retryable: String
      var wait = policy.backoff * Double(1 << min(attempt, 20))
      switch outcome {
      case .timedOut:
        throw SourceError("no complete answer within \(Self.seconds(policy.timeout)) (--timeout)")
      case .invalid(let reason):
        throw SourceError(reason)
      case .failure(let reason):
        retryable = reason
      case .success(let status, let headers, let body):
        if (200..<300).contains(status) { return body }
        if [301, 302, 303, 307, 308].contains(status) {
          let next = try Self.redirect(from: url, location: headers["location"])
          guard visited.count <= 10 else { throw SourceError("more than 10 redirects") }
          guard visited.insert(next.absoluteString).inserted else { throw SourceError("the redirects go round in a loop") }
          url = next
          continue
        }
        guard status == 429 || (500..<600).contains(status) else {
          throw SourceError("HTTP \(status)\(Self.meaning(status))")
        }
        retryable = "HTTP \(status)\(Self.meaning(status))"
        if let asked = Self.retryAfter(headers) {
          guard asked <= policy.maxWait else {
            throw SourceError("\(retryable); the server asks to retry after \(Self.seconds(asked)), longer than \(Self.seconds(policy.maxWait))")
          }
          wait = asked
        }
      }
      guard attempt < policy.retries else {
        throw SourceError("\(retryable) (after \(attempt + 1) attempt\(attempt == 0 ? "" : "s"))")
      }
      sleep(wait)
      attempt += 1
    }
  }

  private enum Outcome {
    case success(status: Int, headers: [String: String], body: Data)
    case timedOut
    /// A URL no attempt can fetch, or a body over the limit: not retried.
    case invalid(String)
    /// Why the attempt failed, in words (see `HTTPFailure`).
    case failure(String)
  }

  /// The most a gzip or deflate body may decode to: 256 MiB (a feed is a few MB at most; this
  /// only stops a body that inflates without end).
  package static let decodedLimit = 256 << 20

  /// The process's clients, created at the first URL read and never shut down: a command exits
  /// when it is done, the server reads its feeds until it stops. One per proxy (and one direct),
  /// see `proxy(for:environment:)`. They run on NIO's shared event loop threads, and keep
  /// connections to a host alive between reads (`--watch`, the server's refreshes). Not
  /// `HTTPClient.shared`: that one does not decode gzip past 25 times its size, and it retries a
  /// refused connection inside the request until its connect timeout, which would report
  /// "connection refused" as a timeout and keep our own retries from counting. Their connect
  /// timeout is longer than any deadline: each request's deadline rules.
  private static let clients = Mutex<[Proxy?: HTTPClient]>([:])

  static func client(through proxy: Proxy?) -> HTTPClient {
    clients.withLock { clients in
      if let client = clients[proxy] { return client }
      var configuration = HTTPClient.Configuration(
        redirectConfiguration: .disallow,
        timeout: .init(connect: .minutes(5)),
        proxy: proxy.map { .server(host: $0.host, port: $0.port) },
        decompression: .enabled(limit: .size(decodedLimit)))
      configuration.connectionPool.retryConnectionEstablishment = false
      let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
      clients[proxy] = client
      return client
    }
  }

  /// An HTTP proxy, asked with CONNECT for every URL (AsyncHTTPClient tunnels http and https).
  package struct Proxy: Hashable, Sendable {
    package let host: String
    package let port: Int

    package init(host: String, port: Int) {
      self.host = host
      self.port = port
    }
  }

  /// The proxy for `url` as curl (and so the earlier URLSession) chose it from the environment:
  /// `https_proxy` for https URLs and `http_proxy` for http ones (either case; a value with or
  /// without `http://`, port 1080 when it names none, as curl), none for a host that `no_proxy`
  /// lists (comma-separated names, each matching the host or a domain suffix; `*` for all).
  package static func proxy(for url: URL, environment: [String: String]) -> Proxy? {
    func value(_ name: String) -> String? {
      (environment[name] ?? environment[name.uppercased()]).flatMap { $0.isEmpty ? nil : $0 }
    }
    guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(),
      let setting = value(scheme == "https" ? "https_proxy" : "http_proxy")
    else { return nil }
    for entry in (value("no_proxy") ?? "").split(separator: ",") {
      var name = entry.trimmingCharacters(in: .whitespaces).lowercased()
      if name == "*" { return nil }
      if name.hasPrefix(".") { name.removeFirst() }
      if !name.isEmpty && (host == name || host.hasSuffix("." + name)) { return nil }
    }
    guard let parsed = URL(string: setting.contains("://") ? setting : "http://" + setting), let proxyHost = parsed.host
    else { return nil }
    return Proxy(host: proxyHost, port: parsed.port ?? 1080)
  }

  private func perform(_ url: URL, maxBytes: Int) -> Outcome {
    // AsyncHTTPClient traps on a port past 65535 (it makes a 16-bit socket address of it).
    if let port = url.port, !(0...65535).contains(port) { return .invalid("port \(port) is out of range") }
    let request: HTTPClient.Request
    do {
      request = try HTTPClient.Request(
        url: url, method: .GET, headers: ["User-Agent": "mcsim/0.1", "Accept": "application/json"])
    } catch {
      return .invalid(HTTPFailure.describe(error))
    }
    let deadline = NIODeadline.now() + .nanoseconds(Int64(min(policy.timeout, 1e9) * 1e9))
    let response: HTTPClient.Response
    do {
      // Blocks this thread (see the type's comment); the deadline ends the request, body included.
      let client = Self.client(through: Self.proxy(for: url, environment: environment))
      let accumulator = ResponseAccumulator(request: request, maxBodySize: min(max(maxBytes, 0), Self.decodedLimit))
      response = try client.execute(request: request, delegate: accumulator, deadline: deadline).futureResult.wait()
    } catch is ResponseAccumulator.ResponseTooBigError {
      return .invalid(SourceError.tooLarge(maxBytes).description)
    } catch {
      return HTTPFailure.isTimeout(error) ? .timedOut : .failure(HTTPFailure.describe(error))
    }
    var headers: [String: String] = [:]
    for (name, value) in response.headers { headers[name.lowercased()] = value }
    let body = response.body.map { Data($0.readableBytesView) } ?? Data()
    return .success(status: Int(response.status.code), headers: headers, body: body)
  }

  /// Seconds to wait from a Retry-After header (keys lowercased): delta-seconds or an HTTP date.
  package static func retryAfter(_ headers: [String: String], now: Date = Date()) -> Double? {
    guard let value = headers["retry-after"]?.trimmingCharacters(in: .whitespaces) else { return nil }
    if let seconds = Double(value), seconds >= 0 { return seconds }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    guard let date = formatter.date(from: value) else { return nil }
    return max(0, date.timeIntervalSince(now))
  }

  /// What a status means for a feed, in words (": the key was refused"), or nothing. The body
  /// is never shown: it is the upstream's text, and these messages reach the server's clients.
  static func meaning(_ status: Int) -> String {
    switch status {
    case 401, 403: ": the feed refused the credentials, or the key's quota is used up"
    case 404: ": no such feed at this URL"
    case 422: ": the feed refused the request's parameters"
    case 429: ": too many requests, or the key's quota is used up"
    case 500..<600: ": the feed's server failed"
    default: ""
    }
  }

  /// Where a redirect leads, when it stays on the same host over the same or a stronger scheme.
  package static func redirect(from url: URL, location: String?) throws(SourceError) -> URL {
    guard let location, let next = URL(string: location, relativeTo: url)?.absoluteURL else {
      throw SourceError("a redirect without a usable Location")
    }
    let (from, to) = (url.scheme?.lowercased() ?? "", next.scheme?.lowercased() ?? "")
    guard next.host?.lowercased() == url.host?.lowercased() else {
      throw SourceError("redirected to another host (\(next.host ?? "none")); only redirects on the same host are followed")
    }
    guard to == from || (from == "http" && to == "https") else {
      throw SourceError("redirected from \(from) to \(to); only redirects to the same or a stronger scheme are followed")
    }
    // The same port, or the default one of the upgrade from http to https (80 to 443).
    func port(_ u: URL, _ scheme: String) -> Int { u.port ?? (scheme == "https" ? 443 : 80) }
    let (a, b) = (port(url, from), port(next, to))
    guard a == b || (from == "http" && to == "https" && a == 80 && b == 443) else {
      throw SourceError("redirected to another port (\(b)); only redirects on the same host and port are followed")
    }
    return next
  }

  /// How a URL is named wherever anyone may read it (messages, log lines, answers, pages): its
  /// scheme, host and port, then a fingerprint of the whole URL (FNV-1a, 8 hex digits) that tells
  /// two feeds apart, "https://api.the-odds-api.com (url 3f9c2a1b)". The path, query, user info
  /// and fragment are never shown: a key may stand in any of them, under any name or none
  /// (`/v4/SECRET123/odds`), so no rule for spotting keys is relied on. The same URL is named the
  /// same in every run.
  package static func redacted(_ url: URL) -> String {
    var digest = FNV1a()
    digest.add(url.absoluteString)
    let scheme = url.scheme?.lowercased() ?? "http"
    let host = url.host.map { $0.contains(":") && !$0.hasPrefix("[") ? "[\($0)]" : $0 } ?? ""
    return "\(scheme)://\(host)\(url.port.map { ":\($0)" } ?? "") (url \(digest.hex.prefix(8)))"
  }

  static func seconds(_ s: Double) -> String {
    s == s.rounded() ? "\(Int(s)) s" : String(format: "%.1f s", s)
  }
}
