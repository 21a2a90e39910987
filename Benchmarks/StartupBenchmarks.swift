import Foundation

/// The whole process of a command, as a shell runs it: `mcsim --version` (loading and argument
/// parsing alone), the README's default `mcsim run` (the shipped model read, 10^5 games
/// simulated, the exact distribution of its skewed model, the report written) and the same
/// run without the exact distribution, each the median of 15 runs, against `/bin/true` spawned
/// the same way (the cost of a process and of the spawn itself). A previous build's binary
/// given as MCSIM_PREVIOUS_BINARY is measured beside, in the same run.
extension BenchmarkSuite {
  static let startup = BenchmarkSuite(name: "startup") { context in
    guard let binary = ServeLoad.binary() else { return }
    let runs = 15
    func wholeProcess(_ executable: String, _ arguments: [String]) -> [Double] {
      BenchmarkContext.time(repeats: runs, warmup: 2, perItem: 1e6) { spawnAndWait(executable, arguments) }
    }
    let floor = wholeProcess("/bin/true", [])
    let floorMs = BenchmarkContext.median(floor)
    context.record(suite: "startup", name: "/bin/true, spawned and waited for (baseline)", unit: "ms", samples: floor)
    let commands: [(String, [String])] = [
      ("mcsim --version", ["--version"]),
      ("mcsim run --line 225.5 --home 115 --away 112 (the default run)", ["run", "--line", "225.5", "--home", "115", "--away", "112"]),
      ("the default run with --no-exact", ["run", "--line", "225.5", "--home", "115", "--away", "112", "--no-exact"]),
    ]
    let previous = ProcessInfo.processInfo.environment["MCSIM_PREVIOUS_BINARY"]
    for (name, arguments) in commands {
      let samples = wholeProcess(binary.path, arguments)
      let median = BenchmarkContext.median(samples)
      let overFloor = String(format: "%.1fx /bin/true", median / floorMs)
      if let previous {
        let before = BenchmarkContext.median(wholeProcess(previous, arguments))
        context.record(
          suite: "startup", name: name, unit: "ms", samples: samples, baseline: ("the previous build", before), note: overFloor)
      } else {
        context.record(suite: "startup", name: name, unit: "ms", samples: samples, baseline: ("/bin/true", floorMs))
      }
    }
  }
}
