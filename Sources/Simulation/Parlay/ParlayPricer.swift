import Dispatch
import Multivariate

/// Prices a parlay by simulation.
///
/// One game and no player legs: the game's joint score histogram from the two-team kernel
/// (`GameSimulator`, the same histogram as `run` for the same seed), every leg and the joint
/// event read off its cells. Otherwise the multivariate path: the games' regulation points and
/// the players' stats drawn together (`MultivariateNormal`), finished and counted draw by draw
/// (`ParlayAccumulator`). Either way memory is flat in the number of simulations and the counts
/// are the same for any thread count.
public enum ParlayPricer {
  /// Which path to take; nil picks (histogram when it can price every leg). The package's own
  /// (the benchmark and tests force a path); a user of the library lets it pick.
  package enum Route: Sendable {
    case jointHistogram
    /// The multivariate path, with its transform forced (nil: the faster for the dimension).
    case multivariate(MultivariateNormal.Path?)
  }

  public static func price(_ parlay: Parlay, options: SimulationOptions) throws(InputError) -> ParlayResult {
    try price(parlay, options: options, route: nil)
  }

  package static func price(_ parlay: Parlay, options: SimulationOptions, route: Route?) throws(InputError)
    -> ParlayResult
  {
    try parlay.validate()
    try options.validate()
    let start = DispatchTime.now()
    func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }
    let compiled = CompiledParlay(parlay, seed: options.seed)
    let route = route ?? (parlay.onJointHistogram ? .jointHistogram : .multivariate(nil))
    switch route {
    case .jointHistogram:
      guard parlay.onJointHistogram else {
        throw .invalid(field: "legs", value: "", reason: "the joint histogram prices one game's own legs only")
      }
      let histogram = try GameSimulator.simulate(parlay.games[0], options: options)
      var legWins = [UInt64](repeating: 0, count: parlay.legs.count)
      var won = [UInt64](repeating: 0, count: parlay.legs.count + 1)
      func count(home h: Int, away a: Int, _ n: UInt64) {
        var k = 0
        for (j, leg) in compiled.legs.enumerated() where compiled.wins(leg, home: Double(h), away: Double(a)) {
          legWins[j] += n
          k += 1
        }
        won[k] += n
      }
      let grid = histogram.grid
      for r in 0..<grid.homeBins {
        for c in 0..<grid.awayBins {
          let n = histogram.counts[r * grid.awayBins + c]
          if n != 0 { count(home: grid.homeMin + r, away: grid.awayMin + c, n) }
        }
      }
      for (score, n) in histogram.overflow { count(home: score.home, away: score.away, n) }
      return ParlayResult(
        parlay: parlay, options: options, route: .jointHistogram, transform: nil, jointWins: won[parlay.legs.count],
        legWins: legWins, wonCounts: won, simulations: histogram.games, repair: nil, elapsedSeconds: elapsed())
    case .multivariate(let path):
      // A copula margin draws its player's standard latent (mean 0, sd 1); a skewed team its
      // normal part (the accumulator adds the |U| part, `CompiledParlay.skew`).
      let teams = parlay.games.flatMap { m -> [(mean: Double, sd: Double)] in
        guard m.skewness != 0 else { return [(m.homeMean, m.homeSD), (m.awayMean, m.awaySD)] }
        let skew = SkewNormal(skewness: m.skewness)
        let k = (1 - skew.delta * skew.delta).squareRoot() / skew.scale
        return [
          (m.homeMean - m.homeSD * skew.shift / skew.scale, m.homeSD * k),
          (m.awayMean - m.awaySD * skew.shift / skew.scale, m.awaySD * k),
        ]
      }
      let means = teams.map(\.mean) + parlay.players.map { $0.margin == .normal ? $0.mean : 0 }
      let sds = teams.map(\.sd) + parlay.players.map { $0.margin == .normal ? $0.sd : 1 }
      let mvn: MultivariateNormal
      do {
        mvn = try MultivariateNormal(
          means: means, sds: sds, correlation: CorrelationMatrix(rows: parlay.drawnCorrelationMatrix()))
      } catch let e as CorrelationMatrixError {
        throw .invalid(field: e.field, value: e.value, reason: e.reason)
      } catch let e as MultivariateError {
        throw .invalid(field: e.field, value: "", reason: e.description)
      } catch {
        throw .invalid(field: "correlation", value: "", reason: "\(error)")
      }
      let transform = path ?? MultivariateNormal.Path.preferred(dimension: mvn.dimension)
      let counts = mvn.simulate(draws: options.simulations, seed: options.seed, threads: options.threads, path: transform) {
        ParlayAccumulator(compiled)
      }
      let repair = mvn.repair.map {
        ParlayCorrelationRepair(
          distance: $0.distance, iterations: $0.iterations, original: $0.original.rows, repaired: $0.repaired.rows)
      }
      return ParlayResult(
        parlay: parlay, options: options, route: .multivariate, transform: transform.rawValue, jointWins: counts.joint,
        legWins: counts.legWins, wonCounts: counts.won, simulations: counts.rows, repair: repair, elapsedSeconds: elapsed())
    }
  }
}
