import Simulation
import TestSupport
import XCTest

final class SensitivityStandardErrorTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.statistical.require() }

  let model = GameModel(homeMean: 115, awayMean: 112, homeSD: 11, awaySD: 9, correlation: 0.3)
  let line = 226.5

  /// Each slope within 4 of its standard errors of the exact model's same central difference;
  /// the projections' standard error is the one-signed difference's exactly, the sds' the
  /// paired difference's (counted game by game); a direction is worded exactly when the slope
  /// is significant.
  func testSlopesCarryTheirStandardErrors() throws {
    for n in [10_000, 1_000_000] {
      let s = try TotalsSensitivity(model: model, line: line, options: SimulationOptions(simulations: n, seed: 13), exact: true)
      for p in s.parameters {
        let name = "\(p.input)"
        let slope = try XCTUnwrap(p.sensitivityPerPoint ?? p.sensitivityPerStd)
        let exact = try XCTUnwrap(p.exactSensitivity, name)
        let value = [.homeProjection: model.homeMean, .awayProjection: model.awayMean, .homeSD: model.homeSD, .awaySD: model.awaySD][p.input]!
        XCTAssertEqual(p.value, value)
        let width = 2 * TotalsSensitivity.relativeStep * value
        let dp = abs(p.pUnderHigh - p.pUnderLow)
        if !p.input.isSD {
          XCTAssertFalse(p.standardErrorIsBound)
          XCTAssertEqual(p.standardError, (dp * (1 - dp) / Double(n)).squareRoot() / width, accuracy: 1e-15)
        } else {
          // The paired difference's own error, well under the independent-runs bound.
          XCTAssertFalse(p.standardErrorIsBound)
          let bound = (p.pUnderLow * (1 - p.pUnderLow) + p.pUnderHigh * (1 - p.pUnderHigh)) / Double(n)
          XCTAssertLessThan(p.standardError, 0.5 * bound.squareRoot() / width)
          XCTAssertGreaterThan(p.standardError, 0)
        }
        XCTAssertLessThanOrEqual(abs(slope - exact), 4 * p.standardError, "\(name) at \(n)")
        XCTAssertEqual(p.significant, abs(slope) > 1.959963984540054 * p.standardError)
      }
      // A point of projection moves P(under) by about 2.5 points: significant even at 10^4.
      XCTAssertTrue(s.parameters.first { $0.input == .homeProjection }!.significant)
    }
  }

  /// The paired replay counts exactly the games the histograms counted: the games under the line
  /// for the second model only, less those for the first only, is the difference of the two
  /// histograms' counts under the line, game for game, for the flat, tie and skewed models with
  /// a floor, across chunks and threads.
  func testPairedReplayCountsTheHistogramsGames() throws {
    var tie = model
    tie.overtime.kind = .tie
    var skewed = model
    skewed.skewness = 0.4
    skewed.scoreFloor = 95
    var wider = model
    wider.homeSD = 12
    var tieMoved = tie
    tieMoved.homeMean = 117
    var skewedWider = skewed
    skewedWider.awaySD = 10
    for (first, second) in [(model, wider), (tie, tieMoved), (skewed, skewedWider)] {
      for threads in [1, 2] {
        let options = SimulationOptions(simulations: 150_000, seed: 21, threads: threads)
        let histograms = try GameSimulator.simulate([first, second], options: options, commonRandomNumbers: true)
        let unders = histograms.map { h in
          zip(h.grid.homeMin..., stride(from: 0, to: h.counts.count, by: h.grid.awayBins)).reduce(UInt64(0)) { sum, row in
            sum
              + (0..<h.grid.awayBins).reduce(UInt64(0)) { s, c in
                Double(row.0 + h.grid.awayMin + c) < line ? s + h.counts[row.1 + c] : s
              }
          } + h.overflow.reduce(UInt64(0)) { Double($1.key.home + $1.key.away) < line ? $0 + $1.value : $0 }
        }
        let moved = try XCTUnwrap(GameSimulator.pairedUnders(first, second, line: line, options: options))
        XCTAssertEqual(Int64(moved.secondOnly) - Int64(moved.firstOnly), Int64(unders[1]) - Int64(unders[0]))
        XCTAssertGreaterThan(moved.firstOnly + moved.secondOnly, 0)
      }
    }
  }

  /// The paired standard error is the spread of the slope over seeds: over 60 seeds the sample
  /// sd of the home-sd slope is within 4 of its own standard errors (relative 1/sqrt(2 x 59))
  /// of the mean reported error, and the independent-runs bound would not be.
  func testPairedStandardErrorIsTheSpreadOverSeeds() throws {
    var slopes: [Double] = [], errors: [Double] = [], bounds: [Double] = []
    let n = 20_000
    for seed in 1...60 {
      let s = try TotalsSensitivity(model: model, line: line, options: SimulationOptions(simulations: n, seed: UInt64(seed)))
      let p = s.parameters.first { $0.input == .homeSD }!
      slopes.append(p.sensitivityPerStd!)
      errors.append(p.standardError)
      let width = 2 * TotalsSensitivity.relativeStep * model.homeSD
      bounds.append(((p.pUnderLow * (1 - p.pUnderLow) + p.pUnderHigh * (1 - p.pUnderHigh)) / Double(n)).squareRoot() / width)
    }
    let mean = slopes.reduce(0, +) / 60
    let spread = (slopes.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / 59).squareRoot()
    let reported = errors.reduce(0, +) / 60, bound = bounds.reduce(0, +) / 60
    let tolerance = 4 / (2.0 * 59).squareRoot()
    XCTAssertLessThan(abs(spread / reported - 1), tolerance, "spread \(spread), reported \(reported)")
    XCTAssertGreaterThan(bound / spread, 1 + tolerance, "the bound is distinguishable from the spread")
  }

  /// Without `exact` (the server's default), no exact column.
  func testExactIsOptional() throws {
    let s = try TotalsSensitivity(model: model, line: line, options: SimulationOptions(simulations: 1000, seed: 1))
    XCTAssertTrue(s.parameters.allSatisfy { $0.exactSensitivity == nil })
  }
}
