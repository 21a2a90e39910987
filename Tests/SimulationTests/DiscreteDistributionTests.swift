import Simulation
import XCTest

final class DiscreteDistributionTests: XCTestCase {
  /// Sample [10, 11, 11, 12, 12, 12, 13, 13, 13, 13]: numpy.percentile gives
  /// p5 = 10.45, p25 = 11.25, p50 = 12, p90 = 13, p95 = 13 (method 'linear').
  func testPercentilesMatchNumpyLinearOnCounts() {
    let d = DiscreteDistribution(minValue: 10, weights: [1, 2, 3, 4], sampleCount: 10)
    XCTAssertEqual(d.percentile(5), 10.45, accuracy: 1e-12)
    XCTAssertEqual(d.percentile(25), 11.25, accuracy: 1e-12)
    XCTAssertEqual(d.percentile(50), 12)
    XCTAssertEqual(d.percentile(90), 13)
    XCTAssertEqual(d.percentile(0), 10)
    XCTAssertEqual(d.percentile(100), 13)
    XCTAssertEqual(d.minimum, 10)
    XCTAssertEqual(d.maximum, 13)
    XCTAssertEqual(d.mean, 12)
    XCTAssertEqual(d.standardDeviation, 1)
  }

  /// Exact distributions use the quantile inf { x : F(x) >= q }.
  func testQuantileOfExactProbabilities() {
    let d = DiscreteDistribution(minValue: 0, weights: [0.1, 0.4, 0.5], sampleCount: nil)
    XCTAssertEqual(d.percentile(10), 0)
    XCTAssertEqual(d.percentile(11), 1)
    XCTAssertEqual(d.percentile(50), 1)
    XCTAssertEqual(d.percentile(51), 2)
  }

  func testLineProbabilities() {
    let d = DiscreteDistribution(minValue: 220, weights: [1, 1, 2], sampleCount: 4)
    let whole = d.probabilities(line: 221)
    XCTAssertEqual([whole.above, whole.below, whole.equal], [0.5, 0.25, 0.25])
    let half = d.probabilities(line: 221.5)
    XCTAssertEqual([half.above, half.below, half.equal], [0.5, 0.5, 0])
  }

  /// Wilson's interval against a hand-computed value: p = 0.5, n = 100 gives
  /// 0.5 -/+ 1.96 sqrt(0.0025 + 0.000096) / 1.0384 = [0.4038, 0.5962].
  func testWilsonInterval() {
    let ci = ProportionInterval.wilson(0.5, n: 100)
    XCTAssertEqual(ci.lower, 0.40383, accuracy: 1e-5)
    XCTAssertEqual(ci.upper, 0.59617, accuracy: 1e-5)
    let zero = ProportionInterval.wilson(0, n: 100)
    XCTAssertEqual(zero.lower, 0, accuracy: 1e-15)
    // p = 0: the upper bound is z^2 / (n + z^2) = 3.8415 / 103.8415.
    XCTAssertEqual(zero.upper, 1.959963984540054 * 1.959963984540054 / (100 + 1.959963984540054 * 1.959963984540054), accuracy: 1e-15)
  }
}
