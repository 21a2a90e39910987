import Foundation

/// The exact joint distribution of final scores under a GameModel, on a grid
/// like the simulation's but as wide as the maths needs (|z| <= 8.6546), so the simulated answer
/// can be checked against it.
///
/// Regulation: the cells of the bivariate normal, rounded half up (RegulationCells), on the
/// disc the generator can reach (the mass outside it is 5e-17).
/// Floor: rows and columns below the floor fold onto it.
/// Flat overtime: K = round(max(0, N(points, sd^2))) with probability `rate`, else 0, split
/// K/2 each or, when K is odd, the extra point to either team with probability 1/2: the
/// regulation box shifted along its diagonal, one multiply-add per row and shift.
/// Tie overtime: a level regulation score (i, i) gains periods of (x, y), x and y independent
/// with P(x = k) = P(round(max(0, N(points/2, sd^2/2))) = k), until x != y:
///   added = (S + x, S + y),  S = sum of the tied periods' points, P(S) = sum_n (q^2)^{*n}.
/// Overtime points are taken to mean + 8.6546 sd, as the generator draws them.
/// Scores beyond the dense grid go to the distribution's overflow, as the simulation's do.
///
/// Skew-normal regulation: the expectation of normal cells over the half-normal parts
/// (`RegulationCells.skewedBox`), 36 normal boxes at the NBA's fitted skewness.
///
/// Cost: about 300 sd_h sd_a normal cdf values and as many multiply-adds per overtime shift;
/// 0.1-0.2 ms for the service's defaults, bounded for every model the validation accepts; 36 to
/// 576 times the regulation part for a skewed model.
public enum ExactScoreDistribution {
  /// Beyond this |skewness| no half-normal rule converges: `compute` is nil there. (A skewed
  /// model costs 36 normal models' or more, about 40 ms at the NBA's fitted skewness: advice
  /// that does not move with the seed is worth it.)
  public static let maxExactSkewness = HalfNormalQuadrature.maxSkewness

  /// The model's distribution; nil beyond |skewness| `maxExactSkewness`.
  public static func compute(_ model: GameModel) -> ScoreDistribution? {
    let grid = ScoreGrid(model: model, reach: RegulationCells.reach)
    guard
      var regulation = model.skewness == 0
        ? RegulationCells.box(model, including: model.scoreFloor)
        : RegulationCells.skewedBox(model, including: model.scoreFloor)
    else { return nil }
    if let floor = model.scoreFloor { regulation.fold(below: floor) }
    let final: ScoreBox
    var overtime = 0.0

    switch model.overtime.kind {
    case .none:
      final = regulation
    case .flat:
      let q = roundedPositiveNormal(mean: model.overtime.points, sd: model.overtime.sd)
      let rate = model.overtime.rate
      let top = q.count / 2  // the most one team gains
      var box = ScoreBox(
        home: min(grid.homeMin, regulation.homeMin)...max(grid.homeMax, regulation.homeMax + top),
        away: min(grid.awayMin, regulation.awayMin)...max(grid.awayMax, regulation.awayMax + top))
      var shifts = [(rowShift: 0, colShift: 0, weight: 1 - rate)]
      if rate > 0 {
        for (k, pk) in q.enumerated() where pk > 0 {
          let p = rate * pk
          if k % 2 == 0 {
            shifts.append((k / 2, k / 2, p))
          } else {
            shifts.append(((k + 1) / 2, k / 2, p / 2))
            shifts.append((k / 2, (k + 1) / 2, p / 2))
          }
        }
      }
      regulation.addShifted(into: &box, shifts)
      final = box
      overtime = rate
    case .tie:
      // Level scores (i, i) end at (t + x, t + y), t = i + S, S the tied periods' points.
      var box = ScoreBox(
        home: min(grid.homeMin, regulation.homeMin)...max(grid.homeMax, regulation.homeMax),
        away: min(grid.awayMin, regulation.awayMin)...max(grid.awayMax, regulation.awayMax))
      var level: [(score: Int, p: Double)] = []
      for r in 0..<regulation.rows {
        let i = regulation.homeMin + r, diagonal = i - regulation.awayMin
        if regulation.spans[r].contains(diagonal) {
          let p = regulation.mass[r * regulation.cols + diagonal]
          if p > 0 { level.append((i, p)) }
          overtime += p
        }
      }
      var offDiagonal = regulation
      for (i, _) in level { offDiagonal.mass[(i - regulation.homeMin) * regulation.cols + i - regulation.awayMin] = 0 }
      offDiagonal.addShifted(into: &box, [(0, 0, 1)])
      let q = roundedPositiveNormal(mean: model.overtime.points / 2, sd: model.overtime.sd / 2.0.squareRoot())
      let runs = tiedRuns(q)
      // In score order, so the sums are the same on every run.
      var shifted = [Double](repeating: 0, count: (level.last.map { $0.score - level[0].score } ?? 0) + runs.count)
      for (i, pi) in level {
        for (s, ps) in runs.enumerated() where ps > 0 { shifted[i - level[0].score + s] += pi * ps }
      }
      let largest = q.max() ?? 0
      for (offset, pt) in shifted.enumerated() where pt > 0 {
        let t = level[0].score + offset
        // Past the box, only scores of at least spillFloor are kept: skip what holds none.
        if t > box.homeMax && t > box.awayMax && pt * largest * largest < ScoreBox.spillFloor { continue }
        for (x, px) in q.enumerated() where px > 0 {
          box.add(home: t + x, awayFrom: t, q, largest: largest, scale: pt * px, skipping: t + x)
        }
      }
      final = box
    }
    let (cells, overflow) = final.split(on: grid)
    return ScoreDistribution(grid: grid, probabilities: cells, overflow: overflow, overtimeProbability: overtime)
  }

  /// P(round(max(0, N(mean, sd^2))) = k) for k = 0, 1, ... while mass remains.
  static func roundedPositiveNormal(mean: Double, sd: Double) -> [Double] {
    if sd == 0 {
      let k = max(0, Int((mean + 0.5).rounded(.down)))
      return [Double](repeating: 0, count: k) + [1]
    }
    let top = max(1, Int((mean + RegulationCells.reach * sd).rounded(.up)))
    var q = [Double](repeating: 0, count: top + 1)
    q[0] = RegulationCells.normalCDF((0.5 - mean) / sd)
    for k in 1...top {
      q[k] = RegulationCells.normalCDF((Double(k) + 0.5 - mean) / sd) - RegulationCells.normalCDF((Double(k) - 0.5 - mean) / sd)
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
