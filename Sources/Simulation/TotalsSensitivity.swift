import Foundation

/// The betting agent's `sensitivity` block (docs/contracts.md, "Betting agent"): how P(under) moves with
/// each input, by central differences of +/- 5% of the input, all runs on the same random
/// numbers (common random numbers make the difference quotient nearly noise-free):
///
///   d P(under) / d x  ~  (P_under(1.05 x) - P_under(0.95 x)) / (0.10 x)
///
/// per point of projection (`sensitivity_per_point`) or per point of sd
/// (`sensitivity_per_std`), for home/away projection and sd; plus a ranking of the projections'
/// impact against the sds' (the change in P(under) across each +/- 5% band, summed per kind).
///
/// Each slope carries its standard error, from the common-random-number difference
/// D = 1[under at high] - 1[under at low] of each game, se = sd(D) / sqrt(n) / width:
///   - a projection (overtime flat or none) moves every game's total one way, so D never
///     changes sign and Var D = |dp| (1 - |dp|) exactly;
///   - an sd moves games both ways (and tie-model overtime realigns its draws), so the two
///     histograms do not give Var D: the games that moved up and down are counted by replaying
///     both models on the same draws (`GameSimulator.pairedUnders`), and
///     Var D = (u + d) / n - ((u - d) / n)^2 exactly. Inside a shard's run, which prints
///     nothing, that replay is skipped, and the bound Var D <= p_low (1 - p_low) + p_high
///     (1 - p_high) (flagged `standardErrorIsBound`) stands in.
/// A slope is `significant` when |slope| > 1.96 se (the contracts then state its direction, else
/// that it is not distinguishable from zero at this number of simulations). With `exact`, the
/// same central difference of the exact model (normal scores) stands beside each slope.
package struct TotalsSensitivity: Sendable {
  /// The inputs moved, in this order.
  package enum Input: CaseIterable, Hashable, Sendable {
    case homeProjection, awayProjection, homeSD, awaySD

    /// A standard deviation (its slope is per point of sd) rather than a projection.
    package var isSD: Bool { self == .homeSD || self == .awaySD }
  }

  /// Which kind of input moves P(under) more.
  package enum Kind: Hashable, Sendable { case projection, variance }

  package struct Parameter: Sendable {
    package let input: Input
    /// The input's value in this game's model: the steps are +/-5% of it.
    package let value: Double
    /// The simulations each step ran.
    package let simulations: Int
    /// Per point of projection (projections) ...
    package let sensitivityPerPoint: Double?
    /// ... or per point of standard deviation (sds).
    package let sensitivityPerStd: Double?
    /// P(under) at 0.95 x and at 1.05 x.
    package let pUnderLow: Double
    package let pUnderHigh: Double
    /// Standard error of the slope (per point); an upper bound when `standardErrorIsBound`.
    package let standardError: Double
    package let standardErrorIsBound: Bool
    /// Whether |slope| > 1.96 standard errors.
    package let significant: Bool
    /// The same central difference of the exact distribution; nil without one or when not asked.
    package let exactSensitivity: Double?
  }

  package struct Ranking: Sendable {
    /// |change in P(under)| over the +/- 5% bands of both projections, and of both sds.
    package let projectionImpact: Double
    package let varianceImpact: Double
    package let dominant: Kind
    /// The inputs, most influential first.
    package let order: [Input]
  }

  package static let relativeStep = 0.05
  /// Runs of the game it simulates: a step down and up for each of the four knobs.
  package static let runCount = 8
  package let parameters: [Parameter]
  package let ranking: Ranking

  package init(model: GameModel, line: Double, options: SimulationOptions, exact: Bool = false) throws(InputError) {
    typealias Knob = (input: Input, value: Double, set: (inout GameModel, Double) -> Void, isSD: Bool)
    let knobs: [Knob] = [
      (.homeProjection, model.homeMean, { $0.homeMean = $1 }, false),
      (.awayProjection, model.awayMean, { $0.awayMean = $1 }, false),
      (.homeSD, model.homeSD, { $0.homeSD = $1 }, true),
      (.awaySD, model.awaySD, { $0.awaySD = $1 }, true),
    ]
    var models: [GameModel] = []
    // The points actually used: +/-5%, clamped to the model's domain at its edges (the slope
    // divides by the width actually stepped, so it stays a central or one-sided difference).
    var steps: [(low: Double, high: Double)] = []
    for knob in knobs {
      let range = knob.isSD ? GameModel.sdRange : GameModel.projectionRange
      let low = GameModel.clamp(knob.value * (1 - Self.relativeStep), range)
      let high = GameModel.clamp(knob.value * (1 + Self.relativeStep), range)
      steps.append((low, high))
      for x in [low, high] {
        var m = model
        knob.set(&m, x)
        models.append(m)
      }
    }
    let histograms = try GameSimulator.simulate(models, options: options, commonRandomNumbers: true)
    let unders = histograms.map { ScoreDistribution(histogram: $0).totals.probabilities(line: line).below }
    let exactUnders: [Double]? =
      exact && model.skewness == 0
      ? models.compactMap { ExactScoreDistribution.compute($0)?.totals.probabilities(line: line).below } : nil
    // The games each histogram actually counted (the same for every model of the call).
    let n = Double(max(1, histograms.map(\.games).min() ?? 1))
    var parameters: [Parameter] = []
    var impacts: [(Input, Double, Bool)] = []
    for (k, knob) in knobs.enumerated() {
      let low = unders[2 * k], high = unders[2 * k + 1]
      let step = steps[k]
      let unclamped = step.low == knob.value * (1 - Self.relativeStep) && step.high == knob.value * (1 + Self.relativeStep)
      let width = unclamped ? 2 * Self.relativeStep * knob.value : step.high - step.low
      let slope = width == 0 ? 0 : (high - low) / width
      // One-signed differences (a projection, overtime not realigned): exact variance; else the bound.
      let oneSigned = !knob.isSD && model.overtime.kind != .tie
      let dp = abs(high - low)
      var varianceD = dp * (1 - dp)
      var bound = false
      if !oneSigned {
        if let moved = try GameSimulator.pairedUnders(models[2 * k], models[2 * k + 1], line: line, options: options) {
          let up = Double(moved.secondOnly) / n, down = Double(moved.firstOnly) / n
          varianceD = up + down - (up - down) * (up - down)
        } else {
          varianceD = low * (1 - low) + high * (1 - high)
          bound = true
        }
      }
      let se = width == 0 ? 0 : (max(0, varianceD) / n).squareRoot() / width
      let significant = abs(slope) > ProportionInterval.z95 * se
      let exactSlope = exactUnders.flatMap { e in e.count == models.count && width > 0 ? (e[2 * k + 1] - e[2 * k]) / width : nil }
      parameters.append(
        Parameter(
          input: knob.input, value: knob.value, simulations: options.simulations,
          sensitivityPerPoint: knob.isSD ? nil : slope, sensitivityPerStd: knob.isSD ? slope : nil,
          pUnderLow: low, pUnderHigh: high, standardError: se, standardErrorIsBound: bound, significant: significant,
          exactSensitivity: exactSlope))
      impacts.append((knob.input, abs(high - low), knob.isSD))
    }
    self.parameters = parameters
    let projection = impacts.filter { !$0.2 }.reduce(0) { $0 + $1.1 }
    let variance = impacts.filter { $0.2 }.reduce(0) { $0 + $1.1 }
    ranking = Ranking(
      projectionImpact: projection, varianceImpact: variance,
      dominant: projection >= variance ? .projection : .variance,
      order: impacts.sorted { $0.1 > $1.1 }.map(\.0))
  }
}
