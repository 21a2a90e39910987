import ArgumentParser
import Foundation
import LineFeeds
import UseCases

/// `mcsim merge PARTS...`: the output of a run split with `--shard K/N`, exactly as the single
/// run prints it (docs/shards.md).
struct MergeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge",
    abstract: "Merges the partial results of a sharded run and prints what the single run prints.",
    discussion: """
      PARTS are partial files, directories of them (every *.part inside) or shell globs. They \
      must be every shard of one run (same command, seed and mcsim version), each once; the \
      order does not matter. The run's inputs (slate files, feeds) are read again from the \
      paths the shards were given, and must be unchanged; merge reads no input behind a URL \
      (save the feed and run the shards on the file). Examples:
        mcsim run --line 225.5 --home 115 --away 112 --sims 1000000000 --seed 7 --json --shard 0/2 --partial a.part
        mcsim run --line 225.5 --home 115 --away 112 --sims 1000000000 --seed 7 --json --shard 1/2 --partial b.part
        mcsim merge a.part b.part
      Exit status: that of the merged run (0, or 3 for a slate with failed games); 1 for a \
      missing, repeated, corrupt or foreign part, named.
      """)

  @Argument(help: "Partial files, directories of them, globs, http(s) URLs, or - for one part on standard input.")
  var parts: [String]

  @Option(
    parsing: .unconditional,
    help: "Seconds the whole merge may take; beyond it merge stops with an error, whatever the parts ask.")
  var deadline: Double = 600

  func validate() throws {
    guard deadline.isFinite, deadline > 0 else { throw ValidationError("--deadline \(deadline): must be a number of seconds above 0") }
  }

  func run() throws {
    let inTime = startDeadline()
    var merge = PartialMerge()
    for (k, path) in try Self.expand(parts).enumerated() {
      let source = InputSource(path)
      let data: Data
      // Named by its place too: a URL is shown by its host and fingerprint only.
      do { data = try source.read() } catch { throw CLIError.fail("part \(k + 1), \(source): \(error)", code: .failure) }
      do { try merge.add(source.description, data: data) } catch { throw CLIError.fail(error.description, code: .failure) }
      try inTime()
    }
    let merged = try CLIError.failing { try merge.result() }
    guard let name = merged.command.first, ["run", "slate", "sweep"].contains(name) else {
      throw CLIError.fail("the parts record '\(merged.command.first ?? "")', which merge cannot replay", code: .failure)
    }
    // A part is data: options that make a run go on (--watch polls a feed until stopped) are
    // refused, and those that write files are dropped (ShardOptions.notReplayed).
    if let option = merged.command.first(where: { a in ShardOptions.neverMerged.contains { a == $0 || a.hasPrefix($0 + "=") } }) {
      throw CLIError.fail("the parts record \(option), which a merge never runs: a shard's run has no such option", code: .failure)
    }
    if let url = ShardOptions.networkSource(in: merged.command) {
      throw CLIError.fail(
        "the parts record \(url), a source behind a URL: merge reads only local files; run the shards on a saved copy",
        code: .failure)
    }
    let command = try MCSim.parseAsRoot(ShardOptions.commandWithoutShardOptions(merged.command))
    guard let replayable = command as? ShardedCommand else {
      throw CLIError.fail("the parts record '\(name)', which merge cannot replay", code: .failure)
    }
    // Each simulate call of the replay is checked against the models the shards recorded: an
    // input changed since (a slate's rho) is refused, naming the parts, before anything is printed.
    let names = merge.names
    let source = names.count <= 3 ? names.joined(separator: ", ") : "\(names[0]) and \(names.count - 1) other parts"
    let replay = ShardExecution.replaying(merged.calls, digests: merged.digests, source: source)
    try inTime()
    try replayable.execute(replay)
    if replay.remaining != 0 {
      throw CLIError.fail("the parts hold \(replay.remaining) more simulations than the run asked for", code: .failure)
    }
  }

  /// The merge's deadline, started now: the returned check throws once it has passed (called
  /// between the steps), and a step that blocks past it (a read of standard input) ends the
  /// process with the same error.
  private func startDeadline() -> () throws -> Void {
    let stop = ContinuousClock.now + .milliseconds(Int64(min(deadline, 1e9) * 1000))
    let limit = deadline
    DispatchQueue.global().asyncAfter(deadline: .now() + limit + 0.5) {
      FileHandle.standardError.write(Data("Error: \(Self.late(limit))\n".utf8))
      Foundation.exit(ExitCode.failure.rawValue)
    }
    return { if ContinuousClock.now > stop { throw CLIError.fail(Self.late(limit), code: .failure) } }
  }

  static func late(_ limit: Double) -> String { "merge did not finish within \(limit) s (--deadline)" }

  /// Files, directories (their *.part files) and the files matching globs, in sorted order; URLs
  /// and `-` as given.
  static func expand(_ arguments: [String]) throws -> [String] {
    var out: [String] = []
    for a in arguments {
      if case .file = InputSource(a) {
      } else {
        out.append(a)
        continue
      }
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: a, isDirectory: &isDirectory), isDirectory.boolValue {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: a)) ?? []
        out += names.filter { $0.hasSuffix(".part") }.sorted().map { (a as NSString).appendingPathComponent($0) }
      } else if a.contains("*") || a.contains("?") {
        let dir = (a as NSString).deletingLastPathComponent, pattern = (a as NSString).lastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.isEmpty ? "." : dir)) ?? []
        let matches = names.filter { fnmatch(pattern, $0, 0) == 0 }.sorted()
        guard !matches.isEmpty else { throw CLIError.fail("\(a): matches no file", code: .failure) }
        out += matches.map { dir.isEmpty ? $0 : (dir as NSString).appendingPathComponent($0) }
      } else {
        out.append(a)
      }
    }
    guard !out.isEmpty else { throw CLIError.fail("no partial files found", code: .failure) }
    return out
  }
}
