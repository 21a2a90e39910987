/// The model as run: its name and every parameter.
public struct ModelDescription: Sendable {
  public let name: String
  public let distribution: String
  public let homeMean: Double
  public let awayMean: Double
  public let homeStdDev: Double
  public let awayStdDev: Double
  public let correlation: Double
  public let skewness: Double
  public let scoreFloor: Int?
  public let otModel: String
  public let otRate: Double
  public let otPoints: Double
  public let otSd: Double

  public init(_ m: GameModel) {
    name = "bivariate_\(m.distributionName)_ot_\(m.overtime.kind.rawValue)"
    distribution = m.distributionName
    homeMean = m.homeMean
    awayMean = m.awayMean
    homeStdDev = m.homeSD
    awayStdDev = m.awaySD
    correlation = m.correlation
    skewness = m.skewness
    scoreFloor = m.scoreFloor
    otModel = m.overtime.kind.rawValue
    otRate = m.overtime.rate
    otPoints = m.overtime.points
    otSd = m.overtime.sd
  }
}
