import Foundation
import Logging
import ServiceLifecycle
import Serving
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A server on an ephemeral loopback port, in this process, spoken to over real HTTP.
final class TestServer: @unchecked Sendable {
  let port: Int
  let server: MCSimServer
  private let task: Task<Void, any Error>
  private let group: ServiceGroup

  var base: URL { URL(string: "http://127.0.0.1:\(port)")! }

  static func start(_ configure: (inout ServerConfiguration) -> Void = { _ in }) async throws -> TestServer {
    var configuration = ServerConfiguration()
    configuration.port = 0
    configure(&configuration)
    var logger = Logger(label: "mcsim.test")
    logger.logLevel = .warning
    let server = try MCSimServer(configuration, logger: logger)
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let group = ServiceGroup(
      configuration: .init(
        services: [server.application { port in continuation.yield(port) }], gracefulShutdownSignals: [],
        logger: logger))
    let task = Task { try await group.run() }
    var iterator = stream.makeAsyncIterator()
    guard let port = await iterator.next() else { throw TestServerError("the server did not start") }
    return TestServer(port: port, server: server, task: task, group: group)
  }

  private init(port: Int, server: MCSimServer, task: Task<Void, any Error>, group: ServiceGroup) {
    self.port = port
    self.server = server
    self.task = task
    self.group = group
  }

  /// Graceful shutdown, as SIGTERM does it: in-flight requests finish first.
  func stop() async {
    await group.triggerGracefulShutdown()
    _ = try? await task.value
  }

  struct Reply {
    let status: Int
    let headers: [String: String]
    let body: Data

    var json: [String: Any] {
      (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
    }
    var text: String { String(decoding: body, as: UTF8.self) }
    func header(_ name: String) -> String? {
      headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }
  }

  func get(_ path: String, headers: [String: String] = [:]) async throws -> Reply {
    try await send("GET", path, body: nil, headers: headers)
  }

  func post(_ path: String, _ body: Data) async throws -> Reply {
    try await send("POST", path, body: body)
  }

  func post(_ path: String, json: Any) async throws -> Reply {
    try await send("POST", path, body: try JSONSerialization.data(withJSONObject: json))
  }

  func send(_ method: String, _ path: String, body: Data?, headers: [String: String] = [:]) async throws -> Reply {
    // Appended to the base as text, so a path such as //api/x is sent as it is (a relative URL
    // would read //api as a host).
    let url = path.hasPrefix("/") ? URL(string: base.absoluteString.trimmingSuffix("/") + path)! : URL(string: path, relativeTo: base)!
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.httpBody = body
    request.timeoutInterval = 60
    if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
    for (k, v) in headers { request.setValue(v, forHTTPHeaderField: k) }
    let (data, response) = try await URLSession.shared.data(for: request)
    let http = response as! HTTPURLResponse
    var fields: [String: String] = [:]
    for (k, v) in http.allHeaderFields { fields["\(k)"] = "\(v)" }
    return Reply(status: http.statusCode, headers: fields, body: data)
  }
}

struct TestServerError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// Files of the project (Scenarios/) and of the test bundle's resources.
enum Fixture {
  static var projectRoot: URL {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url
  }

  static func scenario(_ name: String) throws -> Data {
    try Data(contentsOf: projectRoot.appendingPathComponent("Scenarios").appendingPathComponent(name))
  }

  static func resource(_ name: String) throws -> Data {
    let url = try XCTUnwrap(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Resources"))
    return try Data(contentsOf: url)
  }
}

extension Dictionary where Key == String, Value == Any {
  func object(_ key: String) -> [String: Any] { self[key] as? [String: Any] ?? [:] }
  func number(_ key: String) -> Double? { (self[key] as? NSNumber)?.doubleValue }
  func list(_ key: String) -> [[String: Any]] { self[key] as? [[String: Any]] ?? [] }
}

extension XCTestCase {
  /// A test server that is shut down when the test ends, whether it passed or not.
  func serve(_ configure: (inout ServerConfiguration) -> Void = { _ in }) async throws -> TestServer {
    let server = try await TestServer.start(configure)
    addTeardownBlock { await server.stop() }
    return server
  }

  /// Polls `condition` every 0.1 s for up to 10 s (a live source's first read, a refresh).
  func waitFor(_ what: String, _ condition: () async throws -> Bool) async throws {
    for _ in 0..<100 {
      if try await condition() { return }
      try await Task.sleep(for: .milliseconds(100))
    }
    XCTFail("timed out waiting for \(what)")
  }
}

extension String {
  func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
