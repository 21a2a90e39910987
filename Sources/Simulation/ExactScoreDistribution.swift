import Foundation

/// The exact joint distribution of final scores under a normal (not skewed) GameModel, on the
/// same grid as the simulation, so the simulated answer can be checked against the maths.
///
/// Regulation: H ~ N(mu_h, sd_h^2); given H = h, A ~ N(m(h), s^2) with
///   m(h) = mu_a + rho sd_a (h - mu_h) / sd_h,   s = sd_a sqrt(1 - rho^2).
/// Scores round half up, so round(H) = i iff H in [i - 1/2, i + 1/2), and
///   P(i, j) = integral over [i - 1/2, i + 1/2) of phi_H(h) [Phi((j + 1/2 - m(h)) / s) - Phi((j - 1/2 - m(h)) / s)] dh,
/// by 8-point Gauss-Legendre on panels narrow enough for the integrand (its cdf step spans
/// at least a quarter panel; against 16 points the cells agree to 1e-16). With |rho| = 1 (s = 0) the cells are exact intervals of H.
/// Floor: rows and columns below the floor fold onto it.
/// Flat overtime: K = round(max(0, N(points, sd^2))) with probability `rate`, else 0, split
/// K/2 each or, when K is odd, the extra point to either team with probability 1/2.
/// Tie overtime: a level regulation score (i, i) gains periods of (x, y), x and y independent
/// with P(x = k) = P(round(max(0, N(points/2, sd^2/2))) = k), until x != y:
///   added = (S + x, S + y),  S = sum of the tied periods' points, P(S) = sum_n (q^2)^{*n}.
/// Scores beyond the dense grid go to the distribution's overflow, as the simulation's do.
public enum ExactScoreDistribution {
  /// nil for skew-normal models, which have no closed form here.
  public static func compute(_ model: GameModel) -> ScoreDistribution? {
    guard model.skewness == 0 else { return nil }
    let floor = model.scoreFloor ?? Int.min
    let regulation = regulationCells(model).map { Cell(home: max($0.home, floor), away: max($0.away, floor), p: $0.p) }
    var final = ExtendedGrid()
    var overtime = 0.0

    switch model.overtime.kind {
    case .none:
      for cell in regulation { final.add(cell.home, cell.away, cell.p) }
    case .flat:
      let q = roundedPositiveNormal(mean: model.overtime.points, sd: model.overtime.sd)
      let rate = model.overtime.rate
      // (home add, away add, probability) of the overtime split, including "no overtime".
      var adds: [(Int, Int, Double)] = [(0, 0, 1 - rate)]
      for (k, pk) in q.enumerated() where pk > 0 {
        let p = rate * pk
        if k % 2 == 0 {
          adds.append((k / 2, k / 2, p))
        } else {
          adds.append(((k + 1) / 2, k / 2, p / 2))
          adds.append((k / 2, (k + 1) / 2, p / 2))
        }
      }
      for cell in regulation {
        for (dh, da, p) in adds { final.add(cell.home + dh, cell.away + da, cell.p * p) }
      }
      overtime = rate
    case .tie:
      // Level scores (i, i) end at (t + x, t + y), t = i + S, S the tied periods' points.
      var level: [Int: Double] = [:]
      for cell in regulation {
        if cell.home != cell.away {
          final.add(cell.home, cell.away, cell.p)
        } else {
          level[cell.home, default: 0] += cell.p
          overtime += cell.p
        }
      }
      let q = roundedPositiveNormal(mean: model.overtime.points / 2, sd: model.overtime.sd / 2.0.squareRoot())
      let runs = tiedRuns(q)
      var shifted: [Int: Double] = [:]
      // In score order: a Dictionary's own order changes from run to run, and so would the sums.
      for (i, pi) in level.sorted(by: { $0.key < $1.key }) {
        for (s, ps) in runs.enumerated() where ps > 0 { shifted[i + s, default: 0] += pi * ps }
      }
      for (t, pt) in shifted.sorted(by: { $0.key < $1.key }) {
        for (x, px) in q.enumerated() where px > 0 {
          for (y, py) in q.enumerated() where py > 0 && x != y {
            final.add(t + x, t + y, pt * px * py)
          }
        }
      }
    }
    let grid = ScoreGrid(model: model)
    let (cells, overflow) = final.split(on: grid)
    return ScoreDistribution(grid: grid, probabilities: cells, overflow: overflow, overtimeProbability: overtime)
  }

