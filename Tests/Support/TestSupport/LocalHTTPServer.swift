import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for tests, on POSIX sockets: each request gets the
/// response the test's `responder` returns for it (by request number and path), then the
/// connection is closed. Bounded: it stops by itself after `maxRequests` requests or `lifetime`
/// seconds, whichever comes first, or when `stop()` is called.
package final class LocalHTTPServer: @unchecked Sendable {
  package struct Response: Sendable {
    package var status: Int
    package var headers: [String: String]
    package var body: Data
    /// Send only this many bytes of the body (Content-Length still says the full size), then
    /// close: a half-read body.
    package var truncateAt: Int?
    /// Seconds to wait before answering (for client timeouts).
    package var delay: Double

    package init(status: Int = 200, headers: [String: String] = [:], body: Data = Data(), truncateAt: Int? = nil, delay: Double = 0) {
      self.status = status
      self.headers = headers
      self.body = body
      self.truncateAt = truncateAt
      self.delay = delay
    }

    package static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> Response {
      Response(status: status, headers: headers.merging(["Content-Type": "application/json"]) { a, _ in a }, body: Data(text.utf8))
    }
  }

  package let port: UInt16
  package var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

  private let listener: Int32
  private let responder: @Sendable (Int, String) -> Response
  private let lock = NSLock()
  private var paths: [String] = []
  private var stopped = false
  private let finished = DispatchSemaphore(value: 0)

  /// Paths requested so far, in order.
  package var requests: [String] {
    lock.lock()
    defer { lock.unlock() }
    return paths
  }

  package init(maxRequests: Int = 20, lifetime: Double = 20, responder: @escaping @Sendable (Int, String) -> Response) throws {
    self.responder = responder
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw ServerError("socket: errno \(errno)") }
    var one: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, listen(fd, 16) == 0 else {
      close(fd)
      throw ServerError("bind/listen: errno \(errno)")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    listener = fd
    port = UInt16(bigEndian: address.sin_port)
    let deadline = Date().addingTimeInterval(lifetime)
    Thread.detachNewThread { [self] in
      serve(maxRequests: maxRequests, deadline: deadline)
      close(listener)
      finished.signal()
    }
  }

  /// Stops accepting and waits for the serving thread to end.
  package func stop() {
    lock.lock()
    let wasStopped = stopped
    stopped = true
    lock.unlock()
    if !wasStopped { finished.wait() }
  }

  deinit { stop() }

  private var isStopped: Bool {
    lock.lock()
    defer { lock.unlock() }
    return stopped
  }

  private func serve(maxRequests: Int, deadline: Date) {
    var served = 0
    while served < maxRequests, !isStopped, Date() < deadline {
      var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
      guard poll(&ready, 1, 50) > 0 else { continue }
      let client = accept(listener, nil, nil)
      guard client >= 0 else { continue }
      defer { close(client) }
      guard let path = readRequest(client, deadline: Date().addingTimeInterval(5)) else { continue }
      lock.lock()
      paths.append(path)
      lock.unlock()
      let response = responder(served, path)
      served += 1
      // Wait in small steps, so that stop() ends a delayed answer at once.
      let until = Date().addingTimeInterval(response.delay)
      while Date() < until, !isStopped { Thread.sleep(forTimeInterval: 0.01) }
      write(response, to: client)
    }
  }

  /// The request's path, once its headers have arrived.
  private func readRequest(_ fd: Int32, deadline: Date) -> String? {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while Date() < deadline {
      var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&ready, 1, 50) > 0 else { continue }
      let n = recv(fd, &buffer, buffer.count, 0)
      guard n > 0 else { break }
      data.append(contentsOf: buffer[0..<n])
      if let text = String(data: data, encoding: .utf8), text.contains("\r\n\r\n") {
        let first = text.split(separator: "\r\n").first ?? ""
        let parts = first.split(separator: " ")
        return parts.count >= 2 ? String(parts[1]) : "/"
      }
    }
    return nil
  }

  private func write(_ r: Response, to fd: Int32) {
    var head = "HTTP/1.1 \(r.status) \(Self.reason(r.status))\r\nContent-Length: \(r.body.count)\r\nConnection: close\r\n"
    for (k, v) in r.headers { head += "\(k): \(v)\r\n" }
    head += "\r\n"
    var bytes = Data(head.utf8)
    bytes.append(r.body.prefix(r.truncateAt ?? r.body.count))
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let sent = send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
        guard sent > 0 else { return }
        offset += sent
      }
    }
  }

  private static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 401: "Unauthorized"
    case 404: "Not Found"
    case 422: "Unprocessable Entity"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 503: "Service Unavailable"
    default: "Status"
    }
  }
}

package struct ServerError: Error, CustomStringConvertible {
  package let description: String
  init(_ description: String) { self.description = description }
}
