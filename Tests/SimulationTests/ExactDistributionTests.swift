import Foundation
import Simulation
import XCTest

/// The exact distribution against an independent computation of the same cells, and bounded
/// for every model the validation accepts.
final class ExactDistributionTests: XCTestCase {
  /// P(round H = i, round A = j) by tanh-sinh quadrature over h on each row (split in panels as
  /// narrow as the conditional step) with libm's erfc: a different rule, panel choice and cdf
  /// from the engine's.
  static func referenceCells(_ m: GameModel) -> [FinalScore: Double] {
    let (muH, sdH, muA, sdA, rho) = (m.homeMean, m.homeSD, m.awayMean, m.awaySD, m.correlation)
    let slope = rho * sdA / sdH, s = sdA * (1 - rho * rho).squareRoot()
    func phi(_ x: Double) -> Double { 0.5 * erfc(-x / 2.0.squareRoot()) }
    // Nodes and weights of tanh-sinh on [-1, 1], step 1/16, to |t| = 3.5.
    let nodes: [(x: Double, w: Double)] = (-56...56).map { k in
      let t = Double(k) / 16, u = Double.pi / 2 * sinh(t)
      return (tanh(u), Double.pi / 2 * cosh(t) / (cosh(u) * cosh(u)) / 16)
    }
    let panels = max(1, Int((4 * abs(slope) / s).rounded(.up)))
    var cells: [FinalScore: Double] = [:]
    for i in Int((muH - 9 * sdH).rounded(.down))...Int((muH + 9 * sdH).rounded(.up)) {
      let jLo = Int((muA + slope * (Double(i) - muH) - abs(slope) - 9.5 * s).rounded(.down)) - 1
      let jHi = Int((muA + slope * (Double(i) - muH) + abs(slope) + 9.5 * s).rounded(.up)) + 1
      var row = [Double](repeating: 0, count: jHi - jLo + 1)
      for panel in 0..<panels {
        let a = Double(i) - 0.5 + Double(panel) / Double(panels), half = 0.5 / Double(panels)
        for (x, w) in nodes {
          let h = a + half * (x + 1)
          let density = exp(-0.5 * pow((h - muH) / sdH, 2)) / (sdH * (2 * Double.pi).squareRoot())
          let mean = muA + slope * (h - muH)
          var below = phi((Double(jLo) - 0.5 - mean) / s)
          for j in jLo...jHi {
            let upto = phi((Double(j) + 0.5 - mean) / s)
            row[j - jLo] += half * w * density * (upto - below)
            below = upto
          }
        }
      }
      for (k, p) in row.enumerated() where p > 0 { cells[FinalScore(home: i, away: jLo + k)] = p }
    }
    return cells
  }

  static func cells(of d: ScoreDistribution) -> [FinalScore: Double] {
    var out: [FinalScore: Double] = [:]
    for r in 0..<d.grid.homeBins {
      for c in 0..<d.grid.awayBins where d.weights[r * d.grid.awayBins + c] != 0 {
        out[FinalScore(home: d.grid.homeMin + r, away: d.grid.awayMin + c)] = d.weights[r * d.grid.awayBins + c]
      }
    }
    for (score, p) in d.overflow { out[score, default: 0] += p }
    return out
  }

