import Foundation
import Multivariate
import RandomStreams
import Simulation

extension BenchmarkSuite {
  /// The multivariate path: X = mu + Z L^T by dgemm against the plain C loop for d = 2 ... 128
  /// on one thread (ns per draw of d quantities, the normal fill included in both, with the
  /// fill alone as the baseline), and the crossover: the smallest d from which dgemm wins at
  /// every larger d measured (`MultivariateNormal.blasCrossover` is set from it). Then a 6-leg
  /// same-game parlay with 4 player props at 10^6 simulations on all cores, against the
  /// two-team game alone at 10^6 on the same threads.
  static let multivariate = BenchmarkSuite(name: "multivariate") { context in
    let repeats = context.quick ? 3 : 7
    var ratios: [(d: Int, loopOverBLAS: Double)] = []
    for d in [2, 4, 8, 16, 32, 64, 128] {
      let mvn = try! MultivariateNormal(
        means: .init(repeating: 1, count: d), sds: .init(repeating: 2, count: d), correlation: Self.equicorrelated(d, 0.3))
      // About 2^23 normals per run whatever d (2^21 with --quick), at least 2 chunks.
      let draws = max(1 << 17, (context.quick ? 1 << 21 : 1 << 23) / d)
      let fill = BenchmarkContext.time(repeats: repeats, perItem: Double(draws)) {
        var z = [Double](repeating: 0, count: MultivariateNormal.blockRows(dimension: d) * d)
        var sum = 0.0
        let layout = StreamLayout(seed: 5, chunkSize: MultivariateNormal.chunkSize)
        for chunk in 0..<layout.chunkCount(draws: draws) {
          var stream = layout.stream(named: MultivariateNormal.streamID, chunk: chunk)
          var done = 0, rows = layout.draws(inChunk: chunk, of: draws)
          while done < rows {
            let n = min(MultivariateNormal.blockRows(dimension: d), rows - done)
            z.withUnsafeMutableBufferPointer { stream.fillNormal(UnsafeMutableBufferPointer(rebasing: $0[0..<(n * d)])) }
            sum += z[0]
            done += n
          }
          rows = 0
        }
        precondition(sum.isFinite)
      }
      let fillMedian = BenchmarkContext.median(fill)
      context.record(suite: "multivariate", name: "d = \(d): normal fill alone (baseline)", unit: "ns/draw", samples: fill)
      var medians: [MultivariateNormal.Path: Double] = [:]
      for path in [MultivariateNormal.Path.loop, .blas] {
        let samples = BenchmarkContext.time(repeats: repeats, perItem: Double(draws)) {
          let acc = mvn.simulate(draws: draws, seed: 5, threads: 1, path: path) { ColumnSum() }
          precondition(acc.rows == draws && acc.sum.isFinite)
        }
        medians[path] = BenchmarkContext.median(samples)
        context.record(
          suite: "multivariate", name: "d = \(d): \(path.rawValue)", unit: "ns/draw", samples: samples,
          baseline: ("fill alone", fillMedian),
          note: String(format: "transform %.2f ns/draw", max(0, medians[path]! - fillMedian)))
      }
      ratios.append((d, medians[.loop]! / medians[.blas]!))
    }
    // The crossover: the first d at which dgemm wins (the loop's unrolled kernels end at 8).
    let crossover = ratios.first { $0.loopOverBLAS > 1 }?.d
    let disagreements = ratios.filter { ($0.loopOverBLAS > 1) != (MultivariateNormal.Path.preferred(dimension: $0.d) == .blas) }
    print(
      "  crossover: "
        + ratios.map { String(format: "d=%d loop/blas %.2f", $0.d, $0.loopOverBLAS) }.joined(separator: " · ")
        + " -> dgemm first wins at d = \(crossover.map(String.init) ?? "none measured"); the engine takes dgemm from d = \(MultivariateNormal.blasCrossover)"
        + (disagreements.isEmpty ? "" : " (this run disagrees at d = \(disagreements.map { String($0.d) }.joined(separator: ", ")))"))

    // The 6-leg same-game parlay with 4 player props.
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let options = SimulationOptions(simulations: 1_000_000, seed: 11, threads: cores)
    let game = GameModel(homeMean: 115, awayMean: 112)
    let gameAlone = BenchmarkContext.time(repeats: repeats, perItem: 1e9) {
      precondition(try! GameSimulator.simulate(game, options: options).games == 1_000_000)
    }
    let gameMedian = BenchmarkContext.median(gameAlone)
    context.record(
      suite: "multivariate", name: "one game 10^6, \(cores) threads (baseline)", unit: "s", samples: gameAlone)
    let parlay = Self.sameGameParlay(game)
    let samples = BenchmarkContext.time(repeats: repeats, perItem: 1e9) {
      let r = try! ParlayPricer.price(parlay, options: options)
      precondition(r.simulations == 1_000_000 && r.jointWins > 0)
    }
    context.record(
      suite: "multivariate", name: "6-leg SGP, 4 props, 10^6, \(cores) threads", unit: "s", samples: samples,
      baseline: ("one game alone", gameMedian),
      note: String(format: "%.1f ms; target < 50 ms on 2 cores", BenchmarkContext.median(samples) * 1000))
  }

  /// 1 on the diagonal, rho elsewhere (positive definite for rho in (-1/(d-1), 1)).
  static func equicorrelated(_ d: Int, _ rho: Double) -> CorrelationMatrix {
    try! CorrelationMatrix(rows: (0..<d).map { i in (0..<d).map { $0 == i ? 1 : rho } })
  }

  /// Home moneyline, over 224.5, and four props (two home, two away), d = 6.
  static func sameGameParlay(_ game: GameModel) -> Parlay {
    Parlay(
      games: [game],
      players: [
        PlayerProjection(name: "A", stat: .points, team: .home, mean: 27, sd: 6.5),
        PlayerProjection(name: "B", stat: .rebounds, team: .home, mean: 9, sd: 3),
        PlayerProjection(name: "C", stat: .assists, team: .away, mean: 8, sd: 2.5),
        PlayerProjection(name: "D", stat: .pra, team: .away, mean: 40, sd: 8),
      ],
      legs: [
        ParlayLeg(market: .moneyline(.home), label: "home-ml"),
        ParlayLeg(market: .total(.over, line: 224.5), label: "over:224.5"),
        ParlayLeg(market: .player(name: "A", stat: .points, .over, line: 26.5), label: "A:points:over:26.5"),
        ParlayLeg(market: .player(name: "B", stat: .rebounds, .over, line: 8.5), label: "B:rebounds:over:8.5"),
        ParlayLeg(market: .player(name: "C", stat: .assists, .under, line: 8.5), label: "C:assists:under:8.5"),
        ParlayLeg(market: .player(name: "D", stat: .pra, .under, line: 40.5), label: "D:pra:under:40.5"),
      ])
  }
}

/// Keeps the draws live: the sum of the first quantity.
private struct ColumnSum: DrawAccumulator {
  var sum = 0.0
  var rows = 0
  mutating func add(_ draws: UnsafeBufferPointer<Double>, rows n: Int, dimension d: Int) {
    for i in 0..<n { sum += draws[i * d] }
    rows += n
  }
  mutating func merge(_ next: ColumnSum) {
    sum += next.sum
    rows += next.rows
  }
}
