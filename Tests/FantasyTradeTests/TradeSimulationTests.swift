import FantasyTrade
import Foundation
import ServiceContracts
import TestSupport
import XCTest

/// The simulation: its zero-noise limit is the original's answer, it agrees with the closed
/// forms within 4 standard errors, and it depends on the seed only.
final class TradeSimulationTests: XCTestCase {
  let context = TradeContext(roundNumber: 13, teamValue: 15_800_000, leagueAvgValue: 15_200_000)

  func player(_ proj: [Double], be: Double, price: Double, sd: Double, q: Double = 0) -> ProjectedPlayer {
    ProjectedPlayer(price: price, breakeven: be, projectedScores: proj, isRedDot: q > 0, scoreSD: sd, missProbability: q)
  }

  /// score_sd 0 and no misses: every draw equals the deterministic figures, so min = max = mean
  /// = the original's unrounded number for each quantity, bit for bit.
  func testZeroNoiseLimitIsTheOriginal() throws {
    var rng = SplitMix64(seed: 99)
    for _ in 0..<20 {
      let pin = player((0..<5).map { _ in 40 + 100 * rng.unit() }, be: Double(rng.next() % 120), price: 700_000, sd: 0)
      let pout = player((0..<5).map { _ in 40 + 100 * rng.unit() }, be: Double(rng.next() % 120), price: 650_000, sd: 0)
      let trade = Trade(playerIn: pin, playerOut: pout, context: context)
      let f = trade.figures
      let s = try TradeSimulation(trade, settings: SimulationSettings(simulations: 5000, seed: 1, threads: 2))
      for (d, x) in [(s.tradeScore, f.tradeScore), (s.overallScore, f.overallScore), (s.pointsGained, f.scoringScore), (s.cashGained, f.cashScore)] {
        XCTAssertEqual(d.min, x)
        XCTAssertEqual(d.max, x)
        XCTAssertEqual(d.mean, x)
        XCTAssertEqual(d.sd, 0)
        XCTAssertEqual(d.percentiles.p50, x)
      }
      XCTAssertEqual(s.confidence, f.overallScore > 0 ? 1 : 0)
    }
  }

  /// Same seed, any thread count: the same result to the bit; another seed: another result.
  func testReproducibleWhateverTheThreads() throws {
    let trade = Trade(
      playerIn: player([100, 95, 110, 105, 98], be: 90, price: 900_000, sd: 25),
      playerOut: player([90, 92, 88, 95, 91], be: 100, price: 800_000, sd: 20, q: 0.3), context: context)
    let one = try TradeSimulation(trade, settings: SimulationSettings(simulations: 50_000, seed: 5, threads: 1))
    let three = try TradeSimulation(trade, settings: SimulationSettings(simulations: 50_000, seed: 5, threads: 3))
    XCTAssertEqual(one, three)
    let other = try TradeSimulation(trade, settings: SimulationSettings(simulations: 50_000, seed: 6, threads: 3))
    XCTAssertNotEqual(one.confidence, other.confidence)
  }

  /// Confidence, P(more points), mean points and mean cash against the mixture-of-normals closed
  /// form, each within 4 standard errors, for a fit player against a red dot.
  func testAgreesWithClosedForm() throws {
    let (projIn, projOut) = ([100.0, 95, 110, 105, 98], [104.0, 112, 99, 108, 101])
    let trade = Trade(
      playerIn: player(projIn, be: 90, price: 900_000, sd: 25),
      playerOut: player(projOut, be: 100, price: 800_000, sd: 20, q: 0.3), context: context)
    let n = 400_000
    let s = try TradeSimulation(trade, settings: SimulationSettings(simulations: n, seed: 11))
    let a = ExactPlayer(proj: projIn, breakeven: 90, sd: 25, q: 0)
    let b = ExactPlayer(proj: projOut, breakeven: 100, sd: 20, q: 0.3)
    let w = context.weights
    let p = Exact.confidence(a, b, ws: w.scoring, wc: w.cash)
    XCTAssertEqual(s.confidence, p, accuracy: 4 * (p * (1 - p) / Double(n)).squareRoot())
    let pPoints = Exact.confidence(a, b, ws: 1, wc: 0)
    XCTAssertEqual(s.pMorePoints, pPoints, accuracy: 4 * (pPoints * (1 - pPoints) / Double(n)).squareRoot())
    XCTAssertEqual(s.pointsGained.mean, a.meanPoints - b.meanPoints, accuracy: 4 * s.pointsGained.se)
    XCTAssertEqual(s.cashGained.mean, a.meanCash - b.meanCash, accuracy: 4 * s.cashGained.se)
  }

