import Foundation
import LineFeeds
import ServiceContracts
import Simulation
import UseCases

/// `mcsim serve` under load, against the FastAPI + NumPy peer of the agent's simulate endpoint,
/// both loaded by the same generator (wrk, 2 threads, 64 connections) in the same run, each in
/// its own process as users run them, neither writing request logs:
/// requests/s and p50/p99 latency for simulate at 10^4 simulations (no scenarios, no
/// sensitivity) and, for mcsim, a batch of 15 games at 10^4 each. 20 s per load (5 s quick).
/// Skipped with the reason when wrk or the peer's packages are missing (scripts/setup.sh and
/// Benchmarks/peers/setup.sh install them).
enum ServeLoad {
  struct Result {
    let requestsPerSecond: Double
    let p50: Double
    let p99: Double
    let non2xx: Int
  }

  static let simulateBody =
    #"{"home_projection": 115, "away_projection": 112, "total_line": 225.5, "n_sims": 10000, "include_scenarios": false, "include_sensitivity": false}"#
  /// The request the agent's clients send by default (Scenarios/simulate_request.json):
  /// scenarios and sensitivity on, 10^4 games.
  static let defaultBody =
    #"{"home_projection": 112.5, "away_projection": 108.3, "home_std_dev": 10.0, "away_std_dev": 10.0, "total_line": 220.5, "over_odds": 1.91, "under_odds": 1.91, "n_sims": 10000, "include_scenarios": true, "include_sensitivity": true}"#

  /// The peers' 15-game slate between real NBA teams (the batch refuses an unknown team as that
  /// game's error, and an erring game simulates nothing).
  static var batchBody: String {
    let teams = TeamDirectory.nba.map(\.abbreviation)
    let games = Peers.slate.enumerated().map { i, g in
      #"{"game_id": "g\#(i)", "home_team_abbr": "\#(teams[2 * i])", "away_team_abbr": "\#(teams[2 * i + 1])", "home_ppg": \#(g.0), "home_opp_ppg": \#(g.0), "away_ppg": \#(g.1), "away_opp_ppg": \#(g.1), "total_line": \#(g.2)}"#
    }
    return #"{"n_sims": 10000, "games": [\#(games.joined(separator: ", "))]}"#
  }

  static func which(_ tool: String) -> Bool {
    ["/usr/bin/", "/usr/local/bin/", "/bin/"].contains { FileManager.default.isExecutableFile(atPath: $0 + tool) }
  }