  /// Every regulation cell to 1e-15 (the reference's own error is about 1e-17), across sds
  /// from 0.5 to 30, correlations from -0.9995 to 0.9995 and both conditioning directions.
  func testRegulationCellsAgreeWithIndependentQuadrature() throws {
    let models = [
      GameModel(homeMean: 115, awayMean: 112),
      GameModel(homeMean: 118.3, awayMean: 109.6, homeSD: 12, awaySD: 8, correlation: -0.3),
      GameModel(homeMean: 104.2, awayMean: 99.9, homeSD: 9, awaySD: 10.5, correlation: 0.9995),
      GameModel(homeMean: 100, awayMean: 101, homeSD: 10, awaySD: 10, correlation: -0.9995),
      GameModel(homeMean: 108, awayMean: 111, homeSD: 1, awaySD: 14, correlation: 0.8),
      GameModel(homeMean: 20.3, awayMean: 19.6, homeSD: 0.5, awaySD: 0.5, correlation: 0.2),
      GameModel(homeMean: 230, awayMean: 221, homeSD: 30, awaySD: 27, correlation: 0),
    ].map { m -> GameModel in
      var m = m
      m.overtime.kind = .none
      m.scoreFloor = nil
      return m
    }
    for m in models {
      let exact = Self.cells(of: try XCTUnwrap(ExactScoreDistribution.compute(m)))
      let reference = Self.referenceCells(m)
      var worst = 0.0, missing = 0.0
      for (score, p) in reference {
        if let q = exact[score] { worst = max(worst, abs(p - q)) } else { missing += p }
      }
      for (score, q) in exact where reference[score] == nil { worst = max(worst, q) }
      XCTAssertLessThanOrEqual(worst, 1e-15, "\(m)")
      // Cells the engine leaves out lie beyond the generator's disc: 5e-17 of mass in all.
      XCTAssertLessThanOrEqual(missing, 1e-16, "\(m)")
    }
  }

  /// The default paths: a floor that bites (scores below 100 with mean 104) and flat overtime,
  /// against the reference cells folded at the floor and convolved cell by cell with the
  /// overtime split (K points with P(round(max(0, N(12, 3^2))) = K), K/2 each, the odd point
  /// to either side with probability 1/2), to 1e-15.
  func testFloorAndFlatOvertimeAgreeWithTheReferenceFoldedAndConvolved() throws {
    var regulation = GameModel(homeMean: 104, awayMean: 101.5, homeSD: 9, awaySD: 11, correlation: 0.35)
    regulation.overtime.kind = .none
    regulation.scoreFloor = nil
    let floor = 100
    // The reference sums thousands of cells into the floor's: compensated and in a fixed order,
    // so its own rounding stays far below the 1e-15 compared (a dictionary's order changes from
    // process to process, and plain sums in it once missed by 1.3e-15).
    var foldedSums: [FinalScore: CompensatedSum] = [:]
    for (score, p) in Self.referenceCells(regulation).sorted(by: { $0.key < $1.key }) {
      foldedSums[FinalScore(home: max(score.home, floor), away: max(score.away, floor)), default: .init()].add(p)
    }
    let folded = foldedSums.mapValues(\.value)
    var model = regulation
    model.scoreFloor = floor
    model.overtime = Overtime(kind: .flat, rate: 0.06, points: 12, sd: 3)
    func phi(_ x: Double) -> Double { 0.5 * erfc(-x / 2.0.squareRoot()) }
    var expectedSums: [FinalScore: CompensatedSum] = [:]
    for (score, p) in folded.sorted(by: { $0.key < $1.key }) {
      expectedSums[score, default: .init()].add((1 - model.overtime.rate) * p)
      for k in 0...60 {
        let pk = k == 0 ? phi((0.5 - 12) / 3) : phi((Double(k) + 0.5 - 12) / 3) - phi((Double(k) - 0.5 - 12) / 3)
        let w = model.overtime.rate * pk
        if k % 2 == 0 {
          expectedSums[FinalScore(home: score.home + k / 2, away: score.away + k / 2), default: .init()].add(w * p)
        } else {
          expectedSums[FinalScore(home: score.home + (k + 1) / 2, away: score.away + k / 2), default: .init()].add(w * p / 2)
          expectedSums[FinalScore(home: score.home + k / 2, away: score.away + (k + 1) / 2), default: .init()].add(w * p / 2)
        }
      }
    }
    let expected = expectedSums.mapValues(\.value)
    let exact = Self.cells(of: try XCTUnwrap(ExactScoreDistribution.compute(model)))
    var worst = 0.0
    for score in Set(expected.keys).union(exact.keys) {
      worst = max(worst, abs((expected[score] ?? 0) - (exact[score] ?? 0)))
    }
    XCTAssertLessThanOrEqual(worst, 1e-15)
    XCTAssertGreaterThan(folded[FinalScore(home: floor, away: floor)] ?? 0, 1e-3, "the floor must bite")
  }

