import OddsMath
import Simulation

/// A totals line priced over a grid of parameters: `mcsim sweep`.
///
/// The request gives each parameter's values; one value sets the parameter, several sweep it.
/// The model every point starts from is the base (`RunContext`) with the first home and
/// away values, then the single values of their own (`--home-sd 12`), then the relative moves
/// from them (`--sd-scale 2`: 24). A single shift or sd scale that would move what a grid of the
/// same quantity sets outright is refused, naming both, rather than half applied.
package struct SweepPricingRequest: Sendable {
  package var base: GameModel
  /// Each parameter's values (`.line`, `.home` and `.away` required).
  package var grids: [SweepParameter: [Double]]
  package var overOdds: Odds
  package var underOdds: Odds
  /// The line the prices are offered at, when the swept lines are alternatives to it.
  package var offeredLine: Double?
  package var spread: Double?
  package var moneyline: Bool
  package var options: SimulationOptions
  package var exact: Bool
  package var policy: AdvicePolicy
  /// How a refusal names a parameter to the user (the command line: its option, `--shift`).
  package var name: @Sendable (SweepParameter) -> String = { $0.rawValue }
  /// What the sweep stands on (`RunContext`), carried into its answer.
  package var provenance = Provenance()

  package init(
    base: GameModel, grids: [SweepParameter: [Double]], overOdds: Odds = Defaults.price, underOdds: Odds = Defaults.price,
    offeredLine: Double? = nil, spread: Double? = nil, moneyline: Bool = false, options: SimulationOptions,
    exact: Bool = Defaults.exact, policy: AdvicePolicy = Defaults.advice
  ) {
    self.base = base
    self.grids = grids
    self.overOdds = overOdds
    self.underOdds = underOdds
    self.offeredLine = offeredLine
    self.spread = spread
    self.moneyline = moneyline
    self.options = options
    self.exact = exact
    self.policy = policy
  }
}

/// A sweep priced, with what it stood on.
package struct PricedSweep: Sendable {
  package let sweep: ParameterSweep
  package let provenance: Provenance
}

package enum SweepPricing {
  /// The most points a grid may have.
  package static let maxPoints = SweepAxis.maxPoints
  /// Every parameter a sweep reads, by name (`line`, `home_sd`, `sd_scale`, ...), in order.
  package static let parameterNames = SweepParameter.allCases.map(\.rawValue)

  /// Grids given by parameter name, keyed by their parameter (a name that is none is left out).
  package static func grids(_ named: [String: [Double]]) -> [SweepParameter: [Double]] {
    Dictionary(
      uniqueKeysWithValues: named.map { name, values in
        guard let parameter = SweepParameter(rawValue: name) else { preconditionFailure("no sweep parameter is named \(name)") }
        return (parameter, values)
      })
  }

  /// A grid of one value is a setting of the model like any option (it lays over a file's value
  /// and is said where it replaces one); nil for what is not a model setting (line, price, means).
  package static func fixed(_ parameter: SweepParameter, _ value: Double) -> ModelSetting? {
    switch parameter {
    case .homeSD: .homeSD(value)
    case .awaySD: .awaySD(value)
    case .rho: .rho(value)
    case .otRate: .otRate(value)
    case .otPoints: .otPoints(value)
    case .skew: .skew(value)
    default: nil
    }
  }

  /// The sweep. A refusal's field is the parameter's raw value (`shift`, `sd_scale`), its message
  /// naming the parameters as the request's `name` does.
  package static func price(_ request: SweepPricingRequest) throws(InputError) -> PricedSweep {
    let grids = request.grids
    guard let lines = grids[.line], let homes = grids[.home], let aways = grids[.away],
      !lines.isEmpty, !homes.isEmpty, !aways.isEmpty
    else {
      throw .invalid(field: "sweep", value: "", reason: "give the line, the home and the away projections")
    }
    var model = request.base
    model.homeMean = homes[0]
    model.awayMean = aways[0]
    for relative in SweepParameter.allCases where relative.isRelative && grids[relative]?.count == 1 {
      for absolute in SweepParameter.allCases
      where !absolute.isRelative && (grids[absolute]?.count ?? 0) > 1 && !absolute.moves.isDisjoint(with: relative.moves) {
        let (r, a) = (request.name(relative), request.name(absolute))
        throw .invalid(
          field: relative.rawValue, value: "\(grids[relative]![0])",
          reason: "moves what the \(a) grid sets: sweep \(r) instead, or fold it into \(a)'s values")
      }
    }
    let defaults = model
    for parameter in SweepParameter.allCases where parameter.changesModel && !parameter.isRelative {
      if let values = grids[parameter], values.count == 1 { parameter.apply(values[0], to: &model, base: defaults) }
    }
    let fixed = model
    for parameter in SweepParameter.allCases where parameter.isRelative {
      if let values = grids[parameter], values.count == 1 { parameter.apply(values[0], to: &model, base: fixed) }
    }
    var over = request.overOdds, under = request.underOdds
    if let prices = grids[.price], prices.count == 1 {
      do { over = try Odds(decimal: prices[0]) } catch {
        throw .invalid(field: "price", value: "\(prices[0])", reason: "\(error)")
      }
      under = over
    }
    let axes = SweepParameter.allCases.compactMap { p in grids[p].flatMap { $0.count > 1 ? SweepAxis(p, $0) : nil } }
    let market = TotalsMarket(line: request.offeredLine ?? lines[0], overOdds: over, underOdds: under)
    let sweep = try ParameterSweep(
      model: model, market: market, axes: axes.isEmpty ? [SweepAxis(.line, lines)] : axes,
      offeredLine: request.offeredLine, spread: request.spread, moneyline: request.moneyline,
      options: request.options, exact: request.exact, policy: request.policy)
    return PricedSweep(sweep: sweep, provenance: request.provenance)
  }
}
