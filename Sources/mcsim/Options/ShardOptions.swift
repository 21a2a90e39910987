import ArgumentParser
import Foundation
import LineFeeds
import UseCases

/// `--shard K/N --partial FILE`: run only shard K of N of the run's simulation chunks and write
/// the partial result for `mcsim merge` (docs/shards.md). `--shard auto` reads K (and N) from
/// the batch engine's environment.
struct ShardOptions: ParsableArguments {
  @Option(help: "Run shard K of N (K from 0): K/N, or auto (Kubernetes JOB_COMPLETION_INDEX with --shards, Slurm SLURM_ARRAY_TASK_ID/COUNT).")
  var shard: String?

  @Option(parsing: .unconditional, help: "With --shard auto on Kubernetes: the number of shards (the Job's completions).")
  var shards: Int?

  @Option(help: "With --shard: where to write this shard's partial result.")
  var partial: String?

  func validate() throws {
    if shard != nil && partial == nil { throw ValidationError("--shard needs --partial FILE (where the shard's result goes).") }
    if shard == nil && (partial != nil || shards != nil) { throw ValidationError("--partial and --shards go with --shard.") }
  }

  /// The shard to run, nil for a whole run; `environment` is the process's (a parameter for tests).
  func resolved(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> (ShardExecution, String)? {
    guard let shard else { return nil }
    func make(_ k: Int, _ n: Int, _ source: String) throws -> (ShardExecution, String) {
      let execution = try CLIError.mapping({ try ShardExecution.recording(index: k, count: n) }) {
        ValidationError("--shard \(shard): \($0.value): \($0.reason)")
      }
      return (execution, source)
    }
    if shard == "auto" {
      if let k = environment["JOB_COMPLETION_INDEX"].flatMap(Int.init) {
        guard let n = shards else { throw ValidationError("--shard auto on Kubernetes (JOB_COMPLETION_INDEX) needs --shards N.") }
        return try make(k, n, "JOB_COMPLETION_INDEX=\(k), --shards \(n)")
      }
      if let k = environment["SLURM_ARRAY_TASK_ID"].flatMap(Int.init) {
        let min = environment["SLURM_ARRAY_TASK_MIN"].flatMap(Int.init) ?? 0
        guard let n = shards ?? environment["SLURM_ARRAY_TASK_COUNT"].flatMap(Int.init) else {
          throw ValidationError("--shard auto under Slurm needs SLURM_ARRAY_TASK_COUNT or --shards N.")
        }
        return try make(k - min, n, "SLURM_ARRAY_TASK_ID=\(k), count \(n)")
      }
      throw ValidationError("--shard auto: neither JOB_COMPLETION_INDEX (Kubernetes) nor SLURM_ARRAY_TASK_ID (Slurm) is set.")
    }
    let parts = shard.split(separator: "/")
    guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
      throw ValidationError("--shard \(shard): expected K/N (like 0/4) or auto.")
    }
    return try make(k, n, "--shard \(shard)")
  }

  /// Options that write files or split the run: never recorded in a part, never replayed by
  /// `mcsim merge` (a part is data, not a command: an edited one must not make merge write a
  /// picture or a partial file wherever it names).
  static let notReplayed = ["--shard", "--shards", "--partial", "--svg"]

  /// Options no shard's run records (a sharded slate does not watch): a part that names one
  /// was edited, and `mcsim merge` refuses it rather than poll a feed until stopped.
  static let neverMerged = ["--watch", "--polls"]

  /// The first source behind a URL that a recorded command names (`--odds http://...`,
  /// `--stats-from=https://...`), as it is shown (scheme, host, fingerprint). `mcsim merge` reads
  /// only local files: a part is data, and one that named a URL with `--retries 10 --timeout 600`
  /// made merge fetch for minutes.
  static func networkSource(in arguments: [String]) -> String? {
    for a in arguments {
      let value = a.hasPrefix("--") ? a.split(separator: "=", maxSplits: 1).dropFirst().first.map(String.init) : a
      guard let value else { continue }
      let source = InputSource(value)
      switch source {
      case .url, .badURL: return source.description
      case .file, .standardInput: continue
      }
    }
    return nil
  }

  /// The run's arguments as given, without the shard and file-writing options: what `mcsim
  /// merge` runs again (it applies the same filter to what a part records).
  static func commandWithoutShardOptions(_ arguments: [String]) -> [String] {
    var out: [String] = []
    var skip = false
    for a in arguments {
      if skip { skip = false; continue }
      if notReplayed.contains(a) { skip = true; continue }
      if notReplayed.contains(where: { a.hasPrefix($0 + "=") }) { continue }
      out.append(a)
    }
    return out
  }

  /// Runs a command's work once: whole (no tape) without --shard; as this shard, with a tape
  /// that records its histograms (the command passes it to its simulations in their options and
  /// prints nothing), then writes the partial file.
  func run(seed: UInt64?, _ execute: (ShardExecution) throws -> Void) throws {
    guard let (shard, source) = try resolved() else { return try execute(.whole) }
    guard let seed else { throw ValidationError("--shard needs --seed: every shard must draw from the same seed.") }
    try Self.record(shard, source: source, seed: seed, partial: partial!) { try execute($0) }
  }

  /// Runs `body` recording its shard's histograms, then writes the partial file.
  static func record(
    _ execution: ShardExecution, source: String, seed: UInt64, partial: String, _ body: (ShardExecution) throws -> Void
  ) throws {
    try body(execution)
    guard let shard = execution.shard, let tape = execution.tape else { return }
    let file = PartialFile(
      command: commandWithoutShardOptions(Array(CommandLine.arguments.dropFirst())), seed: seed, shard: shard,
      mcsim: MCSim.configuration.version, calls: tape.calls, digests: tape.digests)
    do {
      try file.encoded().write(to: URL(fileURLWithPath: partial), options: .atomic)
    } catch {
      throw CLIError.runtime("--partial \(partial): cannot write: \(error.localizedDescription)")
    }
    FileHandle.standardError.write(Data("shard \(shard) (\(source)): wrote \(partial)\n".utf8))
  }
}

/// A command whose run can be split into shards and merged: its work, given how it executes
/// (whole, one shard recorded, the parts replayed), whose tape it hands to every simulation in
/// their options.
protocol ShardedCommand: ParsableCommand {
  func execute(_ execution: ShardExecution) throws
}

extension RunCommand: ShardedCommand {}
extension SlateCommand: ShardedCommand {}
extension SweepCommand: ShardedCommand {}
