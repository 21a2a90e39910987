import Foundation
import LineFeeds
import UseCases

/// What `mcsim serve` was asked to do: where it listens, how much work it accepts, and where the
/// live endpoints (tonight's totals, FairBet) read their lines. Validated once, at start.
package struct ServerConfiguration: Sendable {
  package var host = "127.0.0.1"
  package var port = 8001
  /// Simulations that run at once (the pool's threads); the cores by default.
  package var workers = ProcessInfo.processInfo.activeProcessorCount
  /// Threads one request's simulation may use. 1 keeps every core busy with its own request.
  package var threadsPerRequest = 1
  /// Jobs of at most this many simulated games (about 1.5 ms of work) run on their request's own
  /// task once admitted, saving the hop to a pool thread and back; longer ones on the pool's
  /// threads, and every job at 0. Admission still bounds how many run at once, so /health waits
  /// at most one such job. With one IO thread it gave 3,490 req/s against 2,735 for the pool at
  /// about the same p99 (33.6 against 30.5 ms; `Benchmarks --filter serve` measures both).
  package var inlineSimulations = 200_000
  /// Threads of the HTTP event loops: a quarter of the cores, at least one. Reading and writing
  /// bodies is little work next to a simulation, and on 2 cores a second event loop spread
  /// wrk's 64 connections unevenly: p99 rose from 34 to 101 ms at the same req/s.
  package var ioThreads = max(1, ProcessInfo.processInfo.activeProcessorCount / 4)
  /// Requests that may wait for a worker; beyond it the server answers 503 with Retry-After.
  package var queueLimit = 256
  /// The longest a request waits for a worker before it is answered 503.
  package var deadline: Duration = .seconds(10)
  /// The largest request body accepted (413 beyond).
  package var maxBodyBytes = 1 << 20
  /// A connection silent this long is closed: an idle keep-alive one, one whose request line or
  /// headers stopped half-way (the whole head must arrive within it), one whose body stopped.
  package var idleTimeout: Duration = .seconds(30)
  /// The longest a request body may take to arrive in all (408 beyond), so a client dripping
  /// a byte at a time cannot hold a connection for longer than this plus `idleTimeout`.
  package var bodyTimeout: Duration = .seconds(30)
  /// Connections open at once; beyond it the server stops accepting until one closes, so held
  /// connections cannot use up the process's file handles (20,000 here by default).
  package var maxConnections = 1_000
  /// Connections one client address may hold at once; beyond it its new connections are closed
  /// as they open, so one client cannot use up `maxConnections`.
  package var maxConnectionsPerClient = 128
  /// Heavy jobs (beyond `inlineSimulations`) one client address may have running or waiting.
  package var maxInFlightPerClient = 16
  /// A connection that sends no byte this long after it opens is closed (a request's first
  /// bytes come at once; `idleTimeout` is for keep-alive between requests).
  package var firstRequestTimeout: Duration = .seconds(5)
  /// The most simulations one game of a request may ask for (422 beyond, naming the ceiling).
  package var maxSimulations = 10_000_000
  /// The most simulations one request may ask for in all (a batch's games x n_sims; 422 beyond,
  /// naming the ceiling), so a 500-game batch cannot ask for 500 x `maxSimulations`.
  package var maxTotalSimulations = 100_000_000
  /// The seed of every request that does not give its own: same body, same answer.
  package var seed: UInt64 = 20_240_101
  /// Where `GET /api/tonight/totals` and `GET /api/fairbet/odds` read their lines; nil answers 503.
  package var live: LiveSourceConfiguration?
  /// The AFL player pool for the iOS trade request (ids -> players); nil refuses that shape.
  package var tradePool: String?
  /// What the agent's endpoints price on: the model a request's games start from (the agent's,
  /// or a model file's with `--model FILE`; a request's own fields win over it), the quarter
  /// model of `state` and `period_lines` (the model file's, else the shipped model's; none with
  /// `--model seed`), the advice policy (docs/one-game.md, "Advice"; a config file sets it) and
  /// whose rules fill the agent's advice fields (`--agent-advice`).
  package var pricing = PricingContext()
  /// The keys a client must send in `X-API-Key` on every `/api/` route (`--api-keys FILE`); nil
  /// leaves the routes open. `/health` is always open.
  package var apiKeys: Set<String>?
  /// Browser origins answered with CORS headers and preflights (`--cors-origin`): the agent's
  /// web front end by default.
  package var corsOrigins = ["http://localhost:3000"]
  /// The clock of the live endpoints' windows (`--now`): today's games, FairBet's pre-game bets
  /// (games not started), its in-play games (started less than 4 h ago). Nil: the real clock.
  package var now: Date?
  package init() {}

  /// The time now, as the live endpoints read it.
  package func clock() -> Date { now ?? Date() }

  /// The connections' limits and timeouts that are out of range.
  func connectionProblems() -> [(option: String, value: String, reason: String)] {
    var out: [(String, String, String)] = []
    if idleTimeout < .seconds(1) || idleTimeout > .seconds(3600) {
      out.append(("--idle-timeout", "\(idleTimeout)", "must be in 1...3600 seconds"))
    }
    if bodyTimeout < .seconds(1) || bodyTimeout > .seconds(3600) {
      out.append(("--body-timeout", "\(bodyTimeout)", "must be in 1...3600 seconds"))
    }
    if !(1...1_000_000).contains(maxConnections) {
      out.append(("--max-connections", "\(maxConnections)", "must be in 1...1000000"))
    }
    if !(1...1_000_000).contains(maxInFlightPerClient) {
      out.append(("--max-in-flight-per-client", "\(maxInFlightPerClient)", "must be in 1...1000000"))
    }
    if !(1...1_000_000).contains(maxConnectionsPerClient) {
      out.append(("--max-connections-per-client", "\(maxConnectionsPerClient)", "must be in 1...1000000"))
    }
    if firstRequestTimeout < .seconds(1) || firstRequestTimeout > .seconds(3600) {
      out.append(("--first-request-timeout", "\(firstRequestTimeout)", "must be in 1...3600 seconds"))
    }
    return out
  }

  /// Every option that is out of range, by its flag name.
  package func problems() -> [(option: String, value: String, reason: String)] {
    var out: [(String, String, String)] = []
    if !(0...65_535).contains(port) { out.append(("--port", "\(port)", "must be in 0...65535")) }
    if !(1...256).contains(workers) { out.append(("--workers", "\(workers)", "must be in 1...256")) }
    if !(0...10_000_000).contains(inlineSimulations) {
      out.append(("--inline-sims", "\(inlineSimulations)", "must be in 0...10000000"))
    }
    if !(1...256).contains(ioThreads) { out.append(("--io-threads", "\(ioThreads)", "must be in 1...256")) }
    if !(1...256).contains(threadsPerRequest) {
      out.append(("--threads-per-request", "\(threadsPerRequest)", "must be in 1...256"))
    }
    if !(0...100_000).contains(queueLimit) { out.append(("--queue", "\(queueLimit)", "must be in 0...100000")) }
    if deadline <= .zero || deadline > .seconds(3600) {
      out.append(("--deadline", "\(deadline)", "must be in (0, 3600] seconds"))
    }
    if !(1_024...(256 << 20)).contains(maxBodyBytes) {
      out.append(("--max-body", "\(maxBodyBytes)", "must be in 1024...268435456 bytes"))
    }
    out += connectionProblems()
    if !(1...1_000_000_000).contains(maxSimulations) {
      out.append(("--max-sims", "\(maxSimulations)", "must be in 1...1000000000"))
    }
    if !(1...100_000_000_000).contains(maxTotalSimulations) {
      out.append(("--max-total-sims", "\(maxTotalSimulations)", "must be in 1...100000000000"))
    }
    if let live { out += live.problems() }
    if let apiKeys, apiKeys.isEmpty { out.append(("--api-keys", "(no key)", "the file holds no key")) }
    for origin in corsOrigins where !(origin.hasPrefix("http://") || origin.hasPrefix("https://")) || origin.hasSuffix("/") {
      out.append(("--cors-origin", origin, "must be an origin: scheme and host, optionally a port, no path (http://localhost:3000)"))
    }
    return out
  }
}

