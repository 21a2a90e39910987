import Foundation

/// The game kernel at each x86-64 vector level on this one machine: AVX-512 (v4, where the CPU has
/// it), AVX2 (v3) and the baseline, each built on its own with the toolchain's clang from
/// Benchmarks/levels/level_timing.c and the engine's C sources, timed on one thread (best of 9
/// runs of 2^21 games), against the cost of the game's own normals at that level. The shipped
/// binary carries all three as target clones and picks one at load time; the v4 build asks for
/// 512-bit vectors as the clone does. The digests of the 2^21 games' counts must agree.
/// Each level is also timed at 10^6 games on all cores, as the engine runs them; the figures of
/// the levels whose counts agree go into the context's references (`levels.pair.v4`, `.v3`,
/// `.baseline`), so the peers suite (which runs on all cores too) sets NumPy and numba against
/// the AVX2 build as well as against the clone this CPU picks.
/// Skipped with the reason when clang is missing.
extension BenchmarkSuite {
  static let levels = BenchmarkSuite(name: "levels") { context in
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    let flags = Machine.flags
    let cores = ProcessInfo.processInfo.activeProcessorCount
    var levels: [(name: String, key: String, flags: [String])] = []
    if flags.contains("avx512f") {
      levels.append(("x86-64-v4 (AVX-512)", "v4", ["-march=x86-64-v4", "-mprefer-vector-width=512"]))
    } else {
      print("  (no AVX-512 on this CPU: no v4 figure)")
    }
    if flags.contains("avx2") { levels.append(("x86-64-v3 (AVX2)", "v3", ["-march=x86-64-v3"])) }
    levels.append(("x86-64 baseline (SSE2)", "baseline", []))
    let sources = ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources/CRandom").path)) ?? [])
      .filter { $0.hasSuffix(".c") }.sorted().map { root.appendingPathComponent("Sources/CRandom/\($0)").path }
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-levels-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    var reference: (game: Double, digest: String)?
    for (name, key, march) in levels {
      let binary = work.appendingPathComponent(String(name.prefix(9))).path
      let build = Shell.run(
        ["clang", "-O2", "-DMC_NO_CLONES"] + march + [
          "-I", root.appendingPathComponent("Sources/CRandom/include").path,
          "-I", root.appendingPathComponent("Sources/CRandom").path,
          root.appendingPathComponent("Benchmarks/levels/level_timing.c").path,
        ] + sources + ["-lm", "-lpthread", "-o", binary])
      guard build.status == 0 else {
        print("  (\(name): clang failed or is missing: \(build.output.prefix(200)))")
        continue
      }
      let run = Shell.run([binary, "\(cores)"])
      var values: [String: String] = [:]
      for line in run.output.split(separator: "\n") {
        let parts = line.split(separator: " ")
        if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
      }
      guard let game = values["game"].flatMap(Double.init), let normal = values["normal"].flatMap(Double.init),
        let pair = values["game2"].flatMap(Double.init), pair > 0, let digest = values["digest"]
      else {
        print("  (\(name): output not understood, or a thread did not start: \(run.output.prefix(200)))")
        continue
      }
      context.record(
        suite: "levels", name: "game normal fill, \(name)", unit: "ns/normal", samples: [normal])
      var note = String(format: "%.2fx its 2 normals; digest %@", game / (2 * normal), digest)
      if let reference {
        note += reference.digest == digest ? " (same counts)" : " (DIFFERENT COUNTS)"
      }
      context.record(
        suite: "levels", name: "one game, 1 thread, \(name)", unit: "ns/game", samples: [game],
        baseline: reference.map { ("\(levels[0].name)", $0.game) }, note: note)
      context.record(
        suite: "levels", name: "10^6 games, \(cores) threads, \(name)", unit: "ns/game", samples: [pair],
        note: String(format: "%.2fx its one thread", game / pair))
      if reference == nil || reference?.digest == digest { context.references["levels.pair.\(key)"] = pair }
      if reference == nil { reference = (game, digest) }
    }
  }
}
