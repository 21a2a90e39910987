import Foundation
import Simulation
import TestSupport
import XCTest

/// Skew-normal models on every path that prices: the exact distribution (a half-normal Gauss
/// rule over the |U| parts), market-implied means, and the multivariate path (parlays with
/// several games or player legs, the league factor). The skewness 0.04 is what `calibrate`
/// writes for the NBA; 0.5 tests a strong skew.
final class SkewedModelTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.statistical.require() }

  static let calibrated = GameModel(
    homeMean: 114, awayMean: 111, homeSD: 12.1, awaySD: 12.0, correlation: 0.05, overtime: Overtime(), skewness: 0.04)

  /// The regulation total's mean and variance have closed forms the rounding only touches through
  /// Sheppard's correction (1/12 a team, exact up to terms of order exp(-2 pi^2 sd^2) = 0 here):
  ///   mean = mu_h + mu_a,  variance = sd_h^2 + sd_a^2 + 2 rho sd_h sd_a + 2/12.
  /// The skew-normal keeps each team's mean, sd and correlation, so these hold whatever the skew.
  func testExactSkewedMomentsMatchClosedForms() throws {
    for skew in [0.04, -0.3, 0.5] {
      var m = Self.calibrated
      m.skewness = skew
      m.overtime = Overtime(kind: .none)
      m.scoreFloor = nil
      let d = try XCTUnwrap(ExactScoreDistribution.compute(m))
      XCTAssertEqual(d.totalWeight, 1, accuracy: 1e-9, "skew \(skew)")
      XCTAssertEqual(d.totals.mean, m.homeMean + m.awayMean, accuracy: 1e-8, "skew \(skew)")
      let variance = m.homeSD * m.homeSD + m.awaySD * m.awaySD + 2 * m.correlation * m.homeSD * m.awaySD + 2.0 / 12
      XCTAssertEqual(d.totals.standardDeviation, variance.squareRoot(), accuracy: 1e-7, "skew \(skew)")
      XCTAssertEqual(d.homeScores.mean, m.homeMean, accuracy: 1e-8)
      // The third cumulant: the skew-normal's skewness times sd^3 (rounding's uniform error adds
      // none), a moment of degree 3 in |U| that a wrong rule would miss.
      let sd = m.homeSD
      XCTAssertEqual(d.homeScores.centralMoment(3), skew * sd * sd * sd, accuracy: 1e-6 * sd * sd * sd, "skew \(skew)")
    }
    // Beyond |skewness| 0.784 no half-normal rule converges: no exact distribution, and market-
    // implied means are refused naming the skewness.
    var far = Self.calibrated
    far.skewness = 0.9
    far.correlation = 0
    XCTAssertNil(ExactScoreDistribution.compute(far))
    XCTAssertThrowsError(try MarketImpliedMeans.solve(total: 224.5, spread: -5.5, model: far)) {
      XCTAssertEqual(($0 as? InputError)?.field, "skewness")
    }
    // Within reach, the fitted skewness has one (reports and advice stand on it).
    XCTAssertNotNil(ExactScoreDistribution.compute(Self.calibrated))
  }

  /// The exact skewed distribution against the kernel's simulation of the same model, every
  /// probability within 4 standard errors (10^7 games), flat and tie overtime, floor included.
  func testExactSkewedAgreesWithSimulation() throws {
    var tie = Self.calibrated
    tie.overtime = Overtime(kind: .tie)
    tie.skewness = 0.5
    var floored = GameModel(homeMean: 6, awayMean: 4, homeSD: 3, awaySD: 2.5, correlation: 0.3, skewness: -0.4)
    floored.scoreFloor = 0
    var edge = Self.calibrated
    edge.skewness = -0.78
    edge.correlation = 0
    for model in [Self.calibrated, tie, floored, edge] {
      let exact = try XCTUnwrap(ExactScoreDistribution.compute(model))
      let n = 10_000_000
      let simulated = ScoreDistribution(
        histogram: try GameSimulator.simulate(model, options: SimulationOptions(simulations: n, seed: 7)))
      let total = model.homeMean + model.awayMean
      for line in [total - 15.5, total - 0.5, total, total + 8.5] {
        let e = exact.totals.probabilities(line: line), s = simulated.totals.probabilities(line: line)
        let se = (e.above * (1 - e.above) / Double(n)).squareRoot()
        XCTAssertEqual(s.above, e.above, accuracy: 4 * se, "P(total > \(line)) \(model)")
      }
      let spread = model.awayMean - model.homeMean
      for line in [spread - 0.5, spread + 3.5, 0] {
        let e = exact.margins.probabilities(line: line), s = simulated.margins.probabilities(line: line)
        let se = (e.above * (1 - e.above) / Double(n)).squareRoot()
        XCTAssertEqual(s.above, e.above, accuracy: 4 * se, "P(margin > \(line)) \(model)")
      }
    }
  }

  /// Market-implied means of a skewed model: both lines fair in its exact distribution and, by
  /// the kernel, P(over) and P(home covers) = 1/2 within 4 standard errors.
  func testMarketImpliedMeansSolveSkewedModels() throws {
    for skew in [0.04, 0.5] {
      var base = Self.calibrated
      base.skewness = skew
      let solved = try MarketImpliedMeans.solve(total: 224.5, spread: -5.5, model: base)
      XCTAssertEqual(solved.skewness, skew)
      let exact = try XCTUnwrap(ExactScoreDistribution.compute(solved))
      let t = exact.totals.probabilities(line: 224.5), m = exact.margins.probabilities(line: 5.5)
      XCTAssertEqual(t.above, t.below, accuracy: 1e-6)
      XCTAssertEqual(m.above, m.below, accuracy: 1e-6)
      // The kernel agrees that the lines are fair: P(over) = 1/2 within 4 standard errors.
      let n = 10_000_000
      let simulated = ScoreDistribution(
        histogram: try GameSimulator.simulate(solved, options: SimulationOptions(simulations: n, seed: 11)))
      let se = (0.25 / Double(n)).squareRoot()
      XCTAssertEqual(simulated.totals.probabilities(line: 224.5).above, 0.5, accuracy: 4 * se)
      XCTAssertEqual(simulated.margins.probabilities(line: 5.5).above, 0.5, accuracy: 4 * se)
      // Skew moves the medians below the means: the solved means differ from the normal model's.
      var normal = base
      normal.skewness = 0
      let normalSolved = try MarketImpliedMeans.solve(total: 224.5, spread: -5.5, model: normal)
      XCTAssertGreaterThan(solved.homeMean + solved.awayMean, normalSolved.homeMean + normalSolved.awayMean)
    }
  }

  /// A skewed game on the multivariate path (forced) against its own joint histogram: every leg
  /// and the joint probability within 4 standard errors of the difference.
  func testSkewedParlayOnMultivariatePathAgreesWithHistogram() throws {
    var model = Self.calibrated
    model.skewness = 0.5
    let legs = [
      ParlayLeg(market: .total(.over, line: 226.5), label: "over:226.5"),
      ParlayLeg(market: .spread(.home, line: -2.5), label: "home-spread:-2.5"),
      ParlayLeg(market: .teamTotal(.away, .under, line: 110.5), label: "away-under:110.5"),
    ]
    let parlay = Parlay(games: [model], legs: legs)
    let options = SimulationOptions(simulations: 2_000_000, seed: 3)
    let histogram = try ParlayPricer.price(parlay, options: options, route: .jointHistogram)
    let drawn = try ParlayPricer.price(parlay, options: options, route: .multivariate(nil))
    let n = Double(options.simulations)
    for (a, b) in zip(histogram.legProbabilities + [histogram.jointProbability], drawn.legProbabilities + [drawn.jointProbability]) {
      let se = (2 * a * (1 - a) / n).squareRoot()
      XCTAssertEqual(b, a, accuracy: 4 * se)
    }
    // A player's prop beside the skewed game now prices (it was refused).
    let player = PlayerProjection(name: "A", stat: .points, team: .home, mean: 25, sd: 6)
    let props = Parlay(
      games: [model], players: [player],
      legs: legs + [ParlayLeg(market: .player(name: "A", stat: .points, .over, line: 24.5), label: "A:points:over:24.5")])
    let priced = try ParlayPricer.price(props, options: SimulationOptions(simulations: 200_000, seed: 3))
    XCTAssertEqual(priced.route, .multivariate)
    XCTAssertEqual(priced.legProbabilities[0], histogram.legProbabilities[0], accuracy: 4 * (0.25 * 2 / 200_000).squareRoot())
  }

  /// Skewed teams' normal parts carry larger correlations than their points show, so the bound
  /// on the league factor is their matrix's: (k^2 + rho) / 2 for two games of equal sds, k^2 the
  /// normal part's share of the variance (0.883 at the NBA's skewness 0.04).
  func testLeagueFactorBoundIsTheNormalPartsOne() throws {
    let g = Self.calibrated
    var equal = g
    equal.awaySD = equal.homeSD
    let skew = SkewNormal(skewness: g.skewness)
    let k2 = (1 - skew.delta * skew.delta) / (skew.scale * skew.scale)
    let legs = [ParlayLeg(game: 0, market: .total(.over, line: 224.5), label: "over")]
    let two = Parlay(games: [equal, equal], legs: legs)
    XCTAssertEqual(two.maxLeagueFactor, (k2 + g.correlation) / 2, accuracy: 1e-9)
    var normal = equal
    normal.skewness = 0
    XCTAssertEqual(Parlay(games: [normal, normal], legs: legs).maxLeagueFactor, (1 + g.correlation) / 2, accuracy: 1e-9)
    var tooMuch = two
    tooMuch.leagueFactor = 0.5
    XCTAssertThrowsError(try tooMuch.validate()) { XCTAssertEqual(($0 as? InputError)?.field, "league_factor") }
  }

  /// The league factor moves totals, not margins: with unequal sds a game's home and away teams
  /// have the same covariance with every team of another game, so its margin is independent of
  /// them; the joint of one game's moneyline and another's over is the product of the two.
  func testLeagueFactorLeavesMarginsIndependent() throws {
    let g1 = GameModel(homeMean: 112, awayMean: 110, homeSD: 10.2, awaySD: 12.66, correlation: 0.1)
    let g2 = GameModel(homeMean: 115, awayMean: 113, homeSD: 11, awaySD: 9, correlation: 0.2)
    let parlay = Parlay(
      games: [g1, g2], gameNames: ["g1", "g2"],
      legs: [
        ParlayLeg(game: 0, market: .moneyline(.home), label: "g1 home-ml"),
        ParlayLeg(game: 1, market: .total(.over, line: 227.5), label: "g2 over:227.5"),
      ], leagueFactor: 0.3)
    let n = 2_000_000
    let r = try ParlayPricer.price(parlay, options: SimulationOptions(simulations: n, seed: 5))
    let product = r.legProbabilities[0] * r.legProbabilities[1]
    let se = (product * (1 - product) / Double(n)).squareRoot()
    XCTAssertEqual(r.jointProbability, product, accuracy: 4 * se)
    // ... while the two overs move together.
    var overs = parlay
    overs.legs = [
      ParlayLeg(game: 0, market: .total(.over, line: 222.5), label: "g1 over"),
      ParlayLeg(game: 1, market: .total(.over, line: 227.5), label: "g2 over"),
    ]
    let o = try ParlayPricer.price(overs, options: SimulationOptions(simulations: n, seed: 5))
    let independent = o.legProbabilities[0] * o.legProbabilities[1]
    XCTAssertGreaterThan(o.jointProbability, independent + 10 * (independent / Double(n)).squareRoot())
  }
}
