import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A plain TCP connection to a test server (in the test process or `mcsim serve`), for what
/// URLSession will not send: half-sent requests, HTTP/1.0, broken framing, a connection held open
/// and silent. Used by one thread at a time (hence unchecked).
package final class RawConnection: @unchecked Sendable {
  /// A socket call that failed, with its errno.
  package struct Failure: Error, CustomStringConvertible {
    package let description: String
    init(_ description: String) { self.description = description }
  }

  private let fd: Int32

  /// `source`: the loopback address to connect from (127.0.0.2 is another client to the server).
  package init(port: Int, source: String? = nil) throws {
    fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw Failure("socket: \(errno)") }
    if let source {
      var local = sockaddr_in()
      local.sin_family = sa_family_t(AF_INET)
      local.sin_addr.s_addr = inet_addr(source)
      let bound = withUnsafePointer(to: &local) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
      }
      guard bound == 0 else {
        Glibc.close(fd)
        throw Failure("bind \(source): \(errno)")
      }
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else {
      Glibc.close(fd)
      throw Failure("connect: \(errno)")
    }
  }

  private var open = true

  deinit { close() }

  /// Hangs up (the client going away).
  package func close() {
    if open { Glibc.close(fd) }
    open = false
  }

  package func send(_ text: String) throws {
    let bytes = Array(text.utf8)
    var sent = 0
    while sent < bytes.count {
      let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard n > 0 else { throw Failure("send: \(errno)") }
      sent += n
    }
  }

  /// No more bytes from this side (the server sees the end of the stream).
  package func finishSending() { shutdown(fd, Int32(SHUT_WR)) }

  /// What the server sent until it closed the connection or `timeout` passed, whether it
  /// closed, and how long it took.
  package func read(timeout: Double) -> (text: String, closed: Bool, seconds: Double) {
    let start = Date()
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let left = timeout - Date().timeIntervalSince(start)
      if left <= 0 { return (String(decoding: out, as: UTF8.self), false, Date().timeIntervalSince(start)) }
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, Int32(max(1, left * 1000)))
      if ready <= 0 { continue }
      let n = recv(fd, &buffer, buffer.count, 0)
      if n <= 0 { return (String(decoding: out, as: UTF8.self), true, Date().timeIntervalSince(start)) }
      out += buffer[0..<n]
    }
  }

  /// The status code of the first answer in `text`, nil when there is none.
  package static func status(_ text: String) -> Int? {
    guard text.hasPrefix("HTTP/1.") else { return nil }
    return Int(text.dropFirst(9).prefix(3))
  }
}
