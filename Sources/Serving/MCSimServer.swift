import Foundation
import Hummingbird
import HummingbirdCore
import LineFeeds
import Logging
import NIOCore
import ServiceContracts
import ServiceLifecycle

/// `mcsim serve`: the replaced services' endpoints over HTTP (docs/serving.md). Built once from a
/// validated configuration; `run()` serves until SIGINT or SIGTERM, then lets in-flight requests
/// finish before it returns.
package struct MCSimServer: Sendable {
  package let configuration: ServerConfiguration
  package let metrics = ServerMetrics()
  /// Where heavy jobs run (more than `inlineSimulations` games): `workers` at once.
  let pool: SimulationPool
  /// Where light jobs run, on their request's task: `workers` at once, apart from the heavy
  /// ones, so a queue of heavy requests never holds a light one back.
  let quickPool: SimulationPool
  /// Returns freed memory to the system after heavy jobs and large bodies.
  let trimmer: MemoryTrimmer
  let live: LiveSources?
  /// The game pages' full pricing for the current live lines.
  let gameDetails = GameDetailCache()
  /// Heavy work in flight per client address (`--max-in-flight-per-client`).
  let clientWork: ClientWork
  /// The AFL player pool of the iOS trade request (`--trade-pool`).
  let tradePool: PoolFile?
  let logger: Logger

  package init(_ configuration: ServerConfiguration, logger: Logger) throws {
    self.configuration = configuration
    self.logger = logger
    pool = SimulationPool(
      workers: configuration.workers, queueLimit: configuration.queueLimit, deadline: configuration.deadline)
    quickPool = SimulationPool(
      workers: configuration.workers, queueLimit: configuration.queueLimit, deadline: configuration.deadline, threads: 0)
    clientWork = ClientWork(limit: configuration.maxInFlightPerClient)
    tradePool = try configuration.tradePool.map { path in
      do {
        return try ContractJSON.decoder().decode(PoolFile.self, from: try InputSource(path).read())
      } catch {
        throw StartError("--trade-pool \(path): \(error)")
      }
    }
    let trimmer = MemoryTrimmer()
    self.trimmer = trimmer
    live = configuration.live.map {
      LiveSources($0, seed: configuration.seed, threads: configuration.workers, logger: logger, trimmer: trimmer)
    }
  }

  /// Every route, behind the middleware that answers errors, ids, logs and metrics.
  func router() -> Router<ServerRequestContext> {
    // HEAD wherever GET is (RFC 9110 section 9.3.2): GET's status and headers, no body.
    let router = Router(context: ServerRequestContext.self, options: .autoGenerateHeadEndpoints)
    // CORS outermost, so errors and 401s carry its headers too; the API keys inside the error
    // answers, so a refusal is logged and counted like any other.
    router.add(middleware: BrowserOrigins(origins: Set(configuration.corsOrigins)))
    router.add(middleware: ServiceMiddleware(metrics: metrics))
    router.add(middleware: HTTPConformance())
    if let keys = configuration.apiKeys { router.add(middleware: APIKeyMiddleware(keys: keys)) }
    addRoutes(to: OperationRouter(router))
    return router
  }

  /// Every route group's operations.
  private func addRoutes(to operations: OperationRouter) {
    HealthRoutes(pool: pool, live: live).add(to: operations)
    DocumentRoutes(metrics: metrics, configuration: configuration).add(to: operations)
    AgentRoutes(server: self).add(to: operations)
    LiveRoutes(server: self).add(to: operations)
    TradeRoutes(server: self).add(to: operations)
    OddsRoutes(server: self).add(to: operations)
    PageRoutes(server: self).add(to: operations)
  }

  /// The operations the route groups register, in order (the suite checks they are
  /// `ServerOperations.all`, the list the document and the 405s read).
  package var registeredOperations: [String] {
    let operations = OperationRouter(Router(context: ServerRequestContext.self))
    addRoutes(to: operations)
    return operations.registered.map { "\($0.method) \($0.path)" }
  }

  /// The application; `onServerRunning` gets the bound port (the tests ask for port 0).
  package func application(onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in })
    -> some ApplicationProtocol
  {
    var services: [any Service] = [trimmer]
    if let live { services.append(live) }
    return Application(
      router: router(),
      server: ServerConnection.builder(
        idleTimeout: configuration.idleTimeout, bodyTimeout: configuration.bodyTimeout,
        firstRequestTimeout: configuration.firstRequestTimeout, perClient: configuration.maxConnectionsPerClient),
      configuration: .init(
        address: .hostname(configuration.host, port: configuration.port), serverName: "mcsim",
        availableConnectionsDelegate: MaximumAvailableConnections(configuration.maxConnections)),
      services: services,
      onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
      eventLoopGroupProvider: .shared(IOThreads.group(configuration.ioThreads)),
      logger: logger)
  }

  /// Serves until SIGINT/SIGTERM; in-flight requests finish first.
  package func run(onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
    HeapTuning.keepLargeBlocksInHeap()
    try await application(onServerRunning: onServerRunning).runService()
  }

  /// Bodies above this size (64 KB) are parsed as heavy work (`job(of:for:_:)`): parsing them
  /// takes time, and allocates several times their size, which the trimmer gives back.
  static let largeBody = 64 << 10

  /// A request's job, parsed from its body (read within the server's size and time limits)
  /// once its shape is checked (`BodyShape`: no key given twice in one object, no object of
  /// thousands of keys, no deep nesting, no top-level list longer than `lists` allows; a 422
  /// naming where). Parsing is work: a body over `largeBody` is parsed on the heavy pool's
  /// threads, admitted and capped per client as a heavy job, so no body's parsing holds the
  /// threads that answer health, metrics, pages and light requests.
  func job<T: Sendable>(
    of request: Request, for context: ServerRequestContext, lists: [String: Int] = [:], _ parse: @escaping @Sendable (Data) throws -> T
  ) async throws -> T {
    let body = try await JSONResponse.body(of: request, limit: configuration.maxBodyBytes, timeout: configuration.bodyTimeout)
    let checked: @Sendable () throws -> T = {
      if let problem = BodyShape.firstProblem(in: body, lists: lists) {
        throw APIError.invalid(field: problem.path, value: problem.value, message: problem.message)
      }
      return try parse(body)
    }
    return body.count > Self.largeBody ? try await heavy(for: context, checked) : try checked()
  }

  /// Runs a job of `paths` simulated games once admitted, and counts them. Admission is by
  /// cost: light jobs (at most `inlineSimulations` games) have their own lane and run on the
  /// request's task; heavy ones queue for the pool's threads. A heavy job whose client hangs up
  /// is dropped (`PoolError.clientGone`): before it starts if the client went while it waited,
  /// between two chunks of its simulation if while it ran.
  func simulate<T: Sendable>(
    paths: Int, for context: ServerRequestContext, _ work: @escaping @Sendable () throws -> T
  ) async throws -> T {
    let result = try await compute(cost: paths, for: context, work)
    metrics.simulated(paths)
    return result
  }

  /// Runs work of `cost` (simulated games, or their equivalent for the odds library) in the lane
  /// its cost admits it to (see `simulate`).
  func compute<T: Sendable>(
    cost: Int, for context: ServerRequestContext, _ work: @escaping @Sendable () throws -> T
  ) async throws -> T {
    if cost <= configuration.inlineSimulations { return try await quickPool.run(inline: true, work) }
    return try await heavy(for: context, work)
  }

  /// Runs heavy work on the pool's threads, once admitted: within its client's cap
  /// (`ClientWork`), dropped if the client hangs up, the memory it used given back after.
  private func heavy<T: Sendable>(for context: ServerRequestContext, _ work: @escaping @Sendable () throws -> T) async throws -> T {
    let address = context.clientAddress
    guard clientWork.enter(address) else { throw SimulationPool.PoolError.clientAtCap(limit: clientWork.limit) }
    defer { clientWork.leave(address) }
    defer { trimmer.noteLargeWork() }
    return try await pool.run(clientGone: await context.departure(), work)
  }
}

/// A configuration that cannot be served (an unreadable player pool): said once, at start.
package struct StartError: Error, CustomStringConvertible {
  package let description: String
  init(_ description: String) { self.description = description }
}
