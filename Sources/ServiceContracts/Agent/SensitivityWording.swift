import Foundation
import Simulation

/// The names and sentences of the `sensitivity` block: mcsim's key of each input, the agent's
/// (t1 is home), and the `description` and `interpretation` of each slope; the table and the game
/// page reuse them.
extension TotalsSensitivity.Input {
  /// mcsim's key: `home_projection`, `away_projection`, `home_std_dev`, `away_std_dev`.
  package var name: String {
    switch self {
    case .homeProjection: "home_projection"
    case .awayProjection: "away_projection"
    case .homeSD: "home_std_dev"
    case .awaySD: "away_std_dev"
    }
  }

  /// The agent's key: `t1_projection`, `t2_projection`, `t1_std_dev`, `t2_std_dev`.
  package var agentName: String {
    switch self {
    case .homeProjection: "t1_projection"
    case .awayProjection: "t2_projection"
    case .homeSD: "t1_std_dev"
    case .awaySD: "t2_std_dev"
    }
  }

  /// "home projection", "away sd".
  package var label: String {
    switch self {
    case .homeProjection: "home projection"
    case .awayProjection: "away projection"
    case .homeSD: "home sd"
    case .awaySD: "away sd"
    }
  }
}

extension TotalsSensitivity.Kind {
  /// `projection` or `variance` (mcsim's `ranking.dominant`).
  package var name: String { self == .projection ? "projection" : "variance" }
}

extension TotalsSensitivity.Parameter {
  /// "Change in P(under) per point of the home projection, from +/-5% around 115.00".
  package var description: String {
    "Change in P(under) per point of the \(input.label), from +/-5% around \(PrintfNumber.format("%.2f", value))"
  }

  /// The slope's direction in percentage points with its 95% margin when it is significant, else
  /// that it is not distinguishable from zero at this number of simulations.
  package var interpretation: String {
    let slope = sensitivityPerPoint ?? sensitivityPerStd ?? 0
    let pp = { (x: Double) in PrintfNumber.format("%.2f", x * 100) }
    let margin = pp(ProportionInterval.z95 * standardError)
    guard significant else {
      return "Not distinguishable from zero at \(simulations) simulations: \(pp(slope)) +/- \(margin) percentage points per point of \(input.label)"
    }
    let direction = slope > 0 ? "raises" : (slope < 0 ? "lowers" : "does not move")
    return "One more point of \(input.label) \(direction) P(under) by \(pp(abs(slope))) percentage points (+/- \(margin))"
  }
}
