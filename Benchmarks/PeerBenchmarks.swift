import Foundation
import Simulation

/// The replaced service's model in Python (Benchmarks/peers), run by this harness at the same
/// sizes as mcsim, in the same run: NumPy the way the service does it, and a numba-compiled
/// parallel loop (the fastest thing a Python user would write). Skipped, with a message, when
/// python3 with numpy (and numba) is not installed: `bash Benchmarks/peers/setup.sh`.
enum Peers {
  /// The 15-game slate both sides simulate: (home, away, line), as in peers/peer_common.py.
  static let slate: [(Double, Double, Double)] = [
    (115, 112, 225.5), (118.5, 112, 229.5), (110, 108, 216.5), (121, 117, 236.5), (113, 115, 226.5),
    (107, 111, 217.5), (116, 109, 223.5), (119, 120, 238.5), (112, 104, 214.5), (114, 113, 225.5),
    (109, 116, 223.5), (122, 114, 234.5), (105, 108, 211.5), (117, 111, 226.5), (111, 119, 228.5),
  ]

  static var python: String {
    let venv = "Benchmarks/peers/.venv/bin/python3"
    return FileManager.default.isExecutableFile(atPath: venv) ? venv : "python3"
  }

  /// Runs a peer script; its one JSON line, or nil (with the reason printed).
  static func run(_ script: String, _ arguments: [String]) -> [String: Any]? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [python, "Benchmarks/peers/\(script)"] + arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    do { try process.run() } catch {
      print("  (\(script): cannot start \(python): \(error))")
      return nil
    }
    let data = out.fileHandleForReading.readDataToEndOfFile()
    let diagnostics = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0,
      let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else {
      let reason = String(decoding: diagnostics, as: UTF8.self).split(separator: "\n").last ?? "no output"
      print("  (\(script) failed: \(reason))")
      return nil
    }
    return json
  }

  static func available(_ module: String) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [python, "-c", "import \(module)"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }
}

extension BenchmarkSuite {
  /// The peer's 10^6 figure against the game kernel built for each x86-64 level on its own, on
  /// all cores as the peers run (the levels suite's `levels.pair.*`, same run): what a machine
  /// without AVX-512 gets from the v3 clone, measured here. The kernel alone, without the engine's
  /// histogram and summary, which the engine's own line above includes.
  static func againstLevels(_ peerNanoseconds: Double, label: String, short: String, context: inout BenchmarkContext) {
    for (key, name) in [("v4", "v4 (AVX-512)"), ("v3", "v3 (AVX2)"), ("baseline", "baseline")] {
      guard let kernel = context.references["levels.pair.\(key)"] else { continue }
      context.record(
        suite: "peers", name: "\(short) vs kernel alone, 10^6, \(name)", unit: "ns/game", samples: [kernel],
        baseline: (label, peerNanoseconds))
    }
  }

  static let peers = BenchmarkSuite(name: "peers") { context in
    guard FileManager.default.fileExists(atPath: "Benchmarks/peers/numpy_peer.py") else {
      print("  (run from the package root to compare with the Python peers)")
      return
    }
    let hasNumpy = Peers.available("numpy"), hasNumba = hasNumpy && Peers.available("numba")
    if !hasNumpy { print("  (python3 with numpy not found: install with `bash Benchmarks/peers/setup.sh`; skipping the peers)") }
    if hasNumpy && !hasNumba { print("  (numba not found: `bash Benchmarks/peers/setup.sh`; skipping the numba peer)") }
    guard hasNumpy else { return }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let model = GameModel(homeMean: 115, awayMean: 112)

    // The RNG floor on both sides: NumPy's ziggurat against mcsim's normal fill.
    let normalsRepeats = context.quick ? 3 : 7
    if let numpyNormals = Peers.run("numpy_peer.py", ["--normals-only", "--sims", "1000000", "--repeats", "\(normalsRepeats)"]),
      let ns = numpyNormals["ns_per_normal_prealloc"] as? Double
    {
      let mine = context.normalNanoseconds()
      context.record(
        suite: "peers", name: "NumPy standard_normal (ziggurat), 2x10^6", unit: "ns/normal", samples: [ns],
        note: String(format: "mcsim's game normal fill: %.2f ns, %.1fx faster", mine, ns / mine))
    }

    let sizes = context.quick ? [1_000_000] : [10_000, 1_000_000, 10_000_000]
    for n in sizes {
      let repeats = n >= 10_000_000 ? 3 : (n >= 1_000_000 ? (context.quick ? 3 : 7) : 21)
      let ours = BenchmarkContext.time(repeats: repeats, perItem: Double(n)) {
        let h = try! GameSimulator.simulate(model, options: SimulationOptions(simulations: n, seed: 1, threads: cores))
        precondition(h.games == UInt64(n))
      }
      let oursMedian = BenchmarkContext.median(ours)
      let exponent = Int(log10(Double(n)))
      context.record(suite: "peers", name: "mcsim, 10^\(exponent), \(cores) threads", unit: "ns/game", samples: ours)
      var peers = [("numpy_peer.py", "NumPy (the service's way)", "NumPy")]
      if hasNumba { peers.append(("numba_peer.py", "numba parallel loop", "numba")) }
      for (script, label, short) in peers {
        let args = ["--sims", "\(n)", "--repeats", "\(repeats)", "--warmup", "1", "--threads", "\(cores)", "--seed", "1"]
        guard let result = Peers.run(script, args), let times = result["times_s"] as? [Double] else { continue }
        let samples = times.map { $0 * 1e9 / Double(n) }
        let median = BenchmarkContext.median(samples)
        context.record(
          suite: "peers", name: "\(label), 10^\(exponent)", unit: "ns/game", samples: samples,
          note: String(format: "mcsim is %.1fx faster", median / oursMedian))
        if n == 1_000_000 {
          Self.againstLevels(median, label: label, short: short, context: &context)
        }
      }
    }

    // A night: 15 games at 10^6 each, wall time.
    guard !context.quick else { return }
    let games = Peers.slate.map { GameModel(homeMean: $0.0, awayMean: $0.1) }
    let slate = BenchmarkContext.time(repeats: 5, perItem: 1e9) {
      let h = try! GameSimulator.simulate(games, options: SimulationOptions(simulations: 1_000_000, seed: 1, threads: cores))
      precondition(h.count == 15)
    }
    let slateMedian = BenchmarkContext.median(slate)
    context.record(suite: "peers", name: "mcsim, 15 games x 10^6, \(cores) threads", unit: "s/slate", samples: slate)
    var slatePeers = [("numpy_peer.py", "NumPy")]
    if hasNumba { slatePeers.append(("numba_peer.py", "numba")) }
    for (script, label) in slatePeers {
      let args = ["--sims", "1000000", "--games", "15", "--repeats", "3", "--warmup", "1", "--threads", "\(cores)", "--seed", "1"]
      guard let result = Peers.run(script, args), let times = result["times_s"] as? [Double] else { continue }
      let median = BenchmarkContext.median(times)
      context.record(
        suite: "peers", name: "\(label), 15 games x 10^6", unit: "s/slate", samples: times,
        note: String(format: "mcsim is %.1fx faster", median / slateMedian))
    }
  }
}
