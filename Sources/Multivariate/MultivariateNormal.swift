import CLinearAlgebra
import CRandom
import RandomStreams

/// d correlated normal quantities: X = mu + diag(sd) F Z, Z standard normal, F F^T the
/// correlation matrix (`CorrelationFactor`, pivoted Cholesky). A correlation matrix that is not
/// positive semidefinite is replaced by its nearest correlation matrix (`NearestCorrelation`)
/// and the replacement is kept in `repair`, for the caller to report.
///
/// Draws are made in chunks of `chunkSize` rows, each chunk on its own stream of the counter-
/// based generator (`StreamLayout.stream(named:chunk:)` with the name "multivariate-normal"),
/// and within a chunk in blocks of `blockRows(dimension:)` rows that stay in cache: the block
/// of Z is filled (`mc_fill_normal`), transformed to X by one of two paths, and handed to the
/// caller's `DrawAccumulator`. Nothing grows with the number of draws.
///
/// The two paths compute the same product, X = mu + Z (diag(sd) P L)^T:
/// - `.blas`: X prefilled with mu, then one `cblas_dgemm` per block (beta = 1);
/// - `.loop`: `mc_mvn_transform`, one pass per row over the triangular factor.
/// They round differently (last bits), so the path is a function of the dimension only
/// (`Path.preferred`), never of the machine's load: same seed, same bits, any thread count.
/// OpenBLAS runs one thread per call (`LinearAlgebra`): the engine's threads already take
/// one chunk each, and BLAS threads inside them would oversubscribe the cores.
package struct MultivariateNormal: Sendable {
  package let means: [Double]
  package let sds: [Double]
  /// The correlation matrix simulated: the given one, or its repair.
  package let correlation: CorrelationMatrix
  /// Set when the given matrix was not positive semidefinite.
  package let repair: CorrelationRepair?
  package let factor: CorrelationFactor

  package var dimension: Int { means.count }

  /// Rows per chunk (one stream each).
  package static let chunkSize = 1 << 16

  /// The stream name of the draws.
  package static let streamID = StreamLayout.streamID(named: "multivariate-normal")

  package init(means: [Double], sds: [Double], correlation: CorrelationMatrix) throws(MultivariateError) {
    try LinearAlgebra.require()
    guard means.count == correlation.dimension else {
      throw .invalid(
        field: "means", value: "\(means.count) values",
        reason: "must have one per row of the \(correlation.dimension) x \(correlation.dimension) correlation matrix")
    }
    guard sds.count == means.count else {
      throw .invalid(field: "sds", value: "\(sds.count) values", reason: "must have one per mean (\(means.count))")
    }
    for (j, m) in means.enumerated() where !m.isFinite {
      throw .invalid(field: "means[\(j)]", value: "\(m)", reason: "must be a finite number")
    }
    for (j, s) in sds.enumerated() where !(s.isFinite && s >= 0) {
      throw .invalid(field: "sds[\(j)]", value: "\(s)", reason: "must be a finite number >= 0")
    }
    self.means = means
    self.sds = sds
    if NearestCorrelation.isSemidefinite(correlation) {
      repair = nil
      self.correlation = correlation
    } else {
      let r = NearestCorrelation.repair(correlation)
      repair = r
      self.correlation = r.repaired
    }
    guard let f = CorrelationFactor(self.correlation) else {
      throw .matrix(.entry(row: 0, column: 0, value: 1, reason: "the matrix could not be factored"))
    }
    factor = f
  }

  // MARK: - Paths

  /// How X = mu + Z F^T is computed for a block.
  package enum Path: String, Sendable, CaseIterable {
    case blas
    case loop

    /// The faster path at dimension d on this project's benchmark machine (docs/parlays-and-props.md,
    /// "Multivariate"): the loop below `blasCrossover`, dgemm from it on.
    package static func preferred(dimension: Int) -> Path {
      dimension >= blasCrossover ? .blas : .loop
    }
  }

  /// The smallest dimension at which dgemm beats the plain loop, measured by
  /// `swift run -c release Benchmarks --filter multivariate` (docs/parlays-and-props.md): the loop, fully
  /// unrolled up to d = 8, takes 0.62-0.79x dgemm's time at d = 2, 4, 8; dgemm takes 0.85-0.95x
  /// the loop's at d = 16, 32, 128 (and 0.9-1.1x at 64, within the noise of a shared machine).
  package static let blasCrossover = 9

  /// Rows per block: about 32 KiB of Z per block (it and X stay in L2), 64 to 4096 rows.
  package static func blockRows(dimension d: Int) -> Int {
    min(4096, max(64, 4096 / max(d, 1)))
  }

  /// The number of threads OpenBLAS would use for a call (1: see `LinearAlgebra`).
  package static var blasThreads: Int { LinearAlgebra.threads }

  // MARK: - Simulation

  /// Draws `draws` rows on up to `threads` threads and streams them into per-chunk
  /// accumulators from `make`, folded in chunk order (`DrawAccumulator`). `path` forces a path
  /// (benchmarks and tests); the default is `Path.preferred`.
  package func simulate<A: DrawAccumulator>(
    draws: Int, seed: UInt64, threads: Int, path: Path? = nil, _ make: () -> A
  ) -> A {
    let blas = LinearAlgebra.functions
    let d = dimension
    let path = path ?? Path.preferred(dimension: d)
    let layout = StreamLayout(seed: seed, chunkSize: Self.chunkSize)
    let chunks = layout.chunkCount(draws: draws)
    let block = Self.blockRows(dimension: d)
    // The scaled factor: row j of diag(sd[order]) L, and as the full F = P diag L for dgemm.
    var scaledLower = factor.lower
    var full = [Double](repeating: 0, count: d * d)
    for j in 0..<d {
      let q = factor.order[j]
      for k in 0..<d {
        scaledLower[j * d + k] *= sds[q]
        full[q * d + k] = scaledLower[j * d + k]
      }
    }
    let order = factor.order.map { Int32($0) }
    let width = (0..<d).map { Int32(min($0 + 1, factor.rank)) }
    let fold = OrderedFold<A>()
    if chunks == 0 { return make() }
    ChunkRunner.run(tasks: chunks, threads: threads) { _, tasks in
      let z = UnsafeMutableBufferPointer<Double>.allocate(capacity: block * d)
      let x = UnsafeMutableBufferPointer<Double>.allocate(capacity: block * d)
      defer {
        z.deallocate()
        x.deallocate()
      }
      for chunk in tasks {
        var accumulator = make()
        accumulator.begin(chunk: chunk)
        var stream = layout.stream(named: Self.streamID, chunk: chunk)
        let rows = layout.draws(inChunk: chunk, of: draws)
        var done = 0
        while done < rows {
          let n = min(block, rows - done)
          stream.fillNormal(UnsafeMutableBufferPointer(rebasing: z[0..<(n * d)]))
          switch path {
          case .blas:
            for i in 0..<n {
              for j in 0..<d { x[i * d + j] = means[j] }
            }
            blas.dgemm(
              CblasRowMajor, CblasNoTrans, CblasTrans, Int32(n), Int32(d), Int32(d), 1, z.baseAddress, Int32(d),
              full, Int32(d), 1, x.baseAddress, Int32(d))
          case .loop:
            mc_mvn_transform(scaledLower, order, width, means, d, z.baseAddress, x.baseAddress, n)
          }
          accumulator.add(UnsafeBufferPointer(rebasing: x[0..<(n * d)]), rows: n, dimension: d)
          done += n
        }
        fold.add(accumulator, chunk: chunk)
      }
    }
    return fold.result!
  }
}
