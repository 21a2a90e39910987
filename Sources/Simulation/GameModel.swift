/// The model of one basketball game: regulation scores are bivariate normal (optionally
/// skew-normal), rounded to integers, floored (at 0 unless set), then overtime is added.
///
/// Defaults follow the betting agent the engine replaces (docs/contracts.md, "Betting agent"): sd 10 for
/// each team, correlation 0.5, the flat overtime model with rate 0.06 and Normal(12, 3) points.
public struct GameModel: Hashable, Sendable {
  /// Projected regulation points of each team (the normal's means).
  public var homeMean: Double
  public var awayMean: Double
  public var homeSD: Double
  public var awaySD: Double
  /// Correlation of the two teams' regulation points, in [-1, 1].
  public var correlation: Double
  public var overtime: Overtime
  /// Regulation scores below this are raised to it: 0 by default (a score below zero is
  /// impossible in any sport; with sd 100 the normal would give -557), the replaced service
  /// used 70; nil for none (the bare bivariate normal, as in tests of the maths).
  public var scoreFloor: Int?
  /// Skewness of each team's regulation points (0 = normal). Each marginal is skew-normal with
  /// this skewness and the same mean and sd; |skewness| < 0.99.
  public var skewness: Double
  /// The least sd `validate` accepts: `minSD` for a model a user gives; the rest of a game in
  /// play (`InPlayGame`) may be all but certain.
  package var sdFloor = GameModel.minSD

  public init(
    homeMean: Double, awayMean: Double, homeSD: Double = 10, awaySD: Double = 10,
    correlation: Double = 0.5, overtime: Overtime = Overtime(), scoreFloor: Int? = 0,
    skewness: Double = 0
  ) {
    self.homeMean = homeMean
    self.awayMean = awayMean
    self.homeSD = homeSD
    self.awaySD = awaySD
    self.correlation = correlation
    self.overtime = overtime
    self.scoreFloor = scoreFloor
    self.skewness = skewness
  }

  /// Name of the score distribution, as the replaced service reports it.
  public var distributionName: String { skewness == 0 ? "normal" : "skew_normal" }

  /// Projections must lie in [0, maxProjection] and sds in [minSD, maxSD]: wide enough for any
  /// sport scored in points, narrow enough that the score grid stays small (its side grows as
  /// 17 sd) and every score fits the kernel's 32-bit integers.
  public static let maxProjection = 1000.0
  public static let minSD = 0.5
  public static let maxSD = 100.0

  /// The largest |skewness| whose latent correlation for `correlation` stays in [-1, 1], to 3
  /// decimals (rounded down), by bisection: the adjustment grows with the skewness.
  public static func largestSkewness(correlation: Double) -> Double {
    func reachable(_ s: Double) -> Bool { abs(SkewNormal(skewness: s).latentCorrelation(for: correlation)) <= 1 + 1e-12 }
    if reachable(SkewNormal.maxSkewness) { return SkewNormal.maxSkewness }
    var lo = 0.0, hi = SkewNormal.maxSkewness
    for _ in 0..<40 {
      let mid = (lo + hi) / 2
      if reachable(mid) { lo = mid } else { hi = mid }
    }
    return (lo * 1000).rounded(.down) / 1000
  }

  /// Throws the first invalid field, named as the user knows it.
  public func validate() throws(InputError) {
    if let first = problems().first { throw first }
  }