  /// Without misses points gained is Normal(mu, 5 (sd_in^2 + sd_out^2)): its sd within 4 SE
  /// (sd / sqrt(2 (n - 1))) and each percentile within 4 SE of the normal quantile
  /// (sigma sqrt(p (1 - p) / n) / phi(z_p)) plus the histogram's resolution.
  func testPercentilesOfNormalPointsGained() throws {
    let trade = Trade(
      playerIn: player([100, 95, 110, 105, 98], be: 90, price: 900_000, sd: 25),
      playerOut: player([90, 92, 88, 95, 91], be: 100, price: 800_000, sd: 20), context: context)
    let n = 200_000
    let d = try TradeSimulation(trade, settings: SimulationSettings(simulations: n, seed: 3)).pointsGained
    let mu = 508.0 - 456.0
    let sigma = (5 * (25.0 * 25 + 20 * 20)).squareRoot()
    XCTAssertEqual(d.sd, sigma, accuracy: 4 * sigma / (2 * Double(n - 1)).squareRoot())
    let z: [(Double, Double, Double)] = [
      (0.05, -1.644_853_626_951_472_2, d.percentiles.p5), (0.25, -0.674_489_750_196_081_7, d.percentiles.p25),
      (0.5, 0, d.percentiles.p50), (0.9, 1.281_551_565_544_600_5, d.percentiles.p90),
      (0.95, 1.644_853_626_951_472_2, d.percentiles.p95),
    ]
    for (p, zp, estimate) in z {
      let density = exp(-zp * zp / 2) / (2 * Double.pi).squareRoot()
      let se = sigma * (p * (1 - p) / Double(n)).squareRoot() / density
      XCTAssertEqual(estimate, mu + zp * sigma, accuracy: 4 * se + d.percentileResolution, "p\(p)")
    }
  }

  /// q = 1: the incoming player misses every round, so he scores 0 and his price stays put in
  /// every draw, whatever his spread.
  func testCertainMissScoresNothing() throws {
    let pout = player([90, 92, 88, 95, 91], be: 100, price: 800_000, sd: 0)
    let trade = Trade(playerIn: player([120, 120, 120, 120, 120], be: 90, price: 900_000, sd: 30, q: 1), playerOut: pout, context: context)
    let s = try TradeSimulation(trade, settings: SimulationSettings(simulations: 3000, seed: 2))
    XCTAssertEqual(s.pointsGained.min, -456)
    XCTAssertEqual(s.pointsGained.max, -456)
    XCTAssertEqual(s.cashGained.max, -(-10.0 * 97.5 + -8 * 97.5 + -12 * 97.5 + -5 * 97.5 + -9 * 97.5))
    XCTAssertEqual(TradeReport.deterministic(trade).factors.injuryRisk, 1)
  }

  func testRejectsBadSettings() {
    let trade = Trade(
      playerIn: player([1, 2, 3, 4, 5], be: 0, price: 1, sd: 1), playerOut: player([1, 2, 3, 4, 5], be: 0, price: 1, sd: 1),
      context: context)
    XCTAssertThrowsError(try TradeSimulation(trade, settings: SimulationSettings(simulations: 0, seed: 1))) {
      XCTAssertEqual(($0 as? TradeInputError)?.field, "simulations")
    }
  }
}

/// The histogram behind the percentiles.
final class FixedHistogramTests: XCTestCase {
  func testConstantStreamIsExact() {
    var h = FixedHistogram(lower: 0, upper: 10, bins: 7)
    for _ in 0..<1000 { h.add(3.3) }
    XCTAssertEqual(h.quantile(0.05), 3.3)
    XCTAssertEqual(h.quantile(0.95), 3.3)
  }

  /// Values 0.5, 1.5, ..., 999.5 in 100 bins of width 10: every quantile within one bin width.
  func testQuantilesWithinOneBin() {
    var h = FixedHistogram(lower: 0, upper: 1000, bins: 100)
    for i in 0..<1000 { h.add(Double(i) + 0.5) }
    for p in [0.05, 0.25, 0.5, 0.75, 0.95] {
      XCTAssertEqual(h.quantile(p), 1000 * p, accuracy: h.binWidth)
    }
    var outside = FixedHistogram(lower: 0, upper: 1, bins: 4)
    for x in [-5.0, -4, 0.5, 9] { outside.add(x) }
    XCTAssertEqual(outside.quantile(0.1), -5)
    XCTAssertEqual(outside.quantile(0.99), 9)
  }
}
