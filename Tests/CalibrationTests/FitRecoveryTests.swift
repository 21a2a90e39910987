import Calibration
import Foundation
import RandomStreams
import XCTest

/// The fit recovers the parameters synthetic games were drawn with, each within 4 of its own
/// standard errors, and those standard errors agree with the closed forms of the bivariate
/// normal's information (sd / sqrt(2n), (1 - rho^2) / sqrt(n), sd of the margin / sqrt(n)).
final class FitRecoveryTests: XCTestCase {
  func testRegulationParametersRecoveredWithinTheirStandardErrors() throws {
    let league = SyntheticLeague()
    let games = league.games(20_000, seed: 11)
    let fit = try XCTUnwrap(ModelFit.fit(games, projection: .market))
    let r = fit.regulation
    for (name, e, truth) in [
      ("home_sd", r.homeSD, league.homeSD), ("away_sd", r.awaySD, league.awaySD), ("rho", r.rho, league.rho),
      ("home_advantage", r.homeAdvantage, league.homeAdvantage), ("total_shift", r.totalShift, league.totalShift),
    ] {
      XCTAssertLessThan(abs(e.value - truth), 4 * e.standardError, "\(name): \(e.value) +/- \(e.standardError), truth \(truth)")
    }
    // The observed information against the closed forms at the estimates (within 2%: Sheppard's
    // factor and the finite differences).
    let n = Double(r.games)
    XCTAssertEqual(r.homeSD.standardError, r.rawHomeSD / (2 * n).squareRoot() * r.rawHomeSD / r.homeSD.value, accuracy: 0.02 * r.homeSD.standardError)
    XCTAssertEqual(r.rho.standardError, (1 - r.rho.value * r.rho.value) / n.squareRoot(), accuracy: 0.02 * r.rho.standardError)
    let marginSD = (r.rawHomeSD * r.rawHomeSD + r.rawAwaySD * r.rawAwaySD - 2 * r.rho.value * r.rawHomeSD * r.rawAwaySD).squareRoot()
    XCTAssertEqual(r.homeAdvantage.standardError, marginSD / n.squareRoot(), accuracy: 0.02 * r.homeAdvantage.standardError)
    // The overtime rate observed is the share of level regulation scores the model implies.
    let o = fit.overtime
    XCTAssertLessThan(abs(o.rate.value - fit.tieImpliedRate), 4 * o.rate.standardError)
  }

  func testTieOvertimePeriodsRecovered() throws {
    // Only overtime games (about 1,700 of 40,000), drawn period by period.
    var league = SyntheticLeague()
    league.homeSD = 1
    league.awaySD = 1
    league.rho = 0
    league.homeAdvantage = 0
    league.totalShift = 0
    let drawn = league.games(40_000, seed: 5).filter { $0.overtime }
    XCTAssertGreaterThan(drawn.count, 1000)
    let fit = try XCTUnwrap(OvertimeFit.fit(drawn))
    let points = try XCTUnwrap(fit.tiePoints), sd = try XCTUnwrap(fit.tieSD)
    XCTAssertLessThan(abs(points.value - league.periodPoints), 4 * points.standardError, "\(points)")
    XCTAssertLessThan(abs(sd.value - league.periodSD), 4 * sd.standardError, "\(sd)")
    // The distribution it fits sums to 1 and has the tie model's mean: points / P(decided period).
    let dist = OvertimeFit.tieOvertimePoints(points: 21, sd: 6, upTo: 300)
    XCTAssertEqual(dist.reduce(0, +), 1, accuracy: 1e-9)
  }