  /// A dense accumulator that grows to whatever scores arrive; split onto the model's grid at
  /// the end (cells inside, overflow outside).
  struct ExtendedGrid {
    private var homeMin = 0, awayMin = 0, homeBins = 0, awayBins = 0
    private var weights: [Double] = []

    mutating func add(_ home: Int, _ away: Int, _ p: Double) {
      if home < homeMin || home >= homeMin + homeBins || away < awayMin || away >= awayMin + awayBins {
        grow(toInclude: home, away)
      }
      weights[(home - homeMin) * awayBins + (away - awayMin)] += p
    }

    private mutating func grow(toInclude home: Int, _ away: Int) {
      let empty = homeBins == 0
      let hLo = empty ? home - 64 : min(homeMin, home - 64), hHi = empty ? home + 64 : max(homeMin + homeBins, home + 64)
      let aLo = empty ? away - 64 : min(awayMin, away - 64), aHi = empty ? away + 64 : max(awayMin + awayBins, away + 64)
      var grown = [Double](repeating: 0, count: (hHi - hLo) * (aHi - aLo))
      for r in 0..<homeBins {
        for c in 0..<awayBins {
          grown[(r + homeMin - hLo) * (aHi - aLo) + (c + awayMin - aLo)] = weights[r * awayBins + c]
        }
      }
      (homeMin, awayMin, homeBins, awayBins, weights) = (hLo, aLo, hHi - hLo, aHi - aLo, grown)
    }

    func split(on grid: ScoreGrid) -> ([Double], [FinalScore: Double]) {
      var cells = [Double](repeating: 0, count: grid.cellCount)
      var overflow: [FinalScore: Double] = [:]
      for r in 0..<homeBins {
        for c in 0..<awayBins {
          let p = weights[r * awayBins + c]
          guard p > 0 else { continue }
          if let i = grid.index(home: homeMin + r, away: awayMin + c) {
            cells[i] += p
          } else {
            overflow[FinalScore(home: homeMin + r, away: awayMin + c)] = p
          }
        }
      }
      return (cells, overflow)
    }
  }

  struct Cell {
    let home: Int
    let away: Int
    let p: Double
  }

  static func normalCDF(_ x: Double) -> Double { 0.5 * erfc(-x / 2.0.squareRoot()) }