/// The configured line source of the live endpoints: an odds feed, team stats, a refresh interval.
package struct LiveSourceConfiguration: Sendable {
  /// An odds feed: a file or an http(s) URL (The Odds API or the agent's feed).
  package var odds: String
  /// Team stats as JSON (a file or URL) ...
  package var stats: String?
  /// ... or season-to-date stats computed from a results CSV (file or URL).
  package var statsFrom: String?
  /// ... or team ratings fitted on a results CSV (file or URL) as of the night (`--results`).
  package var results: String?
  /// The night the stats are taken before (`--stats-from`), ISO date; today when nil.
  package var asOf: String?
  /// A live scoreboard (ESPN's NBA scoreboard JSON: a file or URL), read with the feed on each
  /// refresh: the games it shows under way are priced in play.
  package var scoreboard: String?
  package var refresh: Duration = .seconds(60)
  /// Lines older than this turn health to `degraded` (they are still served, with their age).
  package var staleAfter: Duration = .seconds(600)
  /// The most bytes a reading of the odds feed or the scoreboard may take (8 MiB: a night's NBA
  /// feed with every book and period market is well under 1 MiB); a larger one is refused
  /// before it is read whole, and the last good lines stay.
  package var maxFeedBytes = Self.defaultMaxFeedBytes
  package static let defaultMaxFeedBytes = 8 << 20
  /// The most events a feed may list (500: a week of NBA games is about 100); more are refused
  /// before anything is priced, and the last good lines stay.
  package var maxFeedEvents = Self.defaultMaxFeedEvents
  package static let defaultMaxFeedEvents = 500
  /// Sharp books of the fair-odds reference; the documented default when nil.
  package var sharpBooks: [String]?
  /// Commission on winnings by book (a config's `fees`); none when nil.
  package var fees: [String: Double]?
  /// What the live slate prices on: the model's fit on its projections (the ratings' settings,
  /// the stats formula's shift), its advice pooled at the fit's weights.
  package var pricing = PricingContext()
  /// The server's pinned clock (`--now`), nil for the real one: "today" of the tonight slate.
  package var now: Date?
  /// What reads the sources named above: files and URLs, or bytes held in memory by those names
  /// (`InMemoryInputs`).
  package var reader: any LiveInputReader = SourceReader()
  package init(odds: String) { self.odds = odds }

  func problems() -> [(option: String, value: String, reason: String)] {
    var out: [(String, String, String)] = []
    let given = [("--stats", stats), ("--stats-from", statsFrom), ("--results", results)].filter { $0.1 != nil }
    if given.isEmpty {
      out.append(("--odds", odds, "needs projections: give --stats FILE, --stats-from CSV or --results CSV"))
    }
    if given.count > 1 {
      out.append((given[1].0, given[1].1!, "give one of --stats, --stats-from and --results"))
    }
    if refresh < .seconds(1) || refresh > .seconds(86_400) {
      out.append(("--refresh", "\(refresh)", "must be in 1...86400 seconds"))
    }
    if maxFeedBytes < 1 { out.append(("--max-feed-bytes", "\(maxFeedBytes)", "must be at least 1")) }
    if maxFeedEvents < 1 { out.append(("--max-feed-events", "\(maxFeedEvents)", "must be at least 1")) }
    if staleAfter < refresh || staleAfter > .seconds(7 * 86_400) {
      out.append(("--stale-after", "\(staleAfter)", "must be at least --refresh and at most 604800 seconds"))
    }
    return out
  }
}
