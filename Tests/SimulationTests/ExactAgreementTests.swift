import Simulation
import TestSupport
import XCTest

/// The simulation against the exact distribution of the same model. Every tolerance is
/// 4 standard errors of the simulated statistic at the test's sample size.
final class ExactAgreementTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.statistical.require() }

  struct Case {
    let name: String
    let model: GameModel
    let line: Double
  }

  static let cases: [Case] = [
    Case(name: "service defaults", model: GameModel(homeMean: 115, awayMean: 112), line: 225.5),
    Case(
      name: "negative rho, unequal sds, whole line",
      model: GameModel(homeMean: 118.3, awayMean: 109.6, homeSD: 12, awaySD: 8, correlation: -0.3), line: 227),
    Case(
      name: "tie overtime",
      model: GameModel(
        homeMean: 111, awayMean: 111.4, homeSD: 11, awaySD: 9, correlation: 0.2,
        overtime: Overtime(kind: .tie)), line: 222),
    Case(
      name: "tie overtime, realistic periods",
      model: GameModel(
        homeMean: 113, awayMean: 110, homeSD: 12, awaySD: 12, correlation: 0.4,
        overtime: Overtime(kind: .tie, points: 22, sd: 6)), line: 223.5),
    Case(
      name: "no overtime, strong correlation",
      model: GameModel(
        homeMean: 104.2, awayMean: 99.9, homeSD: 9, awaySD: 10.5, correlation: 0.9,
        overtime: Overtime(kind: .none)), line: 204),
    Case(
      name: "floor binds",
      model: GameModel(
        homeMean: 96, awayMean: 94, homeSD: 14, awaySD: 13, correlation: 0.1,
        overtime: Overtime(kind: .flat, rate: 0.1, points: 10, sd: 4), scoreFloor: 90), line: 190),
    Case(
      name: "away sd much larger than home, strong correlation (conditions on away)",
      model: GameModel(
        homeMean: 108, awayMean: 111, homeSD: 1, awaySD: 14, correlation: 0.8,
        overtime: Overtime(kind: .none)), line: 219.5),
    Case(
      name: "perfect correlation",
      model: GameModel(
        homeMean: 110, awayMean: 108, homeSD: 10, awaySD: 7, correlation: 1,
        overtime: Overtime(kind: .none)), line: 218),
  ]

  func testSimulationAgreesWithExactDistribution() throws {
    let n = 1_000_000
    for (k, c) in Self.cases.enumerated() {
      let sim = ScoreDistribution(
        histogram: try GameSimulator.simulate(c.model, options: SimulationOptions(simulations: n, seed: 1000 + UInt64(k), threads: 2)))
      let exact = try XCTUnwrap(ExactScoreDistribution.compute(c.model))
      XCTAssertEqual(exact.totalWeight, 1, accuracy: 1e-12, c.name)

      func assertProbability(_ simulated: Double, _ truth: Double, _ what: String) {
        let se = (truth * (1 - truth) / Double(n)).squareRoot()
        XCTAssertLessThanOrEqual(abs(simulated - truth), max(4 * se, 1e-12), "\(c.name): \(what) \(simulated) vs \(truth)")
      }
      let st = sim.totals, et = exact.totals
      let sp = st.probabilities(line: c.line), ep = et.probabilities(line: c.line)
      assertProbability(sp.above, ep.above, "p_over")
      assertProbability(sp.below, ep.below, "p_under")
      assertProbability(sp.equal, ep.equal, "p_push")
      assertProbability(sim.overtimeShare, exact.overtimeShare, "overtime share")
      let sm = sim.margins.probabilities(line: 0), em = exact.margins.probabilities(line: 0)
      assertProbability(sm.above, em.above, "p_home_win")

      // mean: se = sd / sqrt n.  sd: se = sqrt((mu4 - sigma^4) / n) / (2 sigma) (delta method).
      let sigma = et.standardDeviation
      XCTAssertEqual(st.mean, et.mean, accuracy: 4 * sigma / Double(n).squareRoot(), "\(c.name): mean")
      let seSD = et.standardErrorOfStandardDeviation(n: Double(n))
      XCTAssertEqual(st.standardDeviation, sigma, accuracy: 4 * seSD, "\(c.name): std")
    }
  }

  /// With a whole-number line the push probability is real; with a half-point line it is 0.
  func testWholeLinesPushAndHalfLinesDoNot() throws {
    let model = GameModel(homeMean: 115, awayMean: 112)
    let n = 200_000
    let d = ScoreDistribution(histogram: try GameSimulator.simulate(model, options: SimulationOptions(simulations: n, seed: 5)))
    let exact = try XCTUnwrap(ExactScoreDistribution.compute(model))
    let push = exact.totals.probabilities(line: 227).equal
    XCTAssertGreaterThan(push, 0)
    XCTAssertEqual(d.totals.probabilities(line: 227).equal, push, accuracy: 4 * (push * (1 - push) / Double(n)).squareRoot())
    XCTAssertEqual(d.totals.probabilities(line: 227.5).equal, 0)
    XCTAssertEqual(exact.totals.probabilities(line: 227.5).equal, 0)
  }

  /// The exact distribution's moments against closed forms where rounding does not matter to
  /// first order: E[total] = mu_h + mu_a + rate * E[K]; Var of the regulation total
  /// = sd_h^2 + sd_a^2 + 2 rho sd_h sd_a + 2/12 (Sheppard's rounding correction, two teams).
  func testExactMomentsMatchClosedForm() throws {
    let model = GameModel(
      homeMean: 115.3, awayMean: 111.8, homeSD: 11, awaySD: 9, correlation: 0.35,
      overtime: Overtime(kind: .none))
    let t = try XCTUnwrap(ExactScoreDistribution.compute(model)).totals
    XCTAssertEqual(t.mean, 227.1, accuracy: 1e-9)
    let variance = 121.0 + 81 + 2 * 0.35 * 99 + 2.0 / 12
    XCTAssertEqual(t.standardDeviation * t.standardDeviation, variance, accuracy: 1e-6)
    let flat = GameModel(homeMean: 115.3, awayMean: 111.8, homeSD: 11, awaySD: 9, correlation: 0.35)
    // Flooring K at 0 lifts E[K] above 12 by about sd * phi(4) = 4e-4 (times the rate 0.06).
    XCTAssertEqual(try XCTUnwrap(ExactScoreDistribution.compute(flat)).totals.mean, 227.1 + 0.06 * 12, accuracy: 0.06 * 5e-4)
  }
}
