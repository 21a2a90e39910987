import CRandom

/// A dense rectangle of (home, away) score masses, with a sparse spill for scores outside it.
/// Each row keeps the span of columns that can hold mass, so the sweeps of the exact
/// distribution touch the cells that matter and not the whole rectangle.
struct ScoreBox {
  let homeMin: Int
  let awayMin: Int
  let rows: Int
  let cols: Int
  var mass: [Double]
  /// Per row, the columns (0-based) that may hold mass; empty rows have an empty span.
  var spans: [Range<Int>]
  /// Scores added outside the rectangle.
  var spill: [FinalScore: Double] = [:]

  init(homeMin: Int, awayMin: Int, rows: Int, cols: Int) {
    precondition(rows > 0 && cols > 0)
    self.homeMin = homeMin
    self.awayMin = awayMin
    self.rows = rows
    self.cols = cols
    mass = [Double](repeating: 0, count: rows * cols)
    spans = [Range<Int>](repeating: 0..<0, count: rows)
  }

  /// The smallest box holding both rectangles (inclusive score bounds).
  init(home: ClosedRange<Int>, away: ClosedRange<Int>) {
    self.init(homeMin: home.lowerBound, awayMin: away.lowerBound, rows: home.count, cols: away.count)
  }

  var homeMax: Int { homeMin + rows - 1 }
  var awayMax: Int { awayMin + cols - 1 }

  /// Marks columns `span` of `row` as possibly holding mass.
  mutating func widen(row: Int, to span: Range<Int>) {
    let old = spans[row]
    spans[row] = old.isEmpty ? span : min(old.lowerBound, span.lowerBound)..<max(old.upperBound, span.upperBound)
  }

  mutating func add(home: Int, away: Int, _ p: Double) {
    let r = home - homeMin, c = away - awayMin
    guard r >= 0, r < rows, c >= 0, c < cols else {
      spill[FinalScore(home: home, away: away), default: 0] += p
      return
    }
    mass[r * cols + c] += p
    widen(row: r, to: c..<(c + 1))
  }

  /// Scores outside the box with less than this probability each are left out of the spill,
  /// so a model with wide overtime keeps thousands of far scores, not millions of 1e-40s.
  static let spillFloor = 1e-24

  /// Row `home`, columns awayFrom, awayFrom + 1, ...: += scale * values[k], except the column
  /// `skipping` (the tie model's level scores, which play on). Outside the box, only scores of
  /// at least `spillFloor` are kept; `largest` (the largest of `values`) lets a row that can
  /// hold none of them be passed over at once.
  mutating func add(home: Int, awayFrom: Int, _ values: [Double], largest: Double, scale: Double, skipping: Int) {
    let r = home - homeMin
    let inside = r >= 0 && r < rows
    if inside {
      // The part of the row inside the box in two multiply-adds, around the skipped column.
      let first = max(0, awayMin - awayFrom), end = min(values.count, awayMin + cols - awayFrom)
      if first < end {
        let skip = skipping - awayFrom
        values.withUnsafeBufferPointer { v in
          mass.withUnsafeMutableBufferPointer { m in
            let row = m.baseAddress! + r * cols + (awayFrom - awayMin)
            for (lo, hi) in [(first, min(end, max(first, skip))), (max(first, skip + 1), end)] where lo < hi {
              mc_axpy(row + lo, v.baseAddress! + lo, scale, hi - lo)
            }
          }
        }
        widen(row: r, to: (awayFrom - awayMin + first)..<(awayFrom - awayMin + end))
      }
    }
    // Past the box only: nothing of the row lies there, or nothing there can reach spillFloor.
    let wholly = inside && awayFrom >= awayMin && awayFrom + values.count <= awayMin + cols
    guard !wholly, scale * largest >= Self.spillFloor else { return }
    for (k, v) in values.enumerated() where v > 0 && awayFrom + k != skipping {
      let c = awayFrom + k - awayMin, p = scale * v
      if (!inside || c < 0 || c >= cols) && p >= Self.spillFloor {
        spill[FinalScore(home: home, away: awayFrom + k), default: 0] += p
      }
    }
  }

