/// The betting agent's `scenarios` block (CONTRACTS.md section 1): the same totals market under
/// named variants of the model, at half the simulations, every variant on the same random
/// numbers so that their differences are the model's, not noise.
///
///   base; high_pace / low_pace (each team's projection +/- 3 points); high_variance /
///   low_variance (both sds x 1.3 / x 0.7); high_ot (overtime rate 0.10, flat model only);
///   no_correlation (0); high_correlation (0.35); skew_normal (skewness 0.19)
///
/// plus `_summary` {p_under_min, p_under_max, p_under_spread} over the variants.
public struct TotalsScenarios: Sendable {
  public struct Entry: Sendable {
    public let pOver: Double
    public let pUnder: Double
    public let meanTotal: Double
    public let stdTotal: Double
  }

  public struct Summary: Sendable {
    public let pUnderMin: Double
    public let pUnderMax: Double
    public let pUnderSpread: Double
  }

  /// Scenario name and result, in the agent's order.
  public let entries: [(name: String, entry: Entry)]
  public let summary: Summary

  /// The named variants of `model`. A skewed variant cannot keep a correlation beyond what
  /// skew-normal teams can have (SkewNormal.maxCorrelation): it is clamped there, so asking for
  /// scenarios never fails on a variant the user did not choose.
  public static func variants(of model: GameModel) -> [(String, GameModel)] {
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
    var list: [(String, GameModel)] = [
      ("base", model),
      ("high_pace", with { $0.homeMean += 3; $0.awayMean += 3 }),
      ("low_pace", with { $0.homeMean -= 3; $0.awayMean -= 3 }),
      ("high_variance", with { $0.homeSD *= 1.3; $0.awaySD *= 1.3 }),
      ("low_variance", with { $0.homeSD *= 0.7; $0.awaySD *= 0.7 }),
    ]
    if model.overtime.kind == .flat { list.append(("high_ot", with { $0.overtime.rate = 0.10 })) }
    list.append(("no_correlation", with { $0.correlation = 0 }))
    list.append(("high_correlation", with { $0.correlation = 0.35 }))
    list.append(("skew_normal", with { $0.skewness = 0.19 }))
    return list
  }

  /// Runs every variant at half of `options.simulations` (at least 1).
  public init(model: GameModel, line: Double, options: SimulationOptions) throws(InputError) {
    let variants = Self.variants(of: model)
    var half = options
    half.simulations = max(1, options.simulations / 2)
    let histograms = try GameSimulator.simulate(variants.map(\.1), options: half, commonRandomNumbers: true)
    entries = zip(variants, histograms).map { variant, histogram in
      let totals = ScoreDistribution(histogram: histogram).totals
      let p = totals.probabilities(line: line)
      return (variant.0, Entry(pOver: p.above, pUnder: p.below, meanTotal: totals.mean, stdTotal: totals.standardDeviation))
    }
    let unders = entries.map(\.entry.pUnder)
    summary = Summary(pUnderMin: unders.min()!, pUnderMax: unders.max()!, pUnderSpread: unders.max()! - unders.min()!)
  }
}
