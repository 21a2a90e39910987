import Foundation
import TestSupport
import XCTest

/// A run split with `--shard K/N` and merged prints what the single run prints, byte for byte
/// (the wall time masked); bad parts are refused by name; the deploy/ scripts' commands work
/// with the environment their batch engines set.
final class ShardMergeTests: XCTestCase {
  var root: URL { GoldenOutputTests.projectRoot }
  var work: URL!

  override func setUpWithError() throws {
    try TestTier.endToEnd.require()
    work = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-shards-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    if let work { try? FileManager.default.removeItem(at: work) }
  }

  /// Runs mcsim (or a shell command) in `cwd` with `environment` added.
  @discardableResult
  func sh(_ command: String, cwd: URL? = nil, environment: [String: String] = [:], timeout: Double = 600) throws
    -> MCSimBinary.Result
  {
    try ChildProcess.run("/bin/sh", ["-c", command], environment: environment, in: cwd ?? root, timeout: timeout)
  }

  var mcsim: String { MCSimBinary.url.path }

  func masked(_ s: String) -> String { GoldenOutputTests.normalise(s) }

  func assertShardedEqualsSingle(_ arguments: String, counts: [Int], file: StaticString = #filePath, line: UInt = #line) throws {
    let single = try sh("\(mcsim) \(arguments)")
    for n in counts {
      let dir = work.appendingPathComponent("\(n)")
      try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
      for k in 0..<n {
        let r = try sh("\(mcsim) \(arguments) --shard \(k)/\(n) --partial \(dir.path)/p\(k).part")
        XCTAssertEqual(r.status, 0, r.stderr, file: file, line: line)
        XCTAssertEqual(r.stdout, "", "a shard prints no answer", file: file, line: line)
      }
      let merged = try sh("\(mcsim) merge \(dir.path)")
      XCTAssertEqual(merged.status, single.status, merged.stderr, file: file, line: line)
      XCTAssertEqual(masked(merged.stdout), masked(single.stdout), "\(n) shards", file: file, line: line)
      XCTAssertFalse(single.stdout.isEmpty)
    }
  }

  func testRunSplitIntoShardsMergesToTheSingleRun() throws {
    // 300,000 simulations are 5 chunks: 7 shards leave some with none.
    try assertShardedEqualsSingle(
      "run --line 225.5 --home 115 --away 112 --sims 300000 --seed 42 --scenarios --sensitivity --json", counts: [1, 2, 3, 7])
  }

  /// A sweep's every model (a rho grid, with the line swept off the same histograms) split and
  /// merged, JSON and table.
  func testSweepSplitIntoShardsMergesToTheSingleRun() throws {
    try assertShardedEqualsSingle(
      "sweep --line 220:232:2 --rho 0,0.5 --home 115 --away 112 --sims 200000 --seed 8 --json", counts: [1, 2, 3, 7])
    try assertShardedEqualsSingle("sweep --line 225.5 --shift -2:2:2 --home 115 --away 112 --sims 70000 --seed 9", counts: [2])
  }

  func testSlateSplitIntoShardsMergesToTheSingleRun() throws {
    try assertShardedEqualsSingle("slate Scenarios/slate_native.json --sims 200000 --seed 5 --json", counts: [1, 2, 3, 7])
    // The table too, and the batch request's exit status 3 (a game without a line).
    try assertShardedEqualsSingle("slate Scenarios/slate_batch.json --sims 70000 --seed 6", counts: [2])
  }

