import Foundation

/// The betting agent's `sensitivity` block (CONTRACTS.md section 1): how P(under) moves with
/// each input, by central differences of +/- 5% of the input, all runs on the same random
/// numbers (common random numbers make the difference quotient nearly noise-free):
///
///   d P(under) / d x  ~  (P_under(1.05 x) - P_under(0.95 x)) / (0.10 x)
///
/// per point of projection (`sensitivity_per_point`) or per point of sd
/// (`sensitivity_per_std`), for home/away projection and sd; plus a ranking of the projections'
/// impact against the sds' (the change in P(under) across each +/- 5% band, summed per kind).
public struct TotalsSensitivity: Sendable {
  public struct Parameter: Sendable {
    /// Per point of projection (projections) ...
    public let sensitivityPerPoint: Double?
    /// ... or per point of standard deviation (sds).
    public let sensitivityPerStd: Double?
    /// P(under) at 0.95 x and at 1.05 x.
    public let pUnderLow: Double
    public let pUnderHigh: Double
    public let description: String
    public let interpretation: String
  }

  public struct Ranking: Sendable {
    /// |change in P(under)| over the +/- 5% bands of both projections, and of both sds.
    public let projectionImpact: Double
    public let varianceImpact: Double
    /// "projection" or "variance".
    public let dominant: String
    /// The parameters, most influential first.
    public let order: [String]
  }

  public static let relativeStep = 0.05
  public let parameters: [(name: String, value: Parameter)]
  public let ranking: Ranking

  public init(model: GameModel, line: Double, options: SimulationOptions) throws(InputError) {
    typealias Knob = (name: String, value: Double, set: (inout GameModel, Double) -> Void, isSD: Bool, label: String)
    let knobs: [Knob] = [
      ("home_projection", model.homeMean, { $0.homeMean = $1 }, false, "home projection"),
      ("away_projection", model.awayMean, { $0.awayMean = $1 }, false, "away projection"),
      ("home_std_dev", model.homeSD, { $0.homeSD = $1 }, true, "home sd"),
      ("away_std_dev", model.awaySD, { $0.awaySD = $1 }, true, "away sd"),
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
    var parameters: [(String, Parameter)] = []
    var impacts: [(String, Double, Bool)] = []
    for (k, knob) in knobs.enumerated() {
      let low = unders[2 * k], high = unders[2 * k + 1]
      let step = steps[k]
      let unclamped = step.low == knob.value * (1 - Self.relativeStep) && step.high == knob.value * (1 + Self.relativeStep)
      let width = unclamped ? 2 * Self.relativeStep * knob.value : step.high - step.low
      let slope = width == 0 ? 0 : (high - low) / width
      let unit = "point"
      let direction = slope > 0 ? "raises" : (slope < 0 ? "lowers" : "does not move")
      parameters.append((knob.name, Parameter(
        sensitivityPerPoint: knob.isSD ? nil : slope, sensitivityPerStd: knob.isSD ? slope : nil,
        pUnderLow: low, pUnderHigh: high,
        description: "Change in P(under) per \(unit) of the \(knob.label), from +/-5% around \(String(format: "%.2f", knob.value))",
        interpretation: "One more \(unit) of \(knob.label) \(direction) P(under) by \(String(format: "%.2f", abs(slope) * 100)) percentage points")))
      impacts.append((knob.name, abs(high - low), knob.isSD))
    }
    self.parameters = parameters
    let projection = impacts.filter { !$0.2 }.reduce(0) { $0 + $1.1 }
    let variance = impacts.filter { $0.2 }.reduce(0) { $0 + $1.1 }
    ranking = Ranking(
      projectionImpact: projection, varianceImpact: variance,
      dominant: projection >= variance ? "projection" : "variance",
      order: impacts.sorted { $0.1 > $1.1 }.map(\.0))
  }
}
