import Simulation

/// What an exact distribution costs, in simulated game paths (the unit a server admits work
/// by): measured with `Benchmarks --filter exact` on a 2-core AMD EPYC (AVX2), the default model
/// 1.6 ms and the NBA fit with skew 0.04 34 ms, against 0.11 ms for 10^4 simulated games on one
/// thread, rounded up. Wider or tie-overtime models cost more (up to 0.4 s at the validation's
/// limits): the figure is a floor, per model, for admission, not a prediction.
package enum ExactCost {
  package static let normalPaths = 150_000
  package static let skewedPaths = 3_000_000

  package static func paths(for model: GameModel) -> Int { model.skewness == 0 ? normalPaths : skewedPaths }
}