  func testSkewRecoveredAndEarnsItsPlaceOnlyWhenPresent() throws {
    // Independent teams (rho 0), so the marginal likelihood is the likelihood.
    let n = 20_000
    var stream = RandomStream(seed: 3, id: 1)
    func skewed(_ g: Double) -> [Double] {
      let s = SkewNormalDraw(skewness: g)
      return (0..<n).map { _ in s.draw(&stream) }
    }
    for truth in [0.0, 0.3] {
      let x = skewed(truth), y = skewed(truth)
      let games = (0..<n).map { i -> HistoricalGame in
        let h = Int((110 + 12 * x[i]).rounded()), a = Int((105 + 12 * y[i]).rounded())
        // A level regulation goes to an overtime the regulation scores are recovered from.
        return HistoricalGame(
          line: i, season: "s", date: "2020-01-01", home: "A", away: "B", homeScore: h + (h == a ? 2 : 0), awayScore: a,
          overtime: h == a, overtimePoints: h == a ? 2 : 0, closeTotal: 215, closeSpreadHome: -5, homeMoneyline: nil, awayMoneyline: nil,
          stage: "regular")
      }
      let fit = try XCTUnwrap(ModelFit.fit(games, projection: .market))
      let g = fit.skew.skewness
      XCTAssertLessThan(abs(g.value - truth), 4 * g.standardError, "truth \(truth): \(g)")
      if truth > 0 { XCTAssertTrue(fit.skew.earnsItsPlace, "delta AIC \(fit.skew.deltaAIC)") }
    }
  }

  /// A rate's interval stays inside [0, 1] however few the games: 31 play-in games with one
  /// overtime give Wilson's interval (closed form below), where rate -/+ 1.96 se went below 0.
  func testTheOvertimeRatesIntervalIsNeverNegative() throws {
    let games = (0..<31).map { i in
      HistoricalGame(
        line: i + 2, season: "2023-24", date: "2024-04-16", home: "A", away: "B", homeScore: i == 0 ? 120 : 110,
        awayScore: 100, overtime: i == 0, overtimePoints: i == 0 ? 20 : 0, closeTotal: 215, closeSpreadHome: -5,
        homeMoneyline: nil, awayMoneyline: nil, stage: "playin")
    }
    let rate = try XCTUnwrap(OvertimeFit.fit(games)).rate
    let n = 31.0, p = 1 / n, z = 1.959963984540054
    XCTAssertEqual(rate.value, p)
    XCTAssertLessThan(rate.value - 1.96 * rate.standardError, 0, "the normal interval would reach below 0")
    let centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    let half = z * (p * (1 - p) / n + z * z / (4 * n * n)).squareRoot() / (1 + z * z / n)
    XCTAssertEqual(rate.ci95.lowerBound, centre - half, accuracy: 1e-15)
    XCTAssertEqual(rate.ci95.upperBound, centre + half, accuracy: 1e-15)
    XCTAssertGreaterThan(rate.ci95.lowerBound, 0)
  }

  func testObservedInformationOfAQuadraticIsItsExactInverse() throws {
    // l = -1/2 t' A t with A = [[4, 1], [1, 3]]: covariance A^-1 = [[3, -1], [-1, 4]] / 11.
    let cov = try XCTUnwrap(
      ObservedInformation.covariance(at: [0.3, -0.2]) { t in
        -0.5 * (4 * t[0] * t[0] + 2 * t[0] * t[1] + 3 * t[1] * t[1])
      })
    XCTAssertEqual(cov[0][0], 3.0 / 11, accuracy: 1e-6)
    XCTAssertEqual(cov[0][1], -1.0 / 11, accuracy: 1e-6)
    XCTAssertEqual(cov[1][1], 4.0 / 11, accuracy: 1e-6)
    XCTAssertNil(ObservedInformation.inverse([[1, 2], [2, 1]]))
  }
}

/// Skew-normal draws with mean 0 and sd 1 for a skewness (the engine's construction).
struct SkewNormalDraw {
  let delta: Double
  init(skewness: Double) {
    let r = cbrt(2 * abs(skewness) / (4 - Double.pi))
    let m2 = r * r / (1 + r * r)
    delta = (skewness < 0 ? -1 : 1) * (m2 * Double.pi / 2).squareRoot()
  }
  func draw(_ stream: inout RandomStream) -> Double {
    let z = stream.normals(2)
    let m = delta * (2 / Double.pi).squareRoot()
    let x = delta * abs(z[0]) + (1 - delta * delta).squareRoot() * z[1]
    return (x - m) / (1 - m * m).squareRoot()
  }
}