  /// A copy of this box in `target` under each shift: target[row + rowShift, column + colShift]
  /// += weight * self[row, column] for every (rowShift, colShift, weight) in `shifts`. Row by
  /// target row, so each target row is written while it is in cache (one pass over memory,
  /// not one per shift); each cell still adds the shifts in their given order.
  func addShifted(into target: inout ScoreBox, _ shifts: [(rowShift: Int, colShift: Int, weight: Double)]) {
    guard let lowest = shifts.map(\.rowShift).min(), let highest = shifts.map(\.rowShift).max() else { return }
    let r0 = homeMin - target.homeMin, c0 = awayMin - target.awayMin
    var touched = [Range<Int>](repeating: 0..<0, count: target.rows)
    mass.withUnsafeBufferPointer { src in
      target.mass.withUnsafeMutableBufferPointer { dst in
        for t in max(0, r0 + lowest)..<min(target.rows, r0 + rows + highest) {
          let d = dst.baseAddress! + t * target.cols
          for (rowShift, colShift, weight) in shifts {
            let r = t - r0 - rowShift
            guard r >= 0, r < rows, !spans[r].isEmpty else { continue }
            let span = spans[r], shift = c0 + colShift
            precondition(span.lowerBound + shift >= 0 && span.upperBound + shift <= target.cols)
            let s = src.baseAddress! + r * cols
            mc_axpy(d + span.lowerBound + shift, s + span.lowerBound, weight, span.count)
            let moved = (span.lowerBound + shift)..<(span.upperBound + shift)
            touched[t] = touched[t].isEmpty ? moved : min(touched[t].lowerBound, moved.lowerBound)..<max(touched[t].upperBound, moved.upperBound)
          }
        }
      }
    }
    for t in 0..<target.rows where !touched[t].isEmpty { target.widen(row: t, to: touched[t]) }
  }

  /// Home and away exchanged.
  func transposed() -> ScoreBox {
    var t = ScoreBox(homeMin: awayMin, awayMin: homeMin, rows: cols, cols: rows)
    for r in 0..<rows {
      for c in spans[r] where mass[r * cols + c] != 0 {
        t.mass[c * rows + r] = mass[r * cols + c]
        t.widen(row: c, to: r..<(r + 1))
      }
    }
    for (score, p) in spill { t.spill[FinalScore(home: score.away, away: score.home)] = p }
    return t
  }

  /// Scores below `floor` raised to it: rows below fold onto the floor's row, columns below
  /// onto its column. The box must hold the floor's row and column if anything lies below.
  mutating func fold(below floor: Int) {
    let floorRow = floor - homeMin, floorCol = floor - awayMin
    precondition((floorRow <= 0 || floorRow < rows) && (floorCol <= 0 || floorCol < cols))
    if floorCol > 0 {
      for r in 0..<rows where !spans[r].isEmpty && spans[r].lowerBound < floorCol {
        var folded = 0.0
        for c in spans[r].lowerBound..<min(floorCol, spans[r].upperBound) {
          folded += mass[r * cols + c]
          mass[r * cols + c] = 0
        }
        mass[r * cols + floorCol] += folded
        spans[r] = floorCol..<max(floorCol + 1, spans[r].upperBound)
      }
    }
    if floorRow > 0 {
      for r in 0..<floorRow where !spans[r].isEmpty {
        for c in spans[r] {
          mass[floorRow * cols + c] += mass[r * cols + c]
          mass[r * cols + c] = 0
        }
        widen(row: floorRow, to: spans[r])
        spans[r] = 0..<0
      }
    }
  }

  /// The box's mass on `grid`'s cells, and every score outside the grid that holds at least
  /// `spillFloor` (what is left out is below 1e-24 a score, at most 2^21 x 1e-24 = 2.1e-18 in all
  /// for a box of `ExactScoreDistribution.denseTailCells`).
  /// The scores outside the grid come in score order (`FinalScore`'s `<`: by home, then away),
  /// each once.
  func split(on grid: ScoreGrid) -> ([Double], [(score: FinalScore, weight: Double)]) {
    var overflow: [(score: FinalScore, weight: Double)] = []
    if homeMin == grid.homeMin, awayMin == grid.awayMin, rows == grid.homeBins, cols == grid.awayBins {
      return (mass, Self.merged(overflow, spill))
    }
    var cells = [Double](repeating: 0, count: grid.cellCount)
    for r in 0..<rows where !spans[r].isEmpty {
      let home = homeMin + r, gridRow = home - grid.homeMin
      // Columns of the span inside the grid, copied (nothing else of the grid's row is set);
      // the rest of the span is overflow.
      let lo = max(spans[r].lowerBound, grid.awayMin - awayMin), hi = min(spans[r].upperBound, grid.awayMin + grid.awayBins - awayMin)
      let inGrid = gridRow >= 0 && gridRow < grid.homeBins && lo < hi
      if inGrid {
        let target = gridRow * grid.awayBins + (awayMin + lo - grid.awayMin)
        for c in lo..<hi { cells[target + c - lo] = mass[r * cols + c] }
      }
      for c in spans[r] where !(inGrid && c >= lo && c < hi) {
        let p = mass[r * cols + c]
        if p >= Self.spillFloor { overflow.append((FinalScore(home: home, away: awayMin + c), p)) }
      }
    }
    return (cells, Self.merged(overflow, spill))
  }

  /// `sorted` (in score order, each score once) with the spill's scores added, in score order.
  private static func merged(_ sorted: [(score: FinalScore, weight: Double)], _ spill: [FinalScore: Double])
    -> [(score: FinalScore, weight: Double)]
  {
    let extra = spill.filter { $0.value > 0 }
    guard !extra.isEmpty else { return sorted }
    var all = Dictionary(sorted.map { ($0.score, $0.weight) }, uniquingKeysWith: +)
    all.merge(extra, uniquingKeysWith: +)
    return all.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }
}