  /// The tied periods' points, solved by the renewal equation, against the direct sum of the
  /// convolution powers of q^2 (each term a convolution, summed in order of n), for the shipped
  /// model's overtime, the seed's and a wide one.
  func testTiedRunsAreTheSumOfTheConvolutionPowers() {
    for (points, sd) in [(9.6, 2.9), (12.0, 3.0), (40.0, 20.0)] {
      let q = ExactScoreDistribution.roundedPositiveNormal(mean: points / 2, sd: sd / 2.0.squareRoot())
      let tied = q.map { $0 * $0 }
      var direct = [Double](repeating: 0, count: 1), term = [1.0]
      direct[0] = 1
      for _ in 0..<60 {
        var next = [Double](repeating: 0, count: term.count + tied.count - 1)
        for (a, pa) in term.enumerated() { for (b, pb) in tied.enumerated() { next[a + b] += pa * pb } }
        term = next
        if direct.count < term.count { direct += [Double](repeating: 0, count: term.count - direct.count) }
        for (k, p) in term.enumerated() { direct[k] += p }
      }
      let runs = ExactScoreDistribution.tiedRuns(q)
      var worst = 0.0
      for k in 0..<max(runs.count, direct.count) {
        // A few ulps (the two sum the same terms in different orders: R[0] = 1.05 is 1 ulp
        // apart), and the 1e-20 below which tiedRuns stops adding periods.
        let a = k < runs.count ? runs[k] : 0, b = k < direct.count ? direct[k] : 0
        worst = max(worst, abs(a - b) - 1e-15 * max(abs(a), abs(b)) - 1e-20)
      }
      XCTAssertLessThanOrEqual(worst, 0, "points \(points), sd \(sd)")
      // Every run ends: the total is 1 / (1 - P(a period is tied)).
      XCTAssertEqual(runs.reduce(0, +), 1 / (1 - tied.reduce(0, +)), accuracy: 1e-15)
    }
  }

  /// The largest sds, the widest tie overtime and a near-singular correlation: the cells still
  /// sum to 1, and the far overtime scores stay a bounded list (those of at least 1e-24 each).
  func testExtremeModelsStayExactAndBounded() throws {
    var wide = GameModel(homeMean: 115, awayMean: 112, homeSD: 100, awaySD: 100)
    var wideOvertime = GameModel(homeMean: 115, awayMean: 112, overtime: Overtime(kind: .tie, points: 100, sd: 50))
    let nearSingular = GameModel(homeMean: 115, awayMean: 112, correlation: 0.999_999)
    wide.scoreFloor = nil
    wideOvertime.scoreFloor = nil
    for m in [wide, wideOvertime, nearSingular] {
      let d = try XCTUnwrap(ExactScoreDistribution.compute(m))
      // Summed with compensation: a plain sum of 3 million cells rounds by about 1e-12.
      var sum = CompensatedSum()
      for p in d.weights + d.overflow.map(\.weight) { sum.add(p) }
      XCTAssertEqual(sum.value, 1, accuracy: 1e-15, "\(m)")
      XCTAssertLessThan(d.overflow.count, 200_000, "\(m)")
      if m.overtime.kind == .flat {
        // Whole-number means round symmetrically: the total's mean is theirs plus the overtime's,
        // whose max(0, .) adds the lifted negative draws to N(12, 3^2)'s 12.
        // E[K] - 12 = sum_k k P(round X = -k), X ~ N(12, 3^2): the mass max(0, .) lifts to 0.
        func phi(_ x: Double) -> Double { 0.5 * erfc(-x / 2.0.squareRoot()) }
        let lifted = (1...60).reduce(0.0) { $0 + Double($1) * (phi((0.5 - Double($1) - 12) / 3) - phi((-0.5 - Double($1) - 12) / 3)) }
        XCTAssertEqual(d.totals.mean, m.homeMean + m.awayMean + m.overtime.rate * (m.overtime.points + lifted), accuracy: 1e-9, "\(m)")
      }
    }
  }
}

/// Neumaier's compensated sum: the reference's own rounding error stays at about one ulp of the
/// result, whatever the number of terms.
struct CompensatedSum {
  private var sum = 0.0, compensation = 0.0

  mutating func add(_ x: Double) {
    let t = sum + x
    compensation += abs(sum) >= abs(x) ? (sum - t) + x : (x - t) + sum
    sum = t
  }

  var value: Double { sum + compensation }
}
