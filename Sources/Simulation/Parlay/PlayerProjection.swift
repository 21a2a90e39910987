/// A player's projection for one stat: the mean and sd of a normal latent, its correlation
/// with his team's regulation points, and his game and team.
///
/// Integer outcomes: the stat is round(max(0, latent)), rounded like the team scores and
/// floored at zero (a count is never negative). So P(stat >= k) = 1 - Phi((k - 1/2 - mean) / sd)
/// for k >= 1 exactly, and an over k - 1/2 line is a condition on the latent alone. (For small
/// counts such as threes the floor puts the latent's lower tail at 0; a Poisson or negative-
/// binomial margin through the same Gaussian copula would suit them better and is left for
/// later: docs/parlays-and-props.md.)
public struct PlayerProjection: Hashable, Sendable {
  public var name: String
  public var stat: PlayerStat
  /// Index of his game in `Parlay.games`.
  public var game: Int
  public var team: ParlayLeg.Team
  public var mean: Double
  public var sd: Double
  /// Correlation with his team's regulation points; nil for the stat's default.
  public var teamCorrelation: Double?
  /// How the count is drawn from the latent (`CountMargin`): rounded normal by default.
  public var margin: CountMargin = .normal
  /// Whether `sd` is the stat's default (`PlayerStat.defaultSDRatio` times the mean) rather
  /// than given: reports say so.
  public var sdIsDefault = false

  public init(
    name: String, stat: PlayerStat, game: Int = 0, team: ParlayLeg.Team, mean: Double, sd: Double,
    teamCorrelation: Double? = nil
  ) {
    self.name = name
    self.stat = stat
    self.game = game
    self.team = team
    self.mean = mean
    self.sd = sd
    self.teamCorrelation = teamCorrelation
  }

  /// The correlation used: the given one or the stat's default.
  public var correlationUsed: Double { teamCorrelation ?? stat.defaultTeamCorrelation }

  /// "Jayson Tatum points": how reports and errors name the quantity.
  public var quantityName: String { "\(name) \(stat.rawValue)" }

  public static let maxMean = 200.0
  public static let maxSD = 100.0

  /// Every invalid field, named `player[Jayson Tatum points].mean` and so on.
  public func problems() -> [InputError] {
    var out: [InputError] = []
    let field = "player[\(quantityName)]"
    if name.isEmpty || name.contains(":") {
      out.append(.invalid(field: "player", value: "'\(name)'", reason: "a player needs a name without ':'"))
    }
    if !(mean.isFinite && mean >= 0 && mean <= Self.maxMean) {
      out.append(.invalid(field: "\(field).mean", value: "\(mean)", reason: "must be in [0, \(Int(Self.maxMean))]"))
    }
    if !(sd.isFinite && sd > 0 && sd <= Self.maxSD) {
      out.append(.invalid(field: "\(field).sd", value: "\(sd)", reason: "must be in (0, \(Int(Self.maxSD))]"))
    }
    if margin == .negativeBinomial, mean.isFinite, sd.isFinite, !(mean > 0 && sd * sd > mean) {
      out.append(
        .invalid(
          field: "\(field).sd", value: "\(sd)",
          reason: "a negative binomial needs sd^2 > mean (\(mean)); use poisson for sd^2 = mean"))
    }
    if margin == .poisson, !(mean > 0) {
      out.append(.invalid(field: "\(field).mean", value: "\(mean)", reason: "a Poisson count needs a mean above 0"))
    }
    if let r = teamCorrelation, !(r.isFinite && (-1...1).contains(r)) {
      out.append(.invalid(field: "\(field).team_correlation", value: "\(r)", reason: "must be in [-1, 1]"))
    }
    return out
  }
}
