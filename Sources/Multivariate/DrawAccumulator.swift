/// What a multivariate simulation streams its draws into: the caller's statistics (joint event
/// counts, histograms of sums, moments), never the draws themselves.
///
/// `MultivariateNormal.simulate` makes one accumulator per chunk, calls `begin(chunk:)`, then
/// `add` with the chunk's draws block by block (each block a row-major rows x dimension array,
/// valid only during the call), and folds the chunks' accumulators in chunk order with `merge`.
/// So a result is bit-identical for any thread count even when `merge` adds floating-point
/// sums, provided `add` depends on the chunk's draws and index only.
package protocol DrawAccumulator {
  /// Before the first block of chunk `chunk`: key any extra random draws on the chunk index.
  mutating func begin(chunk: Int)
  /// `rows` draws of `dimension` quantities, row-major.
  mutating func add(_ draws: UnsafeBufferPointer<Double>, rows: Int, dimension: Int)
  /// Adds `next`, the accumulator of the chunk after this one's last.
  mutating func merge(_ next: Self)
}

extension DrawAccumulator {
  package mutating func begin(chunk: Int) {}
}
