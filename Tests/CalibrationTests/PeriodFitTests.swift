import Calibration
import Foundation
import LineFeeds
import ServiceContracts
import Simulation
import TestSupport
import XCTest

/// The game by quarters (issue 45): the fit recovers known parameters from synthetic seasons
/// (every estimate within 4 standard errors), the quarters sum to the game, a period's prices are
/// the normal ones on whole points, and the model file carries the quarter model.
final class PeriodFitTests: XCTestCase {
  /// SplitMix64 and Box-Muller: a fixed stream of standard normals for the synthetic games.
  struct Normals {
    var bits: SplitMix64
    init(state: UInt64) { bits = SplitMix64(seed: state) }
    /// Uniform in (0, 1): the top 53 bits, centred.
    mutating func uniform() -> Double { (Double(bits.next() >> 11) + 0.5) / 9_007_199_254_740_992 }
    mutating func next() -> Double { (-2 * log(uniform())).squareRoot() * cos(2 * Double.pi * uniform()) }
  }

  /// A covariance with the structure of real quarters: sd 5.5, the teams correlated 0.05 within
  /// a quarter, a team's quarters -0.03 (its margin reverts), one team's and the other's
  /// different quarters +0.06.
  static let truth: [[Double]] = (0..<8).map { i in
    (0..<8).map { j in
      let rho: Double = i == j ? 1 : (i < 4) == (j < 4) ? -0.03 : i % 4 == j % 4 ? 0.05 : 0.06
      return rho * 5.5 * 5.5
    }
  }
  static let homeShares = [0.254, 0.253, 0.248, 0.245], awayShares = [0.252, 0.253, 0.247, 0.248]

  static func cholesky(_ a: [[Double]]) -> [[Double]] {
    var l = [[Double]](repeating: [Double](repeating: 0, count: 8), count: 8)
    for j in 0..<8 {
      l[j][j] = (a[j][j] - (0..<j).reduce(0) { $0 + l[j][$1] * l[j][$1] }).squareRoot()
      for i in (j + 1)..<8 { l[i][j] = (a[i][j] - (0..<j).reduce(0) { $0 + l[i][$1] * l[j][$1] }) / l[j][j] }
    }
    return l
  }

  /// `n` games whose regulation means spread over 95..125 a team, the covariance scaled by
  /// (T / 220)^exponent.
  static func season(_ n: Int, exponent: Double, seed: UInt64) -> (scores: [QuarterScores], means: [(home: Double, away: Double)]) {
    var z = Normals(state: seed)
    let l = cholesky(truth)
    var scores: [QuarterScores] = [], means: [(home: Double, away: Double)] = []
    for _ in 0..<n {
      let m = (home: 95 + 30 * z.uniform(), away: 95 + 30 * z.uniform())
      let scale = pow((m.home + m.away) / 220, exponent).squareRoot()
      let e = (0..<8).map { _ in z.next() }
      let x = (0..<8).map { i in
        (i < 4 ? homeShares[i] * m.home : awayShares[i - 4] * m.away) + scale * (0...i).reduce(0) { $0 + l[i][$1] * e[$1] }
      }
      let points = x.map { Int(max(0, $0.rounded())) }
      scores.append(QuarterScores(home: Array(points[0..<4]), away: Array(points[4..<8])))
      means.append(m)
    }
    return (scores, means)
  }

  func testTheFitRecoversKnownParameters() throws {
    let (scores, means) = Self.season(40_000, exponent: 1, seed: 45)
    let fit = try XCTUnwrap(PeriodFit.fit(scores, means: means))
    for q in 0..<4 {
      XCTAssertEqual(fit.model.homeShares[q], Self.homeShares[q], accuracy: 4 * fit.homeShareErrors[q], "home q\(q + 1)")
      XCTAssertEqual(fit.model.awayShares[q], Self.awayShares[q], accuracy: 4 * fit.awayShareErrors[q], "away q\(q + 1)")
    }
    XCTAssertEqual(fit.model.varianceExponent, 1, accuracy: 4 * fit.varianceExponentError)
    // The covariance is estimated at the sample's mean expected total; the truth there is scaled.
    let scale = pow(fit.model.referenceTotal / 220, fit.model.varianceExponent)
    for i in 0..<8 {
      for j in 0..<8 {
        // Whole points add 1/12 to each variance (a rounding's uniform error).
        let truth = scale * Self.truth[i][j] + (i == j ? 1.0 / 12 : 0)
        XCTAssertEqual(fit.model.covariance[i][j], truth, accuracy: 4 * fit.covarianceErrors[i][j], "(\(i), \(j))")
      }
    }
  }

