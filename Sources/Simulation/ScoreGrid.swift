import CRandom

/// The rectangle of final (home, away) scores a joint histogram covers, sized from the model so
/// that no regulation score can fall outside it: Box-Muller normals never exceed
/// |z| = 8.6546 (MC_NORMAL_MAX_ABS), so mean +/- 8.66 sd (plus the skew and overtime reach)
/// bounds every score the generator can produce. Tie-model overtime is covered for 8 periods;
/// the rare longer game is clamped to the edge and counted.
public struct ScoreGrid: Hashable, Sendable, Codable {
  public let homeMin: Int
  public let awayMin: Int
  public let homeBins: Int
  public let awayBins: Int

  public init(homeMin: Int, awayMin: Int, homeBins: Int, awayBins: Int) {
    self.homeMin = homeMin
    self.awayMin = awayMin
    self.homeBins = homeBins
    self.awayBins = awayBins
  }

  /// Periods of tie-model overtime the grid holds without clamping.
  public static let tiePeriodsCovered = 8

  public init(model: GameModel) {
    let zmax = MC_NORMAL_MAX_ABS
    let reach: Double
    if model.skewness == 0 {
      reach = zmax
    } else {
      let skew = SkewNormal(skewness: model.skewness)
      let d = abs(skew.delta)
      reach = (zmax * (d + (1 - d * d).squareRoot()) + abs(skew.shift)) / skew.scale
    }
    func range(_ mean: Double, _ sd: Double) -> (Int, Int) {
      var lo = Int((mean - reach * sd).rounded(.down)) - 1
      let hi = Int((mean + reach * sd).rounded(.up)) + 1
      if let floor = model.scoreFloor { lo = max(lo, floor) }
      return (lo, max(hi, lo))
    }
    let (hLo, hHi) = range(model.homeMean, model.homeSD)
    let (aLo, aHi) = range(model.awayMean, model.awaySD)
    let extra: Int
    switch model.overtime.kind {
    case .none:
      extra = 0
    case .flat:
      extra = model.overtime.rate > 0 ? Int((model.overtime.points + zmax * model.overtime.sd).rounded(.up)) / 2 + 2 : 0
    case .tie:
      let perPeriod = Int((model.overtime.points / 2 + zmax * model.overtime.sd / 2.0.squareRoot()).rounded(.up)) + 1
      extra = perPeriod * Self.tiePeriodsCovered
    }
    self.init(homeMin: hLo, awayMin: aLo, homeBins: hHi - hLo + 1 + extra, awayBins: aHi - aLo + 1 + extra)
  }

  public var cellCount: Int { homeBins * awayBins }
  public var homeMax: Int { homeMin + homeBins - 1 }
  public var awayMax: Int { awayMin + awayBins - 1 }

  @inline(__always) public func index(home: Int, away: Int) -> Int {
    (home - homeMin) * awayBins + (away - awayMin)
  }

  /// The cell a score lands in, clamped to the edge as the kernel clamps.
  @inline(__always) public func clampedIndex(home: Int, away: Int) -> Int {
    let r = min(max(home - homeMin, 0), homeBins - 1)
    let c = min(max(away - awayMin, 0), awayBins - 1)
    return r * awayBins + c
  }
}
