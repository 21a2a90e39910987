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
      var level: [(score: Int, p: Double)] = []
      for r in 0..<regulation.rows {
        let i = regulation.homeMin + r, diagonal = i - regulation.awayMin
        if regulation.spans[r].contains(diagonal) {
          let p = regulation.mass[r * regulation.cols + diagonal]
          if p > 0 { level.append((i, p)) }
          overtime += p
        }
      }
      let q = roundedPositiveNormal(mean: model.overtime.points / 2, sd: model.overtime.sd / 2.0.squareRoot())
      let runs = tiedRuns(q)
      // In score order, so the sums are the same on every run.
      var shifted = [Double](repeating: 0, count: (level.last.map { $0.score - level[0].score } ?? 0) + runs.count)
      for (i, pi) in level {
        for (s, ps) in runs.enumerated() where ps > 0 { shifted[i - level[0].score + s] += pi * ps }
      }
      let largest = q.max() ?? 0
      let homeTop = max(grid.homeMax, regulation.homeMax), awayTop = max(grid.awayMax, regulation.awayMax)
      // Past the regulation box and the grid, only the starts t whose scores can reach
      // spillFloor are played on. The box is made to hold every score they reach: each final
      // score gets many t's additions, summed in place rather than in a sparse spill.
      func kept(_ offset: Int) -> Bool {
        let pt = shifted[offset]
        guard pt > 0 else { return false }
        let t = level[0].score + offset
        return !(t > homeTop && t > awayTop && pt * largest * largest < ScoreBox.spillFloor)
      }
      let lastStart = shifted.indices.last(where: kept).map { level[0].score + $0 }
      let homeLow = min(grid.homeMin, regulation.homeMin), awayLow = min(grid.awayMin, regulation.awayMin)
      var reach = (lastStart ?? Int.min) + q.count - 1
      // A model of very wide overtime (tens of periods of 100 points) keeps its far scores in
      // the sparse spill instead: the dense box stays within `denseTailCells`.
      if (max(homeTop, reach) - homeLow + 1) * (max(awayTop, reach) - awayLow + 1) > denseTailCells { reach = Int.min }
      var box = ScoreBox(home: homeLow...max(homeTop, reach), away: awayLow...max(awayTop, reach))
      var offDiagonal = regulation
      for (i, _) in level { offDiagonal.mass[(i - regulation.homeMin) * regulation.cols + i - regulation.awayMin] = 0 }
      offDiagonal.addShifted(into: &box, [(0, 0, 1)])
      for (offset, pt) in shifted.enumerated() where kept(offset) {
        let t = level[0].score + offset
        for (x, px) in q.enumerated() where px > 0 {
          box.add(home: t + x, awayFrom: t, q, largest: largest, scale: pt * px, skipping: t + x)
        }
      }
      final = box
    }
    let (cells, overflow) = final.split(on: grid)
    return ScoreDistribution(grid: grid, probabilities: cells, sortedOverflow: overflow, overtimeProbability: overtime)
  }

  /// The most cells the tie model's dense box may grow to (16 MB) to hold the overtime tail.
  static let denseTailCells = 1 << 21

  /// P(round(max(0, N(mean, sd^2))) = k) for k = 0, 1, ... while mass remains.
  package static func roundedPositiveNormal(mean: Double, sd: Double) -> [Double] {
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
  /// R = sum over n of T^{*n}, T = q^2 (a tied period's points, x = y). R is the renewal
  /// equation's solution, R = delta_0 + T * R, so each term is one pass over T:
  ///   R[s] = (delta_0(s) + sum over b >= 1 of T[b] R[s - b]) / (1 - T[0]).
  /// Out to the scores n tied periods reach, n the first with p^n below 1e-20, p = sum T (at most
  /// 500 periods): what lies beyond is sum over m > n of p^m = p^(n+1) / (1 - p), below 1e-20
  /// while p < 1/2 (every fitted model: p is about 0.1) and below 1e-19 up to p = 0.9.
  package static func tiedRuns(_ q: [Double]) -> [Double] {
    let tied = q.map { $0 * $0 }
    let p = tied.reduce(0, +)
    guard p > 0, tied.count > 1 else { return [1 / (1 - (tied.first ?? 0))] }
    var periods = 1
    while periods < 500 && pow(p, Double(periods)) >= 1e-20 { periods += 1 }
    let count = periods * (tied.count - 1) + 1
    var runs = [Double](repeating: 0, count: count)
    let stay = 1 / (1 - tied[0])
    for s in 0..<count {
      var sum = s == 0 ? 1.0 : 0
      for b in 1..<min(tied.count, s + 1) where tied[b] > 0 { sum += tied[b] * runs[s - b] }
      runs[s] = sum * stay
    }
    return runs
  }
}
