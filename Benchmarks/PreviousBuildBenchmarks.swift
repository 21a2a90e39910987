import Foundation

/// The user's jobs, this build beside a previous build's binary (MCSIM_PREVIOUS_BINARY, built by
/// scripts/build-previous.sh), in the same run, each as users run them: one game at 10^4 and 10^7
/// simulations (`mcsim run`), the 15-game slate of a slate file (`mcsim slate`), the agent's
/// default request (`POST /api/monte-carlo/simulate` to a running `serve`, scenarios and
/// sensitivity on), and a live refresh's job (`mcsim slate --odds FEED --stats STATS`: the feed
/// read, its games projected from the stats and priced). The two binaries' samples alternate, so a
/// drift of the machine falls on both; the ratio is this build's median over the previous one's
/// (issue 43: none above 1.03). Both price the same model: the previous build's default, the
/// seed's normal model, which this build takes as `--model seed` (its own default, the shipped
/// skew-normal model, grades on exact skew-normal distributions: a cost of the default, measured
/// beside as "this build's default"). Skipped, saying so, without MCSIM_PREVIOUS_BINARY.
extension BenchmarkSuite {
  static let previousBuild = BenchmarkSuite(name: "previous-build") { context in
    guard let previous = ProcessInfo.processInfo.environment["MCSIM_PREVIOUS_BINARY"] else {
      print("  (skipped: set MCSIM_PREVIOUS_BINARY to a previous build's mcsim; scripts/build-previous.sh COMMIT builds one)")
      return
    }
    guard let binary = ServeLoad.binary() else { return }
    let slate = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-previous-slate-\(UUID().uuidString).json")
    let games = Peers.slate.enumerated().map { i, g in
      #"{"game_id": "g\#(i)", "home_projection": \#(g.0), "away_projection": \#(g.1), "total_line": \#(g.2)}"#
    }
    try? #"{"games": [\#(games.joined(separator: ", "))]}"#.write(to: slate, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: slate) }
    let game = ["run", "--line", "225.5", "--home", "115", "--away", "112", "--seed", "1", "--sims"]
    let jobs: [(name: String, arguments: [String], repeats: Int)] = [
      ("run, one game at 10^4", game + ["10000"], 15),
      ("run, one game at 10^7", game + ["10000000"], 5),
      ("slate file, 15 games at 10^4", ["slate", slate.path, "--seed", "1", "--sims", "10000"], 9),
      (
        "live refresh's job (slate --odds --stats)",
        [
          "slate", "--odds", "Scenarios/feed_odds_api_nba.json", "--stats", "Scenarios/feed_team_stats.json", "--seed", "1",
        ], 9
      ),
    ]
    for job in jobs {
      let (current, before) = alternating(job.repeats) {
        spawnAndWait(binary.path, job.arguments + ["--model", "seed"])
      } _: {
        spawnAndWait(previous, job.arguments)
      }
      let previousMedian = BenchmarkContext.median(before)
      context.record(
        suite: "previous-build", name: job.name, unit: "ms", samples: current, baseline: ("the previous build", previousMedian))
      let shipped = BenchmarkContext.time(repeats: 3, perItem: 1e6) { spawnAndWait(binary.path, job.arguments) }
      context.record(
        suite: "previous-build", name: "  this build's default (shipped model)", unit: "ms", samples: shipped,
        baseline: ("the previous build", previousMedian))
    }
    agentRequest(binary, URL(fileURLWithPath: previous), context: &context)
  }

  /// `repeats` timings (ms) of each of two bodies, alternating after one warm-up run each.
  static func alternating(_ repeats: Int, _ a: () -> Void, _ b: () -> Void) -> ([Double], [Double]) {
    a()
    b()
    var first: [Double] = [], second: [Double] = []
    for _ in 0..<repeats {
      first.append(milliseconds(a))
      second.append(milliseconds(b))
    }
    return (first, second)
  }

  static func milliseconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
  }

  /// The process run to its end, its output dropped (posix_spawn and waitpid: Foundation's
  /// Process waits in steps of about 50 ms); a run that fails stops the benchmark, so no error's
  /// time is taken for a job's.
  static func spawnAndWait(_ executable: String, _ arguments: [String]) {
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var pid: pid_t = 0
    precondition(posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0, "could not start \(executable)")
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    precondition(status == 0, "\(executable) \(arguments.joined(separator: " ")) failed (wait status \(status))")
  }

  /// The agent's default simulate request, one at a time (wrk, one connection), to each build's
  /// `serve` (both running), in 11 alternating 3-second loads: the median request's latency (5
  /// loads had spread 2.0-2.5 ms on a busy machine, wider than the 3% the check allows).
  static func agentRequest(_ binary: URL, _ previous: URL, context: inout BenchmarkContext) {
    guard ServeLoad.which("wrk") else {
      print("  (agent's request skipped: wrk is missing; scripts/setup.sh installs it)")
      return
    }
    guard let current = ServeLoad.startServer(binary), let before = ServeLoad.startServer(previous) else {
      print("  (could not start both servers)")
      return
    }
    defer {
      current.stop()
      before.stop()
    }
    func p50(_ server: ServeLoad.Server) -> Double {
      let r = ServeLoad.wrk(server.base + "/api/monte-carlo/simulate", body: ServeLoad.defaultBody, seconds: 3, threads: 1, connections: 1)
      precondition(r != nil && r!.non2xx == 0, "simulate did not answer 200")
      return r!.p50
    }
    var now: [Double] = [], then: [Double] = []
    _ = (p50(current), p50(before))
    for _ in 0..<11 {
      now.append(p50(current))
      then.append(p50(before))
    }
    context.record(
      suite: "previous-build", name: "agent's default simulate (serve, p50)", unit: "ms", samples: now,
      baseline: ("the previous build", BenchmarkContext.median(then)))
  }
}
