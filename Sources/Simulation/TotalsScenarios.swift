/// The betting agent's `scenarios` block (docs/contracts.md, "Betting agent"): the same totals market under
/// named variants of the model, at half the simulations, every variant on the same random
/// numbers so that their differences are the model's, not noise.
///
/// Each variant is a move from this game's own parameters (each entry keeps the model it ran, so
/// the contracts can say what moved), so a variant does what its name says whatever the game's
/// settings:
///   base; high_pace / low_pace (each team's projection +/- 3 points); high_variance /
///   low_variance (both sds x 1.3 / x 0.7); high_ot (overtime rate + 0.04: the agent's 0.06 ->
///   0.10; flat model only); no_correlation (rho set to 0); high_correlation (rho + 0.15: the
///   agent's fitted 0.2 -> its 0.35; it was a fixed 0.35, below the documented default 0.5, so
///   it lowered the correlation it is named for); skew_normal (skewness + 0.19).
///
/// plus `_summary` {p_under_min, p_under_max, p_under_spread} over the variants.
package struct TotalsScenarios: Sendable {
  /// The named moves, in the agent's order.
  package enum Variant: CaseIterable, Hashable, Sendable {
    case base, highPace, lowPace, highVariance, lowVariance, highOvertime, noCorrelation, highCorrelation, skewNormal
  }

  package struct Entry: Sendable {
    package let variant: Variant
    /// The model the variant ran: this game's with the variant's move (`variants(of:)`).
    package let model: GameModel
    package let pOver: Double
    package let pUnder: Double
    package let meanTotal: Double
    package let stdTotal: Double
  }

  package struct Summary: Sendable {
    package let pUnderMin: Double
    package let pUnderMax: Double
    package let pUnderSpread: Double
  }

  /// This game's own model, the one every variant moves from.
  package let base: GameModel
  /// Each variant's result, in the agent's order.
  package let entries: [Entry]
  package let summary: Summary

  /// The named variants of `model`. A skewed variant cannot keep a correlation beyond what
  /// skew-normal teams can have (SkewNormal.maxCorrelation): it is clamped there, so asking for
  /// scenarios never fails on a variant the user did not choose.
  package static func variants(of model: GameModel) -> [(Variant, GameModel)] {
    func with(_ change: (inout GameModel) -> Void) -> GameModel {
      var m = model
      change(&m)
      m = m.clampedToDomain()
      if m.skewness != 0 {
        let limit = SkewNormal(skewness: m.skewness).maxCorrelation
        m.correlation = min(max(m.correlation, -limit), limit)
      }
      return m
    }
    var list: [(Variant, GameModel)] = [
      (.base, model),
      (
        .highPace,
        with {
          $0.homeMean += Self.paceStep; $0.awayMean += Self.paceStep
        }
      ),
      (
        .lowPace,
        with {
          $0.homeMean -= Self.paceStep; $0.awayMean -= Self.paceStep
        }
      ),
      (
        .highVariance,
        with {
          $0.homeSD *= Self.highVarianceFactor; $0.awaySD *= Self.highVarianceFactor
        }
      ),
      (
        .lowVariance,
        with {
          $0.homeSD *= Self.lowVarianceFactor; $0.awaySD *= Self.lowVarianceFactor
        }
      ),
    ]
    if model.overtime.kind == .flat {
      list.append((.highOvertime, with { $0.overtime.rate = min(1, $0.overtime.rate + Self.overtimeStep) }))
    }
    list.append((.noCorrelation, with { $0.correlation = 0 }))
    list.append((.highCorrelation, with { $0.correlation = min(1, $0.correlation + Self.correlationStep) }))
    list.append((.skewNormal, with { $0.skewness = min(SkewNormal.maxSkewness, $0.skewness + Self.skewStep) }))
    return list
  }

  /// The moves of the agent's fixed values, from its own defaults: overtime 0.06 -> 0.10,
  /// correlation 0.2 (fitted) -> 0.35, skewness 0 -> 0.19.
  package static let overtimeStep = 0.04
  package static let correlationStep = 0.15
  package static let skewStep = 0.19
  /// Points added to (high pace) or taken from (low pace) each team's projection; the sds'
  /// factors of high and low variance.
  package static let paceStep = 3.0
  package static let highVarianceFactor = 1.3
  package static let lowVarianceFactor = 0.7

  /// Runs every variant at half of `options.simulations` (at least 1).
  package init(model: GameModel, line: Double, options: SimulationOptions) throws(InputError) {
    let variants = Self.variants(of: model)
    var half = options
    half.simulations = max(1, options.simulations / 2)
    let histograms = try GameSimulator.simulate(variants.map(\.1), options: half, commonRandomNumbers: true)
    base = model
    entries = zip(variants, histograms).map { variant, histogram in
      let totals = ScoreDistribution(histogram: histogram).totals
      let p = totals.probabilities(line: line)
      return Entry(
        variant: variant.0, model: variant.1, pOver: p.above, pUnder: p.below, meanTotal: totals.mean,
        stdTotal: totals.standardDeviation)
    }
    let unders = entries.map(\.pUnder)
    summary = Summary(pUnderMin: unders.min()!, pUnderMax: unders.max()!, pUnderSpread: unders.max()! - unders.min()!)
  }
}
