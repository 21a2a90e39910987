import CRandom
import Foundation
import RandomStreams

extension BenchmarkSuite {
  /// The generator alone: the floor under every simulation figure.
  static let rng = BenchmarkSuite(name: "rng") { context in
    let count = 1 << 20
    let repeats = context.quick ? 5 : 15
    var buffer = [Double](repeating: 0, count: count)
    var stream = RandomStream(seed: 1, id: 0)

    let naive = BenchmarkContext.time(repeats: 3, perItem: Double(count)) {
      let s = mc_stream_make(1, 0)
      for i in stride(from: 0, to: count, by: 2) {
        (buffer[i], buffer[i + 1], _) = naiveNormals(s, block: UInt64(i / 2))
      }
    }
    let naiveMedian = BenchmarkContext.median(naive)
    context.record(suite: "rng", name: "normal, naive scalar Swift (baseline)", unit: "ns/normal", samples: naive)

    let uniform = BenchmarkContext.time(repeats: repeats, perItem: Double(count)) {
      buffer.withUnsafeMutableBufferPointer { stream.fillUniform($0) }
    }
    context.record(
      suite: "rng", name: "uniform fill (53-bit, open interval)", unit: "ns/uniform", samples: uniform,
      baseline: ("naive normal", naiveMedian))
    let normal = BenchmarkContext.time(repeats: repeats, perItem: Double(count)) {
      buffer.withUnsafeMutableBufferPointer { stream.fillNormal($0) }
    }
    context.record(
      suite: "rng", name: "normal fill (vectorised Box-Muller)", unit: "ns/normal", samples: normal,
      baseline: ("naive scalar Swift", naiveMedian))
    let gameNormals = BenchmarkContext.time(repeats: repeats, perItem: Double(count)) {
      buffer.withUnsafeMutableBufferPointer { stream.fillGameNormals($0) }
    }
    context.record(
      suite: "rng", name: "game normal fill (single precision, 24-bit uniforms)", unit: "ns/normal", samples: gameNormals,
      baseline: ("the double-precision fill", BenchmarkContext.median(normal)))
    context.references["normal_ns"] = BenchmarkContext.median(gameNormals)
    precondition(buffer.allSatisfy(\.isFinite))
  }
}

extension BenchmarkContext {
  /// The cost of a game's normals (ns per normal, the single-precision fill the game kernel
  /// draws): the rng suite's figure, or measured now when that suite was filtered out.
  mutating func normalNanoseconds() -> Double {
    if let ns = references["normal_ns"] { return ns }
    var stream = RandomStream(seed: 1, id: 0)
    var buffer = [Double](repeating: 0, count: 1 << 20)
    let samples = BenchmarkContext.time(repeats: 7, perItem: Double(buffer.count)) {
      buffer.withUnsafeMutableBufferPointer { stream.fillGameNormals($0) }
    }
    let ns = BenchmarkContext.median(samples)
    references["normal_ns"] = ns
    return ns
  }
}
