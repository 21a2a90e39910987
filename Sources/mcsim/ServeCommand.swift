import ArgumentParser
import Foundation
import LineFeeds
import Logging
import ServiceContracts
import Serving
import UseCases

/// Whose rules fill the agent's advice fields, by name (`PricingContext.agentAdviceNames`).
struct AgentAdviceName: ExpressibleByArgument {
  let name: String
  init?(argument: String) {
    guard PricingContext.agentAdviceNames.contains(argument) else { return nil }
    name = argument
  }
  static var allValueStrings: [String] { PricingContext.agentAdviceNames }
  var defaultValueDescription: String { name }
}

/// `mcsim serve`: the replaced services' HTTP endpoints (docs/serving.md).
struct ServeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve the betting agent's, the fair-odds service's and the trade API's endpoints over HTTP.",
    discussion: """
      Listens on 127.0.0.1:8001 by default (loopback only; --host 0.0.0.0 to expose). Stops on \
      SIGINT or SIGTERM after in-flight requests finish. Examples:
        mcsim serve
        mcsim serve --port 8080 --odds Scenarios/feed_odds_api_nba.json --stats Scenarios/feed_team_stats.json
        curl -s localhost:8001/api/monte-carlo/simulate -d @Scenarios/simulate_request.json
      Endpoints: GET /health, /api/health, /openapi.json, /metrics, /api/tonight/totals, \
      /api/fairbet/odds, /api/fairbet/live/games, /api/fairbet/live; POST /api/monte-carlo/simulate, \
      /api/monte-carlo/batch, /api/fairbet/parlay/evaluate, /api/trade_score, /api/odds/devig, \
      /api/odds/fair. Their contracts: docs/contracts.md.
      """
  )

  @Option(help: "Address to listen on (0.0.0.0 for every interface).")
  var host = "127.0.0.1"

  @Option(help: "Port to listen on (0 picks a free one and prints it).")
  var port = 8001

  @Option(parsing: .unconditional, help: "Simulations run at once (default: the cores).")
  var workers: Int?

  @Option(
    name: .customLong("inline-sims"),
    help:
      "Jobs of at most this many simulated games run on the request's own task, longer ones on the pool's threads (default 200000; 0: all on the pool)."
  )
  var inlineSims: Int?

  @Option(
    name: .customLong("io-threads"), parsing: .unconditional, help: "Threads reading and writing HTTP (default: a quarter of the cores, at least 1).")
  var ioThreads: Int?

  @Option(name: .customLong("threads-per-request"), help: "Threads one request's simulation may use.")
  var threadsPerRequest = 1

  @Option(help: "Requests that may wait for a worker; more are answered 503 with Retry-After.")
  var queue = 256

  @Option(parsing: .unconditional, help: "Seconds a request may wait for a worker before it is answered 503.")
  var deadline: Double = 10

  @Option(name: .customLong("max-body"), help: "Largest request body in bytes (413 beyond).")
  var maxBody = 1 << 20

  @Option(
    name: .customLong("idle-timeout"), parsing: .unconditional,
    help: "Seconds of silence after which a connection is closed: idle keep-alive, a half-sent request head or a stalled body.")
  var idleTimeout: Double = 30

  @Option(name: .customLong("body-timeout"), parsing: .unconditional, help: "Seconds a request body may take to arrive in all (408 beyond).")
  var bodyTimeout: Double = 30

  @Option(name: .customLong("max-connections"), help: "Connections open at once; beyond it new ones wait to be accepted.")
  var maxConnections = 1_000

  @Option(
    name: .customLong("max-connections-per-client"), parsing: .unconditional,
    help: "Connections one client address may hold at once; beyond it its new ones are closed as they open.")
  var maxConnectionsPerClient = 128

  @Option(
    name: .customLong("max-in-flight-per-client"), parsing: .unconditional,
    help: "Heavy jobs (over --inline-sims games) one client address may have running or waiting; beyond it 429.")
  var maxInFlightPerClient = 16

  @Option(
    name: .customLong("first-request-timeout"), parsing: .unconditional,
    help: "Seconds a new connection may stay silent before its first request's bytes; then it is closed.")
  var firstRequestTimeout: Double = 5

  @Option(name: .customLong("max-sims"), help: "Most simulations one game of a request may ask for (422 beyond).")
  var maxSims = 10_000_000

  @Option(
    name: .customLong("max-total-sims"),
    help: "Most simulations one request may ask for in all: a batch's games x n_sims (422 beyond).")
  var maxTotalSims = 100_000_000

  @Option(parsing: .unconditional, help: "Seed of every request that gives none (same body, same answer).")
  var seed: UInt64 = 20_240_101

  @Option(help: "Odds feed for /api/tonight/totals and /api/fairbet/odds: a file or an http(s) URL.")
  var odds: String?

  @Option(help: "Team stats JSON (file or URL) to project the feed's games.")
  var stats: String?

  @Option(name: .customLong("stats-from"), help: "Compute team stats from a results CSV (file or URL) instead.")
  var statsFrom: String?

  @Option(
    help:
      "Project tonight's games from team ratings fitted on this results CSV (file or URL) as of the night, refit at each refresh; the hyperparameters are --model's when it has them."
  )
  var results: String?

  @Option(
    name: .customLong("as-of"),
    help:
      "With --stats-from or --results: use the results before this day, and leave out the feed's games dated before it: an ISO date (2023-12-11), a date-time (its US Eastern day) or now (default: today, at each refresh)."
  )
  var asOf: String?

  @Option(
    help:
      "In play: a live scoreboard (ESPN's NBA scoreboard JSON: a file or URL), read with the feed on each refresh; each game it shows under way is priced from its score and clock, a finished one is not priced (docs/periods-and-in-play.md)."
  )
  var scoreboard: String?

  @Option(parsing: .unconditional, help: "Seconds between two reads of the live sources (default 60).")
  var refresh: Double?

  @Option(
    name: .customLong("stale-after"), parsing: .unconditional,
    help:
      "Seconds after which lines not refreshed turn health to degraded (still served, with their age; default 600, or twice --refresh when that is longer)."
  )
  var staleAfter: Double?

  @Option(
    name: .customLong("max-feed-bytes"), parsing: .unconditional,
    help:
      "Largest odds feed or scoreboard a refresh reads, in bytes (default \(LiveSourceConfiguration.defaultMaxFeedBytes), 8 MiB); a larger one keeps the last good lines."
  )
  var maxFeedBytes: Int?

  @Option(
    name: .customLong("max-feed-events"), parsing: .unconditional,
    help: "Most events an odds feed may list (default \(LiveSourceConfiguration.defaultMaxFeedEvents)); a feed with more keeps the last good lines.")
  var maxFeedEvents: Int?

  @Option(
    name: .customLong("sharp"), parsing: .upToNextOption,
    help: "Sharp books of the fair-odds reference: --sharp pinnacle circa (commas also separate; default pinnacle circa betcris).")
  var sharpBooks: [String] = []

  @Option(name: .customLong("trade-pool"), help: "AFL player pool JSON for the iOS trade request's player ids.")
  var tradePool: String?

  @Option(
    help:
      "A config file (JSON; docs/one-game.md, \"Config file\") whose advice thresholds, sharp books and fees the server uses; default: mcsim.json in the working directory, if there is one."
  )
  var config: String?

  @Option(
    name: .customLong("api-keys"),
    help:
      "A file of API keys, one a line: every /api/ route then answers 401 without a valid X-API-Key header (/health stays open; keys are never logged)."
  )
  var apiKeys: String?

  @Option(
    name: .customLong("cors-origin"), parsing: .upToNextOption,
    help: "Browser origins answered with CORS headers and preflights (default http://localhost:3000, the agent's web front end).")
  var corsOrigin: [String] = []

  @Option(
    help:
      "Pin the live endpoints' clock (today's games, FairBet's window, in-play events) to this ISO 8601 date-time, for replays and tests (default: the real clock)."
  )
  var now: String?

  @Option(
    name: .customLong("agent-advice"),
    help:
      "Whose rules fill the agent's verdict, recommended_bet and kelly_* fields: agent (its own code) or mcsim (mcsim's advice policy). mcsim's advice is sent beside them either way."
  )
  var agentAdvice = AgentAdviceName(argument: PricingContext.agentAdviceDefault)!

  @OptionGroup(title: "Model") var modelFile: ModelFileOptions

  @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
  var logLevel = "info"

  func configuration() throws -> ServerConfiguration {
    var c = try limits()
    c.seed = seed
    c.tradePool = tradePool
    try access(&c)
    let file = try AdviceOptions.load(config)
    // The agent's endpoints answer with the agent's model unless a model file is given, and
    // advise on the model alone (the agent's rules); the live slate with the model's fit on its
    // projections (`ModelSet.resolve`), pooled with the market at the fit's weights.
    // The config's settings were checked as it was read.
    let agent = try modelFile.choice(config: file).context(defaults: Defaults.agentModel, replacedService: true, poolAdvice: false)
    c.pricing = PricingContext(
      context: agent.context, model: agent.model, advice: agent.policy, agentAdvice: .init(rawValue: agentAdvice.name) ?? .agent)
    c.live = try liveConfiguration(file: file, agent: c.pricing, now: c.now)
    if let problem = c.problems().first {
      throw ValidationError("\(problem.option) \(problem.value): \(problem.reason)")
    }
    return c
  }

  /// Where the server listens and how much work it takes on.
  private func limits() throws -> ServerConfiguration {
    var c = ServerConfiguration()
    c.host = host
    c.port = port
    if let workers { c.workers = workers }
    if let inlineSims { c.inlineSimulations = inlineSims }
    if let ioThreads { c.ioThreads = ioThreads }
    c.threadsPerRequest = threadsPerRequest
    c.queueLimit = queue
    guard deadline.isFinite, deadline > 0 else {
      throw ValidationError("--deadline \(deadline): must be a positive number of seconds")
    }
    c.deadline = .milliseconds(Int64(min(deadline, 1e7) * 1000))
    c.maxBodyBytes = maxBody
    // A number of seconds here; its range is the configuration's to check (`connectionProblems`).
    func seconds(_ flag: String, _ value: Double) throws -> Duration {
      guard value.isFinite else { throw ValidationError("\(flag) \(value): must be a number of seconds") }
      return .milliseconds(Int64(max(-1e7, min(value, 1e7)) * 1000))
    }
    c.idleTimeout = try seconds("--idle-timeout", idleTimeout)
    c.bodyTimeout = try seconds("--body-timeout", bodyTimeout)
    c.firstRequestTimeout = try seconds("--first-request-timeout", firstRequestTimeout)
    c.maxConnections = maxConnections
    c.maxConnectionsPerClient = maxConnectionsPerClient
    c.maxInFlightPerClient = maxInFlightPerClient
    c.maxSimulations = maxSims
    c.maxTotalSimulations = maxTotalSims
    return c
  }

  /// Who may call (API keys, browser origins) and the live endpoints' clock.
  private func access(_ c: inout ServerConfiguration) throws {
    if let apiKeys {
      let text: String
      do { text = try String(contentsOfFile: apiKeys, encoding: .utf8) } catch {
        throw ValidationError("--api-keys \(apiKeys): cannot be read (\(error.localizedDescription))")
      }
      c.apiKeys = APIKeys.parse(text)
    }
    if !corsOrigin.isEmpty { c.corsOrigins = corsOrigin.flatMap { $0.split(separator: ",").map(String.init) } }
    if let now {
      guard let date = Timestamp.parse(now) else {
        throw ValidationError("--now \(now): must be an ISO 8601 date-time (2026-03-31T23:00:00Z)")
      }
      c.now = date
    }
  }

  /// The live slate's sources and what it prices on: the model's fit on its projections, its
  /// advice pooled with the market at the fit's weights. Nil without --odds.
  private func liveConfiguration(file: ConfigFile?, agent: PricingContext, now: Date?) throws
    -> LiveSourceConfiguration?
  {
    let resolved = try modelFile.choice(config: file).context(projections: results != nil ? .ratings : .stats)
    guard let odds else {
      if stats != nil || statsFrom != nil || results != nil || asOf != nil || !sharpBooks.isEmpty || refresh != nil
        || staleAfter != nil || scoreboard != nil || maxFeedBytes != nil || maxFeedEvents != nil
      {
        throw ValidationError(
          "--stats, --stats-from, --results, --as-of, --scoreboard, --sharp, --refresh, --stale-after, --max-feed-bytes and --max-feed-events go with --odds FEED."
        )
      }
      return nil
    }
    // A source that can never be read is refused now, not at every refresh.
    for (option, source) in liveSources {
      if let problem = source.problem { throw ValidationError("\(option) \(problem)") }
    }
    var live = LiveSourceConfiguration(odds: odds)
    live.stats = stats
    live.statsFrom = statsFrom
    live.results = results
    live.asOf = try asOf.map(AsOfText.scheduleDay)
    live.scoreboard = scoreboard
    let refresh = self.refresh ?? 60
    guard refresh.isFinite else { throw ValidationError("--refresh \(refresh): must be a number of seconds") }
    // Out of range stays out of range (the configuration's check names it), within Int64's reach.
    live.refresh = .milliseconds(Int64(max(-1e7, min(refresh, 1e7)) * 1000))
    let stale = staleAfter ?? max(600, 2 * refresh)
    guard stale.isFinite else { throw ValidationError("--stale-after \(stale): must be a number of seconds") }
    live.staleAfter = .milliseconds(Int64(max(-1e7, min(stale, 1e7)) * 1000))
    live.sharpBooks = try FairPolicyOptions.sharp(sharpBooks) ?? file?.sharpBooks
    live.fees = file?.fees
    if let maxFeedBytes { live.maxFeedBytes = maxFeedBytes }
    if let maxFeedEvents { live.maxFeedEvents = maxFeedEvents }
    live.pricing = PricingContext(context: resolved.context, model: resolved.model, advice: resolved.policy, agentAdvice: agent.agentAdvice)
    live.now = now
    return live
  }

  func validate() throws {
    guard Logger.Level(rawValue: logLevel) != nil else {
      throw ValidationError("--log-level \(logLevel): must be trace, debug, info, notice, warning, error or critical")
    }
    guard Self.canListen(on: host) else {
      throw ValidationError("--host \(host): not an IPv4 or IPv6 address, nor a name this machine resolves")
    }
    _ = try configuration()
  }

  /// Whether `host` is an address to listen on: an IP literal, or a name the resolver knows
  /// (refused here in words, rather than as the socket library's `UnknownHost` at bind time).
  static func canListen(on host: String) -> Bool {
    var hints = addrinfo()
    hints.ai_flags = AI_PASSIVE
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var found: UnsafeMutablePointer<addrinfo>?
    defer { if let found { freeaddrinfo(found) } }
    return getaddrinfo(host, nil, &hints, &found) == 0
  }

  /// The live sources given, each with its option.
  var liveSources: [(option: String, source: InputSource)] {
    [("--odds", odds), ("--stats", stats), ("--stats-from", statsFrom), ("--results", results), ("--scoreboard", scoreboard)]
      .compactMap { option, value in
        value.map { (option, InputSource($0)) }
      }
  }

  func run() async throws {
    var logger = Logger(label: "mcsim.serve")
    logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
    // The model, config and trade pool files may be URLs, whose reads block their thread.
    let command = self
    // A live source that is a local file must be there: serve exits 1 on a missing input, as every
    // other command does, rather than start and answer 503 until someone notices.
    for (option, source) in liveSources {
      if case .file(let path) = source, !FileManager.default.fileExists(atPath: path) {
        throw CLIError.badInput("\(option) \(path)", SourceError("no such file"))
      }
    }
    let server = try await BlockingReads.run { [logger] in try MCSimServer(try command.configuration(), logger: logger) }
    let host = host
    try await server.run { port in
      FileHandle.standardOutput.write(Data("mcsim serve: listening on http://\(host):\(port)\n".utf8))
    }
  }
}