  /// Runs wrk against `url` with a POST of `body` (2 threads, 64 connections unless given);
  /// nil (with the reason printed) on failure.
  static func wrk(_ url: String, body: String, seconds: Int, threads: Int = 2, connections: Int = 64) -> Result? {
    let script = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-wrk-\(UUID().uuidString).lua")
    let escaped = body.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
    try? "wrk.method = 'POST'\nwrk.body = '\(escaped)'\nwrk.headers['Content-Type'] = 'application/json'\n"
      .write(to: script, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: script) }
    let run = Shell.run(["wrk", "-t\(threads)", "-c\(connections)", "-d\(seconds)s", "--timeout", "10s", "--latency", "-s", script.path, url])
    guard run.status >= 0 else { return nil }
    let text = run.output
    func number(after label: String) -> String? {
      text.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(label) }?
        .split(separator: " ", omittingEmptySubsequences: true).dropFirst(label.split(separator: " ").count).first.map(String.init)
    }
    func milliseconds(_ s: String?) -> Double? {
      guard let s else { return nil }
      for (unit, scale) in [("us", 1e-3), ("ms", 1.0), ("s", 1e3)] where s.hasSuffix(unit) {
        return Double(s.dropLast(unit.count)).map { $0 * scale }
      }
      return nil
    }
    guard let rps = number(after: "Requests/sec:").flatMap(Double.init), let p50 = milliseconds(number(after: "50%")),
      let p99 = milliseconds(number(after: "99%"))
    else {
      print("  (wrk output not understood: \(text.split(separator: "\n").last ?? ""))")
      return nil
    }
    let non2xx = number(after: "Non-2xx or 3xx responses:").flatMap(Int.init) ?? 0
    return Result(requestsPerSecond: rps, p50: p50, p99: p99, non2xx: non2xx)
  }

  /// A running `mcsim serve`: the shipped binary in its own process, as users run it.
  struct Server {
    let process: Process
    let port: Int
    var base: String { "http://127.0.0.1:\(port)" }
    func stop() {
      process.terminate()
      process.waitUntilExit()
    }
  }

  /// The mcsim binary, built by SwiftPM in this run (a second or two when it is up to date), so
  /// the figures are the current source's; nil, with the reason printed, when it cannot be.
  static func binary() -> URL? {
    let build = Shell.run(["swift", "build", "-c", "release", "--product", "mcsim"])
    guard build.status == 0 else {
      print("  (could not build mcsim: \(build.output.split(separator: "\n").last ?? ""))")
      return nil
    }
    let path = Shell.run(["swift", "build", "-c", "release", "--show-bin-path"]).output
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let url = URL(fileURLWithPath: path).appendingPathComponent("mcsim")
    return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
  }

  /// Starts `mcsim serve` on a free port with `options`, without request logs (as the peer
  /// runs), and reads the port from its first line.
  static func startServer(_ binary: URL, _ options: [String] = []) -> Server? {
    let process = Process()
    process.executableURL = binary
    process.arguments = ["serve", "--port", "0", "--log-level", "warning", "--queue", "4096"] + options
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    var line = ""
    while !line.contains("\n") {
      let chunk = out.fileHandleForReading.availableData
      guard !chunk.isEmpty else { break }
      line += String(decoding: chunk, as: UTF8.self)
    }
    // "mcsim serve: listening on http://127.0.0.1:PORT"
    guard let port = line.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
    else {
      process.terminate()
      return nil
    }
    return Server(process: process, port: port)
  }

  /// Starts the FastAPI peer (uvicorn, one worker per core) and waits for its health endpoint.
  static func startPeer(port: Int) -> Process? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      Peers.python, "-m", "uvicorn", "fastapi_peer:app", "--app-dir", "Benchmarks/peers", "--host", "127.0.0.1",
      "--port", "\(port)", "--workers", "\(ProcessInfo.processInfo.activeProcessorCount)", "--log-level", "warning",
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    for _ in 0..<100 {
      Thread.sleep(forTimeInterval: 0.2)
      // Foundation alone reads no http URL on Linux (that is FoundationNetworking, which mcsim
      // no longer links): the feeds' fetcher asks.
      let health = HTTPFetcher(policy: .init(timeout: 1, retries: 0))
      if let data = try? health.get(URL(string: "http://127.0.0.1:\(port)/health")!), !data.isEmpty { return process }
    }
    process.terminate()
    return nil
  }
}