  func testBadPartsAreRefusedByName() throws {
    let args = "run --line 225.5 --home 115 --away 112 --sims 200000 --seed 42 --json"
    for k in 0..<3 { try sh("\(mcsim) \(args) --shard \(k)/3 --partial \(work.path)/p\(k).part") }
    let p = (0..<3).map { "\(work.path)/p\($0).part" }
    let inOrder = try sh("\(mcsim) merge \(p[0]) \(p[1]) \(p[2])")
    let reversed = try sh("\(mcsim) merge \(p[2]) \(p[1]) \(p[0])")
    XCTAssertEqual(masked(inOrder.stdout), masked(reversed.stdout), "merging is order-independent")

    func refused(_ parts: [String], _ needle: String) throws {
      let r = try sh("\(mcsim) merge \(parts.joined(separator: " "))")
      XCTAssertEqual(r.status, 1, r.stderr)
      XCTAssertEqual(r.stdout, "", "nothing printed partially")
      XCTAssertTrue(r.stderr.contains(needle), "\(needle): \(r.stderr)")
    }
    try refused([p[0], p[1]], "missing shard 2/3")
    try refused([p[0], p[1], p[2], p[1]], "given twice")
    let data = try Data(contentsOf: URL(fileURLWithPath: p[1]))
    let truncated = work.appendingPathComponent("truncated.part")
    try data.prefix(data.count / 2).write(to: truncated)
    try refused([p[0], truncated.path, p[2]], "truncated.part")
    var flipped = data
    flipped[data.count - 100] ^= 0x04
    let corrupt = work.appendingPathComponent("flipped.part")
    try flipped.write(to: corrupt)
    try refused([p[0], corrupt.path, p[2]], "flipped.part: checksum mismatch")
    let foreign = work.appendingPathComponent("foreign.part")
    try sh("\(mcsim) \(args.replacingOccurrences(of: "--seed 42", with: "--seed 43")) --shard 1/3 --partial \(foreign.path)")
    try refused([p[0], foreign.path, p[2]], "foreign.part: belongs to another run")
    // A merge has a deadline in all, whatever its parts ask of it.
    try refused(["--deadline", "0.000001", p[0], p[1], p[2]], "merge did not finish within 1e-06 s (--deadline)")
  }

  /// A part records the run's inputs, never its file-writing options: merge of a run given
  /// `--svg` prints the answer and writes no picture (an edited part cannot make merge write
  /// wherever it names).
  func testMergeWritesNothingButItsOutput() throws {
    let picture = work.appendingPathComponent("picture.svg")
    let args = "run --line 225.5 --home 115 --away 112 --sims 100000 --seed 42 --json --svg \(picture.path)"
    for k in 0..<2 { try sh("\(mcsim) \(args) --shard \(k)/2 --partial \(work.path)/p\(k).part") }
    XCTAssertFalse(FileManager.default.fileExists(atPath: picture.path), "a shard draws no picture")
    let part = try String(decoding: Data(contentsOf: work.appendingPathComponent("p0.part")), as: UTF8.self)
    XCTAssertFalse(part.contains("--svg"), "the part does not record --svg")
    let merged = try sh("\(mcsim) merge \(work.path)/p0.part \(work.path)/p1.part")
    XCTAssertEqual(merged.status, 0, merged.stderr)
    XCTAssertTrue(merged.stdout.contains("\"success\":true"), merged.stdout)
    XCTAssertFalse(FileManager.default.fileExists(atPath: picture.path), "merge writes only its standard output")
  }

