import Foundation

/// The exact joint distribution of final scores under a normal (not skewed) GameModel, on the
/// same grid as the simulation, so the simulated answer can be checked against the maths.
///
/// Regulation: H ~ N(mu_h, sd_h^2); given H = h, A ~ N(m(h), s^2) with
///   m(h) = mu_a + rho sd_a (h - mu_h) / sd_h,   s = sd_a sqrt(1 - rho^2).
/// Scores round half up, so round(H) = i iff H in [i - 1/2, i + 1/2), and
///   P(i, j) = integral over [i - 1/2, i + 1/2) of phi_H(h) [Phi((j + 1/2 - m(h)) / s) - Phi((j - 1/2 - m(h)) / s)] dh,
/// by 16-point Gauss-Legendre on panels narrow enough for the integrand (error far below
/// 1e-12). With |rho| = 1 (s = 0) the cells are exact intervals of H.
/// Floor: rows and columns below the floor fold onto it.
/// Flat overtime: K = round(max(0, N(points, sd^2))) with probability `rate`, else 0, split
/// K/2 each or, when K is odd, the extra point to either team with probability 1/2.
/// Tie overtime: a level regulation score (i, i) gains periods of (x, y), x and y independent
/// with P(x = k) = P(round(max(0, N(points/2, sd^2/2))) = k), until x != y:
///   added = (S + x, S + y),  S = sum of the tied periods' points, P(S) = sum_n (q^2)^{*n}.
/// Scores beyond the grid are clamped to its edge, exactly as the kernel clamps them.
public enum ExactScoreDistribution {
  /// nil for skew-normal models, which have no closed form here.
  public static func compute(_ model: GameModel) -> ScoreDistribution? {
    guard model.skewness == 0 else { return nil }
    let grid = ScoreGrid(model: model)
    let regulation = regulationCells(model)
    var cells = [Double](repeating: 0, count: grid.cellCount)
    var overtime = 0.0
    let floor = model.scoreFloor ?? Int.min

    switch model.overtime.kind {
    case .none:
      for cell in regulation {
        cells[grid.clampedIndex(home: max(cell.home, floor), away: max(cell.away, floor))] += cell.p
      }
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
        let h = max(cell.home, floor), a = max(cell.away, floor)
        for (dh, da, p) in adds { cells[grid.clampedIndex(home: h + dh, away: a + da)] += cell.p * p }
      }
      overtime = rate
    case .tie:
      let added = tieOvertimeAdds(model.overtime)
      for cell in regulation {
        let h = max(cell.home, floor), a = max(cell.away, floor)
        if h != a {
          cells[grid.clampedIndex(home: h, away: a)] += cell.p
        } else {
          overtime += cell.p
          for (dh, da, p) in added { cells[grid.clampedIndex(home: h + dh, away: a + da)] += cell.p * p }
        }
      }
    }
    return ScoreDistribution(grid: grid, probabilities: cells, overtimeProbability: overtime)
  }

  struct Cell {
    let home: Int
    let away: Int
    let p: Double
  }

  static func normalCDF(_ x: Double) -> Double { 0.5 * erfc(-x / 2.0.squareRoot()) }

  /// P(round(H) = i, round(A) = j) for every cell with mass, before floor and overtime.
  static func regulationCells(_ model: GameModel) -> [Cell] {
    let reach = 9.5
    let muH = model.homeMean, sdH = model.homeSD, muA = model.awayMean, sdA = model.awaySD
    let rho = model.correlation
    let slope = rho * sdA / sdH
    let s = sdA * max(0, 1 - rho * rho).squareRoot()
    let iLo = Int((muH - reach * sdH).rounded(.down)), iHi = Int((muH + reach * sdH).rounded(.up))
    var cells: [Cell] = []

    if s == 0 {
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

    let gl = GaussLegendre.sixteen
    let panels = min(2000, max(1, Int((4 * abs(slope) / s).rounded(.up))))
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

  /// (home add, away add, probability) of the tie model's overtime, from a level score.
  static func tieOvertimeAdds(_ overtime: Overtime) -> [(Int, Int, Double)] {
    let q = roundedPositiveNormal(mean: overtime.points / 2, sd: overtime.sd / 2.0.squareRoot())
    let tied = q.map { $0 * $0 }
    // S: points each team scored in the tied periods; P(S) = sum over n of tied^{*n}.
    var runs = [Double](repeating: 0, count: 1)
    runs[0] = 1
    var term = runs
    for _ in 0..<200 {
      var next = [Double](repeating: 0, count: term.count + tied.count - 1)
      for (a, pa) in term.enumerated() where pa > 1e-300 {
        for (b, pb) in tied.enumerated() where pb > 0 { next[a + b] += pa * pb }
      }
      term = next
      if runs.count < term.count { runs += [Double](repeating: 0, count: term.count - runs.count) }
      for (k, p) in term.enumerated() { runs[k] += p }
      if term.reduce(0, +) < 1e-20 { break }
    }
    var adds: [(Int, Int, Double)] = []
    for (s, ps) in runs.enumerated() where ps > 1e-300 {
      for (x, px) in q.enumerated() where px > 0 {
        for (y, py) in q.enumerated() where py > 0 && x != y {
          adds.append((s + x, s + y, ps * px * py))
        }
      }
    }
    return adds
  }
}