extension BenchmarkSuite {
  static let serve = BenchmarkSuite(name: "serve") { context in
    guard ServeLoad.which("wrk") else {
      print("  (wrk not found: `bash scripts/setup.sh` installs it; skipping the load test)")
      return
    }
    let seconds = context.quick ? 5 : 20
    // wrk's 64 connections come from one address, as a reverse proxy's would: the per-client
    // cap on heavy jobs is raised to the connections, as docs/serving.md says to behind a proxy
    // (at the default 16, most of the batch load is answered 429).
    guard let binary = ServeLoad.binary(), let server = ServeLoad.startServer(binary, ["--max-in-flight-per-client", "64"]) else {
      print("  (mcsim's server did not start)")
      return
    }
    defer { server.stop() }
    let port = server.port
    let base = server.base
    var peerRPS: Double?
    var peerDefaultRPS: Double?
    let peerInstalled = Peers.available("fastapi") && Peers.available("uvicorn")
    if peerInstalled, let peer = ServeLoad.startPeer(port: port + 1) {
      defer { peer.terminate() }
      for (name, body) in [
        ("FastAPI + NumPy peer, simulate 10^4, 64 connections", ServeLoad.simulateBody),
        ("FastAPI + NumPy peer, the agent's default request", ServeLoad.defaultBody),
      ] {
        guard let r = ServeLoad.wrk("http://127.0.0.1:\(port + 1)/api/monte-carlo/simulate", body: body, seconds: seconds)
        else { continue }
        if body == ServeLoad.simulateBody { peerRPS = r.requestsPerSecond } else { peerDefaultRPS = r.requestsPerSecond }
        context.record(
          suite: "serve", name: name, unit: "req/s", samples: [r.requestsPerSecond],
          note: String(format: "p50 %.2f ms, p99 %.2f ms, non-2xx %d", r.p50, r.p99, r.non2xx))
      }
      peer.terminate()
      peer.waitUntilExit()
    } else if peerInstalled {
      print("  (the FastAPI peer did not answer /health within 20 s; no peer figure)")
    } else {
      print("  (fastapi/uvicorn not found: `bash Benchmarks/peers/setup.sh`; no peer figure)")
    }
    // The same load with every job on the pool's threads (--inline-sims 0): what running short
    // jobs on their request's task (the default) gains or costs, in this run.
    if let pooled = ServeLoad.startServer(binary, ["--inline-sims", "0", "--max-in-flight-per-client", "64"]) {
      let r = ServeLoad.wrk(pooled.base + "/api/monte-carlo/simulate", body: ServeLoad.simulateBody, seconds: seconds)
      pooled.stop()
      if let r {
        context.record(
          suite: "serve", name: "mcsim serve, simulate 10^4, --inline-sims 0", unit: "req/s",
          samples: [r.requestsPerSecond],
          note: String(format: "p50 %.2f ms, p99 %.2f ms, non-2xx %d", r.p50, r.p99, r.non2xx))
      }
    }
    // Every game of the batch must be priced, or the load would measure refusals.
    if let file = try? SlateFile.decode(Data(ServeLoad.batchBody.utf8), base: GameModel(homeMean: 0, awayMean: 0)) {
      let refused = SlateAssembly.fromEntries(file.entries).games.compactMap(\.problem)
      precondition(refused.isEmpty, "the batch body's games are refused: \(refused)")
    }
    var leanRPS: Double?
    for (name, path, body) in [
      ("mcsim serve, simulate 10^4, 64 connections", "/api/monte-carlo/simulate", ServeLoad.simulateBody),
      ("mcsim serve, the agent's default request (scenarios + sensitivity)", "/api/monte-carlo/simulate", ServeLoad.defaultBody),
      ("mcsim serve, batch of 15 games x 10^4, 64 connections", "/api/monte-carlo/batch", ServeLoad.batchBody),
    ] {
      guard let r = ServeLoad.wrk(base + path, body: body, seconds: seconds) else { continue }
      // req/s grows with speed, so the ratio to the peer goes in the note (the harness's
      // baseline ratio is for times); the default request's also to the lean one's.
      var ratios = ""
      if body == ServeLoad.simulateBody {
        leanRPS = r.requestsPerSecond
        if let peerRPS { ratios = String(format: "; %.1fx the peer's req/s", r.requestsPerSecond / peerRPS) }
      } else if body == ServeLoad.defaultBody {
        if let leanRPS { ratios += String(format: "; %.3f of the lean request's req/s", r.requestsPerSecond / leanRPS) }
        if let peerDefaultRPS { ratios += String(format: "; %.1fx the peer's req/s on it", r.requestsPerSecond / peerDefaultRPS) }
      }
      context.record(
        suite: "serve", name: name, unit: "req/s", samples: [r.requestsPerSecond],
        note: String(format: "p50 %.2f ms, p99 %.2f ms, non-2xx %d", r.p50, r.p99, r.non2xx) + ratios)
    }
  }
}
