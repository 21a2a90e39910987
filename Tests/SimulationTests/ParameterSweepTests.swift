import OddsMath
import Simulation
import TestSupport
import XCTest

final class ParameterSweepTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.statistical.require() }

  let model = GameModel(homeMean: 115, awayMean: 112, homeSD: 11, awaySD: 9, correlation: 0.3)
  let market = TotalsMarket(line: 226.5)

  func lines(_ from: Double, _ to: Double, _ step: Double) -> [Double] {
    stride(from: from, through: to, by: step).map { $0 }
  }

  /// A line sweep is one simulation: the very histogram of `mcsim run` with the same seed, read
  /// at every line (the same bits as reading each line off the run's distribution).
  func testLineSweepReadsTheRunsOneHistogram() throws {
    let options = SimulationOptions(simulations: 300_000, seed: 11)
    let grid = lines(200, 250, 0.25)
    let sweep = try ParameterSweep(model: model, market: market, axes: [SweepAxis(.line, grid)], options: options)
    XCTAssertEqual(sweep.curves.count, 1)
    XCTAssertEqual(sweep.points.count, grid.count)
    let totals = ScoreDistribution(histogram: try GameSimulator.simulate(model, options: options)).totals
    for (p, line) in zip(sweep.points, grid) {
      let q = totals.probabilities(line: line)
      XCTAssertEqual(p.line, line)
      XCTAssertEqual(p.pOver.value, q.above, "line \(line)")
      XCTAssertEqual(p.pUnder.value, q.below, "line \(line)")
      XCTAssertEqual(p.pPush.value, q.equal, "line \(line)")
    }
    // p_over never rises with the line, and falls across the range.
    for (a, b) in zip(sweep.points, sweep.points.dropFirst()) { XCTAssertLessThanOrEqual(b.pOver.value, a.pOver.value) }
    XCTAssertGreaterThan(sweep.points.first!.pOver.value - sweep.points.last!.pOver.value, 0.85)
  }

  /// On common random numbers a higher home projection raises every game's home score or
  /// leaves it, overtime draws unchanged (flat model): p_over rises monotonically, exactly. Steps
  /// of 0.05 points move p_over by about 0.0015, below the noise of independent runs
  /// (sqrt(2) x 0.0016 at 10^5 games), so this fails without common random numbers.
  func testPOverMonotoneInHomeProjectionExactly() throws {
    let options = SimulationOptions(simulations: 100_000, seed: 5)
    let homes = lines(110, 112, 0.05)
    let sweep = try ParameterSweep(
      model: model, market: market, axes: [SweepAxis(.line, [220.5, 226.5, 232]), SweepAxis(.home, homes)],
      options: options, exact: false)
    XCTAssertEqual(sweep.curves.count, homes.count)
    XCTAssertEqual(sweep.points.count, 3 * homes.count)
    for line in 0..<3 {
      let curve = sweep.points[(line * homes.count)..<((line + 1) * homes.count)].map(\.pOver.value)
      for (a, b) in zip(curve, curve.dropFirst()) { XCTAssertGreaterThanOrEqual(b, a) }
      XCTAssertGreaterThan(curve.last!, curve.first!)
    }
    // The same with a shift of both projections, against the line.
    let shifted = try ParameterSweep(
      model: model, market: market, axes: [SweepAxis(.shift, lines(-2, 2, 0.1))], options: options, exact: false)
    let curve = shifted.points.map(\.pOver.value)
    for (a, b) in zip(curve, curve.dropFirst()) { XCTAssertGreaterThanOrEqual(b, a) }
  }

  /// Every simulated value within 4 standard errors of the exact model's, for p_over, the slope
  /// dp_over/dline, and EV; the EV's standard error is the multinomial one (no push on a half
  /// line: ev = d p - 1, se = d sqrt(p (1 - p) / n)).
  func testPointsAgreeWithTheExactModel() throws {
    let n = 1_000_000
    let options = SimulationOptions(simulations: n, seed: 21)
    let grid = lines(210, 245, 0.5)
    let sweep = try ParameterSweep(model: model, market: market, axes: [SweepAxis(.line, grid)], options: options)
    XCTAssertTrue(sweep.exactComputed)
    for p in sweep.points {
      let exact = try XCTUnwrap(p.exact)
      XCTAssertLessThanOrEqual(abs(p.pOver.value - exact.pOver), 4 * p.pOver.standardError, "p_over at \(p.line)")
      XCTAssertLessThanOrEqual(abs(p.dpOverDLine.value - exact.dpOverDLine), 4 * p.dpOverDLine.standardError, "slope at \(p.line)")
      XCTAssertLessThanOrEqual(abs(p.evOver.value - exact.evOver), 4 * p.evOver.standardError, "ev at \(p.line)")
      XCTAssertLessThanOrEqual(p.pOver.lower, p.pOver.value)
      XCTAssertGreaterThanOrEqual(p.pOver.upper, p.pOver.value)
      if p.line != p.line.rounded() {
        let d = p.overOdds.decimal, q = p.pOver.value
        XCTAssertEqual(p.evOver.standardError, d * (q * (1 - q) / Double(n)).squareRoot(), accuracy: 1e-12)
      }
    }
  }

  /// The break-even line (EV = 0 at the offered price) against the exact model's, within half a
  /// point, for several correlations; and the exact crossing really is one: EV of the over at
  /// the half-point lines either side has opposite signs.
  func testBreakEvenLineAgainstTheExactModel() throws {
    let options = SimulationOptions(simulations: 1_000_000, seed: 8)
    let sweep = try ParameterSweep(
      model: model, market: TotalsMarket(line: 226.5, overOdds: try Odds(decimal: 1.87), underOdds: try Odds(decimal: 1.95)),
      axes: [SweepAxis(.rho, [0, 0.3, 0.6])], options: options)
    XCTAssertEqual(sweep.curves.count, 3)
    for c in sweep.curves {
      let over = try XCTUnwrap(c.overLine), exactOver = try XCTUnwrap(c.exactOverLine)
      let under = try XCTUnwrap(c.underLine), exactUnder = try XCTUnwrap(c.exactUnderLine)
      XCTAssertLessThan(abs(over - exactOver), 0.5, "rho \(c.model.correlation)")
      XCTAssertLessThan(abs(under - exactUnder), 0.5, "rho \(c.model.correlation)")
      // Both sides pay only with the line on their side: the over below its break-even, the under above.
      XCTAssertLessThan(exactOver, exactUnder)
      let exact = TailProbabilities(try XCTUnwrap(ExactScoreDistribution.compute(c.model)).totals)
      let below = (exactOver * 2).rounded(.down) / 2, above = below + 0.5
      let ev = { (l: Double) in 0.87 * exact.probabilities(at: l).above - exact.probabilities(at: l).below }
      XCTAssertGreaterThanOrEqual(ev(below), 0)
      XCTAssertLessThan(ev(above), 0)
      // The break-even price at the offered line: EV there is 0.
      let p = exact.probabilities(at: 226.5)
      let price = try XCTUnwrap(c.exactOverPrice)
      XCTAssertEqual((price - 1) * p.above - p.below, 0, accuracy: 1e-12)
    }
  }

  /// The same seed gives the same sweep on any number of threads.
  func testThreadCountDoesNotMatter() throws {
    let axes = [SweepAxis(.line, [224, 226.5]), SweepAxis(.sdScale, [0.8, 1, 1.2])]
    let one = try ParameterSweep(
      model: model, market: market, axes: axes, options: SimulationOptions(simulations: 200_000, seed: 9, threads: 1), exact: false)
    let two = try ParameterSweep(
      model: model, market: market, axes: axes, options: SimulationOptions(simulations: 200_000, seed: 9, threads: 2), exact: false)
    XCTAssertEqual(one.points.map(\.pOver.value), two.points.map(\.pOver.value))
    XCTAssertEqual(one.points.map(\.evUnder.value), two.points.map(\.evUnder.value))
  }

  /// Grids that cannot be swept are refused naming the parameter.
  func testBadGridsAreRefused() {
    let options = SimulationOptions(simulations: 1000, seed: 1)
    func field(_ axes: [SweepAxis]) -> String? {
      do {
        _ = try ParameterSweep(model: model, market: market, axes: axes, options: options)
        return nil
      } catch { return error.field }
    }
    XCTAssertEqual(field([]), "sweep")
    XCTAssertEqual(field([SweepAxis(.rho, [])]), "rho")
    XCTAssertEqual(field([SweepAxis(.line, [230, 220])]), "line")
    XCTAssertEqual(field([SweepAxis(.home, [110, 115]), SweepAxis(.shift, [-1, 1])]), "shift")
    XCTAssertEqual(field([SweepAxis(.homeSD, [9, 10]), SweepAxis(.sdScale, [1, 2])]), "sd_scale")
    XCTAssertEqual(field([SweepAxis(.line, [220, 221]), SweepAxis(.rho, [0, 0.1]), SweepAxis(.skew, [0, 0.1])]), "skew")
    XCTAssertEqual(field([SweepAxis(.line, lines(0.5, 500, 0.5)), SweepAxis(.rho, lines(-1, 1, 0.01))]), "rho")
    XCTAssertEqual(field([SweepAxis(.rho, [0, 1.5])]), "rho")
    XCTAssertEqual(field([SweepAxis(.price, [0.9, 1.5])]), "price")
  }

  /// A handful of simulated games: the EV and Kelly intervals are the win probability's Wilson
  /// interval mapped through them, so they stay inside what the bet can pay and are not a point
  /// (one game read EV +0.91 [+0.91, +0.91] and Kelly 1), and the stake is withheld as run's is.
  func testFewSimulationsGiveFeasibleIntervalsAndNoStake() throws {
    let model = GameModel(homeMean: 115, awayMean: 112)
    let market = TotalsMarket(line: 200.5)
    let d = market.overOdds.decimal
    for n in [1, 10] {
      let sweep = try ParameterSweep(
        model: model, market: market, axes: [SweepAxis(.line, [200.5])],
        options: SimulationOptions(simulations: n, seed: 3), exact: false)
      let p = sweep.points[0]
      XCTAssertLessThan(p.evOver.lower, p.evOver.value, "n \(n)")
      XCTAssertGreaterThanOrEqual(p.evOver.lower, -1)
      XCTAssertLessThanOrEqual(p.evOver.upper, d - 1 + 1e-12, "n \(n): above the most the over can pay")
      XCTAssertLessThanOrEqual(p.kellyOver.upper, 1)
      XCTAssertLessThan(p.kellyOver.lower, p.kellyOver.upper)
      XCTAssertEqual(p.adviceOver.stake, 0, "n \(n)")
      XCTAssertTrue(p.adviceOver.withheld.contains(.tooFewSimulations), "n \(n)")
    }
    // A whole line pushes: the intervals of the decided games' win share hold the value.
    let push = try ParameterSweep(
      model: model, market: TotalsMarket(line: 227), axes: [SweepAxis(.line, [227])],
      options: SimulationOptions(simulations: 50, seed: 3), exact: false)
    for e in [push.points[0].evOver, push.points[0].evUnder, push.points[0].kellyOver] {
      XCTAssertLessThanOrEqual(e.lower, e.value + 1e-12)
      XCTAssertGreaterThanOrEqual(e.upper, e.value - 1e-12)
    }
    // With the exact distribution the same point is advised on the exact probability.
    let exact = try ParameterSweep(
      model: model, market: TotalsMarket(line: 224.5), axes: [SweepAxis(.line, [224.5])],
      options: SimulationOptions(simulations: 10, seed: 3))
    XCTAssertEqual(exact.points[0].adviceOver.source, .exact)
    XCTAssertGreaterThan(exact.points[0].adviceOver.stake, 0)
  }
}
