/// What a sweep can vary: the totals line and the offered price, which only change how one
/// simulated game is read, and the model's parameters, each of which needs a simulation of its
/// own (all of them on the same random numbers).
public enum SweepParameter: String, CaseIterable, Hashable, Sendable {
  /// The totals line (read off the histogram: no simulation).
  case line
  /// The decimal price offered on both the over and the under (read off the histogram).
  case price
  /// The home / away projection.
  case home, away
  /// Points added to both projections (the total moves by twice the shift).
  case shift
  /// The home / away sd.
  case homeSD = "home_sd", awaySD = "away_sd"
  /// A factor on both sds.
  case sdScale = "sd_scale"
  case rho
  /// The flat model's overtime rate; the overtime points (flat) or points per period (tie).
  case otRate = "ot_rate", otPoints = "ot_points"
  case skew

  /// Whether each value needs its own simulation (false: the line and the price are read off
  /// one joint histogram).
  public var changesModel: Bool { self != .line && self != .price }

  /// The model quantities a parameter moves: two parameters that move the same one cannot both
  /// be swept (`--home` with `--shift`, `--home-sd` with `--sd-scale`).
  public var moves: Set<String> {
    switch self {
    case .line: ["line"]
    case .price: ["price"]
    case .home: ["home_mean"]
    case .away: ["away_mean"]
    case .shift: ["home_mean", "away_mean"]
    case .homeSD: ["home_sd"]
    case .awaySD: ["away_sd"]
    case .sdScale: ["home_sd", "away_sd"]
    case .rho: ["rho"]
    case .otRate: ["ot_rate"]
    case .otPoints: ["ot_points"]
    case .skew: ["skew"]
    }
  }

  /// Shift and sd scale: moves from the base model's values rather than values of their own.
  public var isRelative: Bool { self == .shift || self == .sdScale }

  /// Sets the parameter to `value` on a model (the line and price leave it unchanged). Shift
  /// and sd scale move from the base model's own values.
  public func apply(_ value: Double, to m: inout GameModel, base: GameModel) {
    switch self {
    case .line, .price: break
    case .home: m.homeMean = value
    case .away: m.awayMean = value
    case .shift:
      m.homeMean = base.homeMean + value
      m.awayMean = base.awayMean + value
    case .homeSD: m.homeSD = value
    case .awaySD: m.awaySD = value
    case .sdScale:
      m.homeSD = base.homeSD * value
      m.awaySD = base.awaySD * value
    case .rho: m.correlation = value
    case .otRate: m.overtime.rate = value
    case .otPoints: m.overtime.points = value
    case .skew: m.skewness = value
    }
  }

  /// How the parameter is named in words (axis labels, tables).
  public var label: String {
    switch self {
    case .line: "totals line"
    case .price: "decimal price (both sides)"
    case .home: "home projection"
    case .away: "away projection"
    case .shift: "shift of both projections"
    case .homeSD: "home sd"
    case .awaySD: "away sd"
    case .sdScale: "sd scale (both sds)"
    case .rho: "correlation rho"
    case .otRate: "overtime rate"
    case .otPoints: "overtime points"
    case .skew: "skewness"
    }
  }
}