  /// P(round(H) = i, round(A) = j) for every cell with mass, before floor and overtime.
  static func regulationCells(_ model: GameModel) -> [Cell] {
    // Condition on the team with the larger sd, so the conditional mean moves by at most one
    // point per point (|slope| <= 1) and the panels stay few.
    if abs(model.correlation * model.awaySD) > model.homeSD {
      var swapped = model
      swap(&swapped.homeMean, &swapped.awayMean)
      swap(&swapped.homeSD, &swapped.awaySD)
      return regulationCells(swapped).map { Cell(home: $0.away, away: $0.home, p: $0.p) }
    }
    let reach = 9.5
    let muH = model.homeMean, sdH = model.homeSD, muA = model.awayMean, sdA = model.awaySD
    let rho = model.correlation
    let slope = rho * sdA / sdH
    let s = sdA * max(0, 1 - rho * rho).squareRoot()
    let iLo = Int((muH - reach * sdH).rounded(.down)), iHi = Int((muH + reach * sdH).rounded(.up))
    var cells: [Cell] = []

    // Panels per unit interval of H so that the conditional cdf's step (width s) is resolved;
    // beyond 2000 (|rho| within about 1e-8 of 1) the step is narrower than 1/500 of a point and
    // the degenerate form below is exact to that width.
    let panelsNeeded = s == 0 ? Double.infinity : 4 * abs(slope) / s
    if panelsNeeded > 2000 {
      // A = muA + slope (H - muH) exactly: cell (i, j) is an interval of H.
      for i in iLo...iHi {
        let lo = Double(i) - 0.5, hi = Double(i) + 0.5
        let aLo = muA + slope * (lo - muH), aHi = muA + slope * (hi - muH)
        let jFrom = Int(min(aLo, aHi).rounded(.down)) - 1, jTo = Int(max(aLo, aHi).rounded(.up)) + 1
        for j in jFrom...jTo {
          // h with A(h) in [j - 1/2, j + 1/2)
          let e0 = muH + (Double(j) - 0.5 - muA) / slope, e1 = muH + (Double(j) + 0.5 - muA) / slope
          let a = max(lo, min(e0, e1)), b = min(hi, max(e0, e1))
          if b > a {
            let p = normalCDF((b - muH) / sdH) - normalCDF((a - muH) / sdH)
            if p > 0 { cells.append(Cell(home: i, away: j, p: p)) }
          }
        }
      }
      return cells
    }

    let gl = GaussLegendre.eight
    let panels = max(1, Int(panelsNeeded.rounded(.up)))
    let width = 1.0 / Double(panels)
    let jSpan = Int((reach * s).rounded(.up)) + 2
    var row = [Double]()
    var cdf = [Double]()
    for i in iLo...iHi {
      let centre = muA + slope * (Double(i) - muH)
      let jFrom = Int((centre - abs(slope) - Double(jSpan)).rounded(.down))
      let jTo = Int((centre + abs(slope) + Double(jSpan)).rounded(.up))
      row = [Double](repeating: 0, count: jTo - jFrom + 1)
      cdf = [Double](repeating: 0, count: jTo - jFrom + 2)
      for panel in 0..<panels {
        let a = Double(i) - 0.5 + Double(panel) * width
        for (x, w) in zip(gl.nodes, gl.weights) {
          let h = a + (x + 1) * width / 2
          let density = exp(-0.5 * ((h - muH) / sdH) * ((h - muH) / sdH)) / (sdH * (2 * Double.pi).squareRoot())
          let weight = w * width / 2 * density
          let m = muA + slope * (h - muH)
          for k in cdf.indices { cdf[k] = normalCDF((Double(jFrom + k) - 0.5 - m) / s) }
          for k in row.indices { row[k] += weight * (cdf[k + 1] - cdf[k]) }
        }
      }
      for (k, p) in row.enumerated() where p > 0 { cells.append(Cell(home: i, away: jFrom + k, p: p)) }
    }
    return cells
  }

  /// P(round(max(0, N(mean, sd^2))) = k) for k = 0, 1, ... while mass remains.
  static func roundedPositiveNormal(mean: Double, sd: Double) -> [Double] {
    if sd == 0 {
      let k = max(0, Int((mean + 0.5).rounded(.down)))
      return [Double](repeating: 0, count: k) + [1]
    }
    let top = max(1, Int((mean + 10 * sd).rounded(.up)))
    var q = [Double](repeating: 0, count: top + 1)
    q[0] = normalCDF((0.5 - mean) / sd)
    for k in 1...top {
      q[k] = normalCDF((Double(k) + 0.5 - mean) / sd) - normalCDF((Double(k) - 0.5 - mean) / sd)
    }
    return q
  }

  /// P(S = s): the points each team scored in the tied periods before the decisive one,
  /// sum over n of (q^2)^{*n}, until the remaining mass is below 1e-20.
  static func tiedRuns(_ q: [Double]) -> [Double] {
    let tied = q.map { $0 * $0 }
    var runs: [Double] = [1]
    var term: [Double] = [1]
    for _ in 0..<500 {
      var next = [Double](repeating: 0, count: term.count + tied.count - 1)
      for (a, pa) in term.enumerated() where pa > 1e-300 {
        for (b, pb) in tied.enumerated() where pb > 0 { next[a + b] += pa * pb }
      }
      term = next
      if runs.count < term.count { runs += [Double](repeating: 0, count: term.count - runs.count) }
      for (k, p) in term.enumerated() { runs[k] += p }
      if term.reduce(0, +) < 1e-20 { break }
    }
    return runs
  }
}