  /// Every invalid field, each named as the user knows it, in the order of the model's fields.
  public func problems() -> [InputError] {
    var out: [InputError] = []
    func check(_ body: () throws(InputError) -> Void) {
      do { try body() } catch { out.append(error) }
    }
    for (field, mean) in [("home_projection", homeMean), ("away_projection", awayMean)] {
      check { () throws(InputError) in
        try InputError.requireFinite(field, mean)
        guard mean >= 0, mean <= Self.maxProjection else {
          throw .invalid(field: field, value: "\(mean)", reason: "must be in [0, \(Int(Self.maxProjection))]")
        }
      }
    }
    for (field, sd) in [("home_std_dev", homeSD), ("away_std_dev", awaySD)] {
      check { () throws(InputError) in
        // One rule for every sd out of range (-3 and 0.1 alike): the range.
        try InputError.requireFinite(field, sd)
        guard sd >= sdFloor, sd <= Self.maxSD else {
          throw .invalid(field: field, value: "\(sd)", reason: "must be in [\(sdFloor), \(Int(Self.maxSD))]")
        }
      }
    }
    let before = out.count
    check { () throws(InputError) in
      try InputError.requireFinite("correlation", correlation)
      guard (-1...1).contains(correlation) else {
        throw .invalid(field: "correlation", value: "\(correlation)", reason: "must be in [-1, 1]")
      }
    }
    check { () throws(InputError) in
      try InputError.requireFinite("skewness", skewness)
      guard abs(skewness) <= SkewNormal.maxSkewness else {
        throw .invalid(
          field: "skewness", value: "\(skewness)",
          reason: "must be in [-\(SkewNormal.maxSkewness), \(SkewNormal.maxSkewness)]")
      }
    }
    // Reachability is a question only when correlation and skewness are each valid.
    if skewness != 0 && out.count == before {
      let adjusted = SkewNormal(skewness: skewness).latentCorrelation(for: correlation)
      if !(abs(adjusted) <= 1 + 1e-12) {
        out.append(
          .invalid(
            field: "correlation", value: "\(correlation)",
            reason:
              "is not reachable with skewness \(skewness) (needs latent correlation \(adjusted)); with this correlation the skewness can be at most \(Self.largestSkewness(correlation: correlation))"
          ))
      }
    }
    if let floor = scoreFloor, floor < 0 || floor > 400 {
      out.append(.invalid(field: "score_floor", value: "\(floor)", reason: "must be in [0, 400]"))
    }
    out += overtime.problems()
    return out
  }
}

/// How overtime is added to regulation scores.
public struct Overtime: Hashable, Sendable {
  public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
    /// No overtime: regulation scores are final (ties stay ties).
    case none
    /// The replaced service's model: with probability `rate` a game goes to overtime, whatever
    /// the score, and gains round(max(0, Normal(points, sd))) points split between the teams.
    /// Totals as the service computed them; a tie stays a tie, so moneylines do not resolve.
    case flat
    /// Overtime exactly when regulation ends level; each five-minute period each team scores
    /// round(max(0, Normal(points / 2, sd / sqrt 2))); periods repeat until one team leads.
    /// Every game has a winner: the model under which moneylines resolve correctly.
    case tie
  }

  public var kind: Kind
  /// Probability of overtime (flat model only).
  public var rate: Double
  /// Mean and sd of the points both teams add in overtime (flat) or in one period (tie).
  public var points: Double
  public var sd: Double

  public init(kind: Kind = .flat, rate: Double = 0.06, points: Double = 12, sd: Double = 3) {
    self.kind = kind
    self.rate = rate
    self.points = points
    self.sd = sd
  }

  public func validate() throws(InputError) {
    if let first = problems().first { throw first }
  }

  /// Every invalid overtime field.
  public func problems() -> [InputError] {
    var out: [InputError] = []
    func check(_ body: () throws(InputError) -> Void) {
      do { try body() } catch { out.append(error) }
    }
    check { () throws(InputError) in
      try InputError.requireFinite("ot_rate", rate)
      guard (0...1).contains(rate) else {
        throw .invalid(field: "ot_rate", value: "\(rate)", reason: "must be in [0, 1]")
      }
    }
    check { () throws(InputError) in
      try InputError.requireFinite("ot_points", points)
      guard points >= 0, points <= 100 else {
        throw .invalid(field: "ot_points", value: "\(points)", reason: "must be in [0, 100]")
      }
      // Periods repeat while tied: they need points and spread to ever separate the teams.
      guard kind != .tie || points >= 1 else {
        throw .invalid(field: "ot_points", value: "\(points)", reason: "must be at least 1 with the tie model")
      }
    }
    check { () throws(InputError) in
      try InputError.requireFinite("ot_sd", sd)
      guard sd >= 0, sd <= 50 else {
        throw .invalid(field: "ot_sd", value: "\(sd)", reason: "must be in [0, 50]")
      }
      guard kind != .tie || sd >= 0.5 else {
        throw .invalid(field: "ot_sd", value: "\(sd)", reason: "must be at least 0.5 with the tie model")
      }
    }
    return out
  }
}