  /// A part edited by hand (its checksum made good again, as a foreign writer would) that
  /// names --svg or --watch: merge neither draws the picture nor polls, and says which option.
  func testAnEditedPartNeitherWritesNorWatches() throws {
    let picture = work.appendingPathComponent("evil.svg")
    let args = "run --line 225.5 --home 115 --away 112 --sims 100000 --seed 42 --json"
    for k in 0..<2 { try sh("\(mcsim) \(args) --shard \(k)/2 --partial \(work.path)/p\(k).part") }
    func edited(_ extra: String) throws {
      for k in 0..<2 {
        // Bytes, not text: the histograms after the body's JSON line are binary.
        let url = work.appendingPathComponent("p\(k).part")
        var data = try Data(contentsOf: url)
        let newline = try XCTUnwrap(data.firstIndex(of: 0x0A))
        data.removeSubrange(data.startIndex...newline)
        let json = try XCTUnwrap(data.range(of: Data(#""--json""#.utf8)))
        data.replaceSubrange(json, with: Data((#""--json","# + extra).utf8))
        try (Data((Self.header(for: data) + "\n").utf8) + data).write(to: url)
      }
    }
    try edited(#""--svg","\#(picture.path)""#)
    let merged = try sh("\(mcsim) merge \(work.path)/p0.part \(work.path)/p1.part")
    XCTAssertEqual(merged.status, 0, merged.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: picture.path), "an edited part made merge write a file")
    try edited(#""--watch","1""#)
    let watching = try sh("timeout 20 \(mcsim) merge \(work.path)/p0.part \(work.path)/p1.part")
    XCTAssertNotEqual(watching.status, 0)
    XCTAssertTrue(watching.stderr.contains("the parts record --watch"), watching.stderr)
    // A recorded source behind a URL is never fetched: refused at once, the URL masked.
    for k in 0..<2 { try sh("\(mcsim) \(args) --shard \(k)/2 --partial \(work.path)/p\(k).part") }
    try edited(#""--stats-from","http://127.0.0.1:9/v4/SECRET123/results.csv","--retries","10","--timeout","600""#)
    let started = Date()
    let fetching = try sh("timeout 20 \(mcsim) merge \(work.path)/p0.part \(work.path)/p1.part")
    XCTAssertEqual(fetching.status, 1, fetching.stderr)
    XCTAssertLessThan(Date().timeIntervalSince(started), 5, "merge fetched")
    XCTAssertTrue(fetching.stderr.contains("a source behind a URL: merge reads only local files"), fetching.stderr)
    XCTAssertFalse(fetching.stderr.contains("SECRET123"), fetching.stderr)
  }

  /// A part's header line for `body`: FNV-1a over little-endian 64-bit words, then the tail
  /// bytes (the format's checksum, written here independently of PartialFile).
  static func header(for body: Data) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    let bytes = [UInt8](body)
    var i = 0
    while i + 8 <= bytes.count {
      var word: UInt64 = 0
      for b in 0..<8 { word |= UInt64(bytes[i + b]) << (8 * b) }
      hash = (hash ^ word) &* 0x0000_0100_0000_01b3
      i += 8
    }
    for byte in bytes[i...] { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    let hex = String(hash, radix: 16)
    return #"{"checksum":"\#(String(repeating: "0", count: 16 - hex.count) + hex)","format":"mcsim-partial","version":4}"#
  }

  /// Parts are inputs like any other: files, an http(s) URL (object storage behind a batch
  /// engine), or one part on standard input; a part that cannot be fetched is named.
  func testPartsFromURLsAndStandardInputMergeToTheSameAnswer() throws {
    let args = "run --line 225.5 --home 115 --away 112 --sims 200000 --seed 42 --json"
    for k in 0..<3 { try sh("\(mcsim) \(args) --shard \(k)/3 --partial \(work.path)/p\(k).part") }
    let p = (0..<3).map { "\(work.path)/p\($0).part" }
    let files = try sh("\(mcsim) merge \(p[0]) \(p[1]) \(p[2])")
    XCTAssertEqual(files.status, 0, files.stderr)
    let part1 = try Data(contentsOf: URL(fileURLWithPath: p[1]))
    let server = try LocalHTTPServer { _, path in
      path == "/parts/p1.part" ? .init(body: part1) : .init(status: 404, body: Data("{}".utf8))
    }
    defer { server.stop() }
    let mixed = try sh("\(mcsim) merge \(p[0]) http://127.0.0.1:\(server.port)/parts/p1.part - < \(p[2])")
    XCTAssertEqual(mixed.status, 0, mixed.stderr)
    XCTAssertEqual(masked(mixed.stdout), masked(files.stdout))
    let missing = try sh("\(mcsim) merge \(p[0]) http://127.0.0.1:\(server.port)/parts/gone.part \(p[2])")
    XCTAssertEqual(missing.status, 1)
    XCTAssertEqual(missing.stdout, "")
    XCTAssertTrue(missing.stderr.contains("part 2, http://127.0.0.1:\(server.port) (url "), missing.stderr)
    XCTAssertTrue(missing.stderr.contains("): HTTP 404") && !missing.stderr.contains("gone.part"), missing.stderr)
  }

  /// A slate whose file changed between the shards and the merge in a way that keeps every
  /// score grid (only `rho`) is refused, naming the parts and saying the inputs changed: the
  /// parts record a digest of the models each call simulated and the replay recomputes it.
  func testMergeRefusesPartsWhoseInputsChanged() throws {
    let slate = work.appendingPathComponent("slate.json")
    let original = try String(contentsOf: root.appendingPathComponent("Scenarios/slate_native.json"), encoding: .utf8)
    XCTAssertTrue(original.contains("\"rho\""), "the fixture sets rho")
    try original.write(to: slate, atomically: true, encoding: .utf8)
    for k in 0..<2 {
      let r = try sh("\(mcsim) slate \(slate.path) --sims 200000 --seed 5 --json --shard \(k)/2 --partial \(work.path)/p\(k).part")
      XCTAssertEqual(r.status, 0, r.stderr)
    }
    let changed = original.replacingOccurrences(
      of: #""rho"\s*:\s*[-0-9.eE]+"#, with: "\"rho\": 0.123456", options: .regularExpression)
    XCTAssertNotEqual(changed, original)
    try changed.write(to: slate, atomically: true, encoding: .utf8)
    let r = try sh("\(mcsim) merge \(work.path)/p0.part \(work.path)/p1.part")
    XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
    XCTAssertEqual(r.stdout, "", "nothing printed")
    XCTAssertTrue(r.stderr.contains("p0.part"), r.stderr)
    XCTAssertTrue(r.stderr.contains("inputs changed"), r.stderr)
    // Put back, the same parts merge.
    try original.write(to: slate, atomically: true, encoding: .utf8)
    let back = try sh("\(mcsim) merge \(work.path)/p0.part \(work.path)/p1.part")
    XCTAssertNotEqual(back.status, 1, back.stderr)
    XCTAssertFalse(back.stdout.isEmpty, back.stderr)
  }

  func testShardOptionsAreCheckedBeforeAnythingRuns() throws {
    for (args, needle) in [
      ("--shard 3/3 --partial x.part --seed 1", "index"),
      ("--shard 1 --partial x.part --seed 1", "K/N"),
      ("--shard 0/2 --seed 1", "--partial"),
      ("--shard 0/2 --partial x.part", "--seed"),
      ("--shard auto --partial x.part --seed 1", "JOB_COMPLETION_INDEX"),
    ] {
      let r = try sh("\(mcsim) run --line 225.5 --home 115 --away 112 \(args)", cwd: work)
      XCTAssertEqual(r.status, 64, "\(args): \(r.stderr)")
      XCTAssertTrue(r.stderr.contains(needle), "\(args): \(r.stderr)")
    }
  }

  /// The Job manifest's shard command, run as Kubernetes runs it (JOB_COMPLETION_INDEX per pod),
  /// then the merge Job's command; fewer simulations and shards, the same commands.
  func testTheKubernetesJobsCommandsWorkAsWritten() throws {
    let yaml = try String(contentsOf: root.appendingPathComponent("deploy/kubernetes-slate-job.yaml"), encoding: .utf8)
    let lines = yaml.split(separator: "\n").map(String.init)
    let start = try XCTUnwrap(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "- >-" })
    var command = lines[(start + 1)...].prefix { $0.hasPrefix("              ") }.map { $0.trimmingCharacters(in: .whitespaces) }.joined(
      separator: " ")
    command = command.replacingOccurrences(of: "/shards", with: work.path).replacingOccurrences(of: "10000000000", with: "150000")
      .replacingOccurrences(of: "--shards 100", with: "--shards 3").replacingOccurrences(of: "mcsim ", with: "\(mcsim) ")
    try FileManager.default.copyItem(at: root.appendingPathComponent("Scenarios/slate_native.json"), to: work.appendingPathComponent("slate.json"))
    for k in 0..<3 {
      let r = try sh(command, cwd: work, environment: ["JOB_COMPLETION_INDEX": "\(k)"])
      XCTAssertEqual(r.status, 0, "\(command): \(r.stderr)")
      XCTAssertTrue(r.stderr.contains("JOB_COMPLETION_INDEX=\(k)"), r.stderr)
    }
    let mergeYAML = try String(contentsOf: root.appendingPathComponent("deploy/kubernetes-merge-job.yaml"), encoding: .utf8)
    XCTAssertTrue(mergeYAML.contains("mcsim merge /shards"))
    let merged = try sh("\(mcsim) merge \(work.path)", cwd: URL(fileURLWithPath: "/"))
    let single = try sh("\(mcsim) slate \(work.path)/slate.json --sims 150000 --seed 20261124 --threads 2 --json")
    XCTAssertEqual(merged.status, 0, merged.stderr)
    XCTAssertEqual(masked(merged.stdout), masked(single.stdout))
  }

  /// The merge Job's own command (its `args` under /bin/sh, which has no pipefail): it keeps the
  /// answer in /shards/slate.out.json and prints it, and a refused merge fails the Job.
  func testTheMergeJobFailsWhenTheMergeFails() throws {
    let yaml = try String(contentsOf: root.appendingPathComponent("deploy/kubernetes-merge-job.yaml"), encoding: .utf8)
    let argsLine = try XCTUnwrap(yaml.split(separator: "\n").first { $0.contains("args:") && $0.contains("mcsim merge") })
    let data = try XCTUnwrap(String(argsLine.drop { $0 != "[" }).data(using: .utf8))
    let script = try XCTUnwrap((try JSONSerialization.jsonObject(with: data) as? [String])?.first)
    let command = script.replacingOccurrences(of: "/shards", with: work.path).replacingOccurrences(of: "mcsim ", with: "\(mcsim) ")
    // No part at all: the merge is refused, so the Job's container must exit non-zero.
    let refused = try sh(command, cwd: URL(fileURLWithPath: "/"))
    XCTAssertNotEqual(refused.status, 0, "a failed merge reports failure: \(refused.stderr)")
    // Every shard there: exit 0, the answer printed and kept.
    let args = "run --line 225.5 --home 115 --away 112 --sims 200000 --seed 42 --json"
    for k in 0..<2 { try sh("\(mcsim) \(args) --shard \(k)/2 --partial \(work.path)/p\(k).part") }
    let merged = try sh(command, cwd: URL(fileURLWithPath: "/"))
    XCTAssertEqual(merged.status, 0, merged.stderr)
    let single = try sh("\(mcsim) \(args)")
    XCTAssertEqual(masked(merged.stdout), masked(single.stdout))
    let kept = try String(contentsOf: work.appendingPathComponent("slate.out.json"), encoding: .utf8)
    XCTAssertEqual(masked(kept), masked(single.stdout))
  }

  /// The Slurm script with a stand-in `sbatch` that runs each array task with the variables
  /// Slurm sets, and the dependent merge job after them.
  /// The real thing: deploy/slurm/run-local.sh brings up a one-node Slurm cluster (slurmctld,
  /// slurmd, slurmdbd, munge, MariaDB: scripts/setup.sh installs them), submits the slate as a
  /// 4-task array through deploy/slurm-slate.sh, merges, kills and requeues a task, and compares
  /// both merges with the single run. Skipped, with the script's reason, only where the machine
  /// cannot run the daemons (not root, packages missing), and never where MCSIM_REQUIRE_SLURM=1
  /// (.ci/run sets it): there that is a failure.
  func testTheSlateRunsAsASlurmJobArrayAndMergesIdentically() throws {
    try TestTier.tools.require()
    // The script allows each of its waits up to 10 minutes on a slow machine.
    let r = try sh("bash \(root.path)/deploy/slurm/run-local.sh", cwd: root, environment: ["MCSIM_BIN": mcsim], timeout: 2400)
    if r.status == 77 {
      let reason = r.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
      if ProcessInfo.processInfo.environment["MCSIM_REQUIRE_SLURM"] == "1" { return XCTFail(reason) }
      throw XCTSkip("\(reason) (MCSIM_REQUIRE_SLURM=1 makes this a failure)")
    }
    XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
    XCTAssertTrue(r.stdout.contains("merged from 4 Slurm array tasks: identical to the single run"), r.stdout)
    XCTAssertTrue(r.stdout.contains("mcsim merge before the requeue: Error: missing shard 2/4"), r.stdout)
    XCTAssertTrue(r.stdout.contains("merged after a killed and requeued task: identical to the single run"), r.stdout)
    XCTAssertEqual(r.stdout.components(separatedBy: "  COMPLETED").count - 1, 8, "four COMPLETED tasks in each sacct table")
  }

  func testTheSlurmScriptWorksAsWritten() throws {
    let bin = work.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent("mcsim").path, withDestinationPath: mcsim)
    let sbatch = bin.appendingPathComponent("sbatch")
    try #"""
    #!/usr/bin/env bash
    # Stand-in for Slurm's sbatch: runs the job at once, as Slurm would on a free cluster.
    array= output= wrap=
    while (($#)); do
      case $1 in
        --array=*) array=${1#--array=} ;;
        --output=*) output=${1#--output=} ;;
        --wrap) wrap=$2; shift ;;
      esac
      shift
    done
    if [[ -n $array ]]; then
      lo=${array%-*} hi=${array#*-}
      for ((i = lo; i <= hi; i++)); do
        SLURM_ARRAY_TASK_ID=$i SLURM_ARRAY_TASK_COUNT=$((hi - lo + 1)) SLURM_ARRAY_TASK_MIN=$lo bash -c "$wrap" || exit 1
      done
      echo 4242
    else
      bash -c "$wrap" > "${output:-slurm.out}"
    fi
    """#.write(to: sbatch, atomically: true, encoding: .utf8)
    try sh("chmod +x \(sbatch.path)")
    try FileManager.default.copyItem(at: root.appendingPathComponent("Scenarios/slate_native.json"), to: work.appendingPathComponent("slate.json"))
    let r = try sh(
      "bash \(root.path)/deploy/slurm-slate.sh slate.json", cwd: work,
      environment: ["PATH": "\(bin.path):" + (ProcessInfo.processInfo.environment["PATH"] ?? ""), "MCSIM_SHARDS": "3", "MCSIM_SIMS": "150000"])
    XCTAssertEqual(r.status, 0, r.stderr)
    let merged = try String(contentsOf: work.appendingPathComponent("slate.out.json"), encoding: .utf8)
    let single = try sh("\(mcsim) slate slate.json --sims 150000 --seed 20261124 --threads 2 --json", cwd: work)
    XCTAssertEqual(masked(merged), masked(single.stdout))
  }

  /// The manifests against the Kubernetes schema, with kubernetes-validate (PyPI), which
  /// scripts/setup.sh installs into .tools/venv.
  func testTheManifestsAreValidKubernetes() throws {
    let validator = try TestTier.tools.requireTool(
      "kubernetes-validate", at: [root.appendingPathComponent(".tools/venv/bin/kubernetes-validate").path],
      install: "run `bash scripts/setup.sh` (it installs it into .tools/venv)")
    let r = try sh(
      "\(validator) --strict deploy/kubernetes-shards-pvc.yaml deploy/kubernetes-slate-job.yaml deploy/kubernetes-merge-job.yaml")
    XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
  }
}
