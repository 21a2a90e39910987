import Foundation
import Simulation

/// The agent's scenario names and mcsim's `definition` of each (what the variant moved, with the
/// values used): the wire's words for `TotalsScenarios`, which the table and the game page reuse.
extension TotalsScenarios.Variant {
  /// The agent's key: `high_pace`, `high_ot`, ...
  package var name: String {
    switch self {
    case .base: "base"
    case .highPace: "high_pace"
    case .lowPace: "low_pace"
    case .highVariance: "high_variance"
    case .lowVariance: "low_variance"
    case .highOvertime: "high_ot"
    case .noCorrelation: "no_correlation"
    case .highCorrelation: "high_correlation"
    case .skewNormal: "skew_normal"
    }
  }
}

extension TotalsScenarios.Entry {
  /// How the variant moved this game's model `base` ("rho +0.15: 0.50 -> 0.65").
  package func definition(from base: GameModel) -> String {
    func f(_ x: Double) -> String { PrintfNumber.format("%.2f", x) }
    func g(_ x: Double) -> String { PrintfNumber.format("%g", x) }
    let m = model
    switch variant {
    case .base: return "this game's model"
    case .highPace, .lowPace:
      return
        "projections \(variant == .highPace ? "+" : "-")\(g(TotalsScenarios.paceStep)) points each: home \(f(base.homeMean)) -> \(f(m.homeMean)), away \(f(base.awayMean)) -> \(f(m.awayMean))"
    case .highVariance, .lowVariance:
      let factor = variant == .highVariance ? TotalsScenarios.highVarianceFactor : TotalsScenarios.lowVarianceFactor
      return "sds x\(g(factor)): home \(f(base.homeSD)) -> \(f(m.homeSD)), away \(f(base.awaySD)) -> \(f(m.awaySD))"
    case .highOvertime:
      return "overtime rate +\(f(TotalsScenarios.overtimeStep)): \(f(base.overtime.rate)) -> \(f(m.overtime.rate))"
    case .noCorrelation: return "rho set to 0 (from \(f(base.correlation)))"
    case .highCorrelation: return "rho +\(f(TotalsScenarios.correlationStep)): \(f(base.correlation)) -> \(f(m.correlation))"
    case .skewNormal:
      return
        "skewness +\(f(TotalsScenarios.skewStep)): \(f(base.skewness)) -> \(f(m.skewness))\(m.correlation != base.correlation ? ", rho clamped to \(f(m.correlation))" : "")"
    }
  }
}
