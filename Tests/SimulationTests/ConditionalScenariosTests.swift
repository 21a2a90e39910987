import Simulation
import TestSupport
import XCTest

final class ConditionalScenariosTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.statistical.require() }

  /// Each condition's probability and P(over | condition) within 4 standard errors of the exact
  /// model's, for both overtime models; and the exact regulation/overtime split adds back up to
  /// the exact P(over) (law of total probability), with P(overtime) the model's.
  func testConditionalsAgreeWithTheExactModel() throws {
    for kind in [Overtime.Kind.flat, .tie] {
      let model = GameModel(
        homeMean: 115, awayMean: 108, homeSD: 12, awaySD: 9, correlation: 0.2, overtime: Overtime(kind: kind, points: 22, sd: 6))
      let line = 224.5
      let n = 1_000_000
      let histogram = try GameSimulator.simulate(model, options: SimulationOptions(simulations: n, seed: 17))
      let exact = try XCTUnwrap(ExactScoreDistribution.compute(model))
      let c = ConditionalScenarios(histogram: histogram, model: model, exact: exact, line: line)
      XCTAssertEqual(c.entries.map(\.condition), [.homeWin, .awayWin, .close, .blowout, .regulation, .overtime])
      for e in c.entries.prefix(4) {
        let p = try XCTUnwrap(e.probability), q = try XCTUnwrap(e.exactProbability)
        XCTAssertLessThanOrEqual(abs(p - q), 4 * (q * (1 - q) / Double(n)).squareRoot(), "\(kind) \(e.condition)")
        let over = try XCTUnwrap(e.pOver), exactOver = try XCTUnwrap(e.exactPOver)
        XCTAssertLessThanOrEqual(abs(over.value - exactOver), 4 * over.standardError, "\(kind) \(e.condition)")
      }
      let regulation = c.entries[4], overtime = c.entries[5]
      let pOT = try XCTUnwrap(overtime.exactProbability)
      let total = (1 - pOT) * (try XCTUnwrap(regulation.exactPOver)) + pOT * (try XCTUnwrap(overtime.exactPOver))
      XCTAssertEqual(total, exact.totals.probabilities(line: line).above, accuracy: 1e-9, "\(kind)")
      XCTAssertEqual(pOT, exact.overtimeShare, accuracy: 1e-9, "\(kind)")
      // Overtime games score more.
      XCTAssertGreaterThan(try XCTUnwrap(overtime.exactMeanTotal), try XCTUnwrap(regulation.exactMeanTotal))
    }
  }

  /// The simulated regulation/overtime conditionals (read off the overtime games' totals)
  /// against the exact model's, for both overtime models: P(overtime), P(over | condition) and
  /// the mean total given the condition, each within 4 standard errors derived from the counts
  /// of games meeting the condition.
  func testSimulatedRegulationAndOvertimeAgreeWithTheExactModel() throws {
    for kind in [Overtime.Kind.flat, .tie] {
      let model = GameModel(
        homeMean: 115, awayMean: 108, homeSD: 12, awaySD: 9, correlation: 0.2, overtime: Overtime(kind: kind, points: 22, sd: 6))
      let line = 224.5
      let n = 1_000_000
      let histogram = try GameSimulator.simulate(model, options: SimulationOptions(simulations: n, seed: 23))
      let exact = try XCTUnwrap(ExactScoreDistribution.compute(model))
      let c = ConditionalScenarios(histogram: histogram, model: model, exact: exact, line: line)
      let overtimeGames = Double(histogram.overtimeGames)
      for (e, games) in [(c.entries[4], Double(n) - overtimeGames), (c.entries[5], overtimeGames)] {
        let label = "\(kind) \(e.condition)"
        let p = try XCTUnwrap(e.probability), q = try XCTUnwrap(e.exactProbability)
        XCTAssertEqual(p, games / Double(n), label)
        XCTAssertLessThanOrEqual(abs(p - q), 4 * (q * (1 - q) / Double(n)).squareRoot(), label)
        let over = try XCTUnwrap(e.pOver), exactOver = try XCTUnwrap(e.exactPOver)
        XCTAssertLessThanOrEqual(abs(over.value - exactOver), 4 * (exactOver * (1 - exactOver) / games).squareRoot(), label)
        XCTAssertLessThanOrEqual(over.lower, over.value, label)
        XCTAssertGreaterThanOrEqual(over.upper, over.value, label)
        let mean = try XCTUnwrap(e.meanTotal), sd = try XCTUnwrap(e.stdTotal)
        XCTAssertLessThanOrEqual(abs(mean - (try XCTUnwrap(e.exactMeanTotal))), 4 * sd / games.squareRoot(), label)
      }
    }
  }

  /// A skew-normal model beyond the exact distribution's reach (|skewness| above 0.784) gets the simulated regulation and
  /// overtime conditionals: shares that are the overtime tally's, adding up to 1, P(overtime)
  /// within 4 standard errors of the flat model's rate, and overtime games scoring more.
  func testSkewNormalModelGetsSimulatedRegulationAndOvertime() throws {
    let model = GameModel(
      homeMean: 115, awayMean: 108, homeSD: 12, awaySD: 9, correlation: 0,
      overtime: Overtime(kind: .flat, rate: 0.06, points: 22, sd: 6), skewness: 0.9)
    let n = 400_000
    let histogram = try GameSimulator.simulate(model, options: SimulationOptions(simulations: n, seed: 29))
    XCTAssertNil(ExactScoreDistribution.compute(model))
    let c = ConditionalScenarios(histogram: histogram, model: model, exact: nil, line: 224.5)
    let regulation = c.entries[4], overtime = c.entries[5]
    XCTAssertEqual([regulation.condition, overtime.condition], [.regulation, .overtime])
    for e in [regulation, overtime] {
      XCTAssertNotNil(e.pOver, "\(e.condition)")
      XCTAssertNotNil(e.stdTotal, "\(e.condition)")
      XCTAssertNil(e.exactProbability, "\(e.condition)")
      XCTAssertNil(e.exactPOver, "\(e.condition)")
      XCTAssertNil(e.exactMeanTotal, "\(e.condition)")
    }
    let pOT = try XCTUnwrap(overtime.probability)
    XCTAssertEqual(pOT, Double(histogram.overtimeGames) / Double(n))
    XCTAssertEqual(try XCTUnwrap(regulation.probability), Double(n - Int(histogram.overtimeGames)) / Double(n))
    let rate = model.overtime.rate
    XCTAssertLessThanOrEqual(abs(pOT - rate), 4 * (rate * (1 - rate) / Double(n)).squareRoot())
    XCTAssertGreaterThan(try XCTUnwrap(overtime.meanTotal), try XCTUnwrap(regulation.meanTotal))
  }

  /// The overtime totals count every overtime game once (those inside the grid in
  /// `overtimeTotals`, those outside it in the overflow) and are the same for 1 and 2 threads
  /// and for the scalar kernel. The second model's periods rarely separate the teams, so many
  /// tie-model games run past the grid's two periods of room into the overflow.
  func testOvertimeTotalsCountEveryOvertimeGameForAnyThreadCount() throws {
    let models = [
      GameModel(homeMean: 115, awayMean: 108, homeSD: 12, awaySD: 9, correlation: 0.2, overtime: Overtime(kind: .tie, points: 22, sd: 6)),
      GameModel(homeMean: 100, awayMean: 100, homeSD: 0.5, awaySD: 0.5, correlation: 0.5, overtime: Overtime(kind: .tie, points: 10, sd: 0.5)),
      GameModel(homeMean: 112, awayMean: 110, homeSD: 11, awaySD: 11, overtime: Overtime(kind: .flat, rate: 0.3, points: 12, sd: 3)),
    ]
    for (k, model) in models.enumerated() {
      let n = 200_000
      let one = try GameSimulator.simulate(model, options: SimulationOptions(simulations: n, seed: 31, threads: 1))
      let two = try GameSimulator.simulate(model, options: SimulationOptions(simulations: n, seed: 31, threads: 2))
      let scalar = try GameSimulator.simulateScalar(model, options: SimulationOptions(simulations: n, seed: 31, threads: 1))
      XCTAssertEqual(one.overtimeTotals, two.overtimeTotals, "model \(k)")
      XCTAssertEqual(one, two, "model \(k)")
      XCTAssertEqual(one, scalar, "model \(k)")
      XCTAssertGreaterThan(one.overtimeGames, 0, "model \(k)")
      XCTAssertEqual(one.overtimeTotalCounts.reduce(0) { $0 + $1.count }, one.overtimeGames, "model \(k)")
      XCTAssertEqual(one.overtimeTotals.count, one.grid.totalBins)
      if k == 1 { XCTAssertFalse(one.overflow.isEmpty, "the long overtimes reach the overflow") }
    }
  }
}