  /// One covariance for every game when the data have one: the exponent's fit stays near 0.
  func testAConstantSpreadFitsAnExponentNearZero() throws {
    let (scores, means) = Self.season(40_000, exponent: 0, seed: 7)
    let fit = try XCTUnwrap(PeriodFit.fit(scores, means: means))
    XCTAssertEqual(fit.model.varianceExponent, 0, accuracy: 4 * fit.varianceExponentError)
  }

  /// The quarters sum to the game: the halves' means add to the regulation means, and the
  /// regulation variance is the sum of the team's block, whatever the scale.
  func testTheQuartersSumToTheGame() {
    let model = PeriodModel(
      homeShares: Self.homeShares, awayShares: Self.awayShares, covariance: Self.truth, referenceTotal: 220, varianceExponent: 1)
    let h1 = model.period(.h1, homeRegulation: 120, awayRegulation: 110)
    let h2 = model.period(.h2, homeRegulation: 120, awayRegulation: 110)
    XCTAssertEqual(h1.homeMean + h2.homeMean, 120, accuracy: 1e-9)
    XCTAssertEqual(h1.awayMean + h2.awayMean, 110, accuracy: 1e-9)
    let quarters = GamePeriod.allCases.prefix(4).map { model.period($0, homeRegulation: 120, awayRegulation: 110) }
    XCTAssertEqual(quarters.reduce(0) { $0 + $1.homeMean }, 120, accuracy: 1e-9)
    // Var(h1 + h2) = Var(h1) + Var(h2) + 2 Cov(h1, h2): the 4 x 4 block's sum, scaled.
    let block = (0..<4).reduce(0.0) { a, i in (0..<4).reduce(a) { $0 + Self.truth[i][$1] } }
    let cross = (0..<2).reduce(0.0) { a, i in (2..<4).reduce(a) { $0 + Self.truth[i][$1] } }
    XCTAssertEqual(h1.homeVariance + h2.homeVariance + 2 * cross * 230 / 220, block * 230 / 220, accuracy: 1e-9)
  }

  /// A period's prices are the normal ones of whole points: half-point lines never push, a whole
  /// line pushes with the band's probability, and the three of each market add to 1.
  func testPricesAreTheNormalOnesOnWholePoints() {
    let s = PeriodScores(homeMean: 57, awayMean: 54, homeVariance: 60, awayVariance: 58, covariance: 4)
    func phi(_ x: Double) -> Double { 0.5 * erfc(-x / 2.0.squareRoot()) }
    let sdT = (60.0 + 58 + 8).squareRoot(), sdM = (60.0 + 58 - 8).squareRoot()
    XCTAssertEqual(s.total(110.5).over, 1 - phi((110.5 - 111) / sdT), accuracy: 1e-12)
    XCTAssertEqual(s.total(110.5).push, 0, accuracy: 1e-12)
    XCTAssertEqual(s.total(111).push, phi(0.5 / sdT) - phi(-0.5 / sdT), accuracy: 1e-12)
    let t = s.total(111)
    XCTAssertEqual(t.over + t.under + t.push, 1, accuracy: 1e-12)
    // Home -2.5 covers when home wins by 3 or more: P(M > 2.5).
    XCTAssertEqual(s.homeSpread(-2.5).cover, 1 - phi((2.5 - 3) / sdM), accuracy: 1e-12)
    XCTAssertEqual(s.moneyline.tie, phi((0.5 - 3) / sdM) - phi((-0.5 - 3) / sdM), accuracy: 1e-12)
    XCTAssertEqual(s.moneyline.home + s.moneyline.away + s.moneyline.tie, 1, accuracy: 1e-12)
  }

  /// The model file carries the quarter model and refuses a bad one by its key.
  func testTheModelFileCarriesThePeriods() throws {
    let (scores, means) = Self.season(500, exponent: 1, seed: 3)
    let periods = try XCTUnwrap(PeriodFit.fit(scores, means: means))
    let fit = try XCTUnwrap(ModelFit.fit(SyntheticLeague().games(3000, seed: 4), projection: .market))
    let document = ModelDocument(fit.model(overtime: .flat), fit: fit, data: "synthetic", stage: "regular", periods: periods)
    let data = try ContractJSON.encode(document)
    let read = try ModelFile.decode(data, source: "m.json")
    XCTAssertEqual(read.document.calibrated.periods, periods.model)
    let text = String(decoding: data, as: UTF8.self).replacingOccurrences(
      of: "\"variance_exponent\":\(periods.model.varianceExponent)", with: "\"variance_exponent\":9")
    XCTAssertThrowsError(try ModelFile.decode(Data(text.utf8), source: "m")) { error in
      XCTAssertTrue("\(error)".contains("field 'periods.variance_exponent': must be in [0, 4]"), "\(error)")
    }
  }
}
