import CRandom
import Foundation

/// P(round(H) = i, round(A) = j) for the bivariate normal regulation scores, on every cell of
/// the disc the generator can reach, before floor and overtime.
///
/// Given H = h, A ~ N(m(h), s^2) with m(h) = mu_a + slope (h - mu_h), slope = rho sd_a / sd_h and
/// s = sd_a sqrt(1 - rho^2), so a cell is a one-dimensional integral over its row:
///   P(i, j) = integral over [i - 1/2, i + 1/2) of phi_H(h) [Phi((j + 1/2 - m(h)) / s) - Phi((j - 1/2 - m(h)) / s)] dh,
/// by Gauss-Legendre with the fewest nodes that hold the error under 1e-16 of the integrand
/// (GaussLegendre.panels), the normal's interval masses of a whole row at once in C
/// (mc_normal_interval_masses). With |rho| = 1 (s = 0) the cells are exact intervals of H.
///
/// Support: Box-Muller draws (z0, z1) inside the disc of radius MC_NORMAL_MAX_ABS = 8.6546, and
/// H = mu_h + sd_h z0, A = m(H) + s z1; each row keeps the columns its part of that disc
/// reaches. The normal's mass outside the disc is exp(-8.6546^2 / 2) = 5e-17, so the cells sum
/// to 1 within that, and the work is about 300 sd_h sd_a Phi values, whatever the input.
package enum RegulationCells {
  static let reach = MC_NORMAL_MAX_ABS

  /// The cells, in a box that also holds `include` (the score floor's row and column) when
  /// some cells lie below it.
  static func box(_ model: GameModel, including include: Int? = nil) -> ScoreBox {
    // Condition on the team with the larger sd, so the conditional mean moves by at most one
    // point per point (|slope| <= 1) and the panels stay few.
    if abs(model.correlation * model.awaySD) > model.homeSD {
      var swapped = model
      swap(&swapped.homeMean, &swapped.awayMean)
      swap(&swapped.homeSD, &swapped.awaySD)
      return box(swapped, including: include).transposed()
    }
    let muH = model.homeMean, sdH = model.homeSD, muA = model.awayMean, sdA = model.awaySD
    let rho = model.correlation
    let slope = rho * sdA / sdH
    let s = sdA * max(0, 1 - rho * rho).squareRoot()

    // Rows whose interval meets [mu_h - reach sd_h, mu_h + reach sd_h]; per row, the columns
    // whose interval meets the disc's chord there (widest where |z0| is smallest).
    let iLo = cell(muH - reach * sdH), iHi = cell(muH + reach * sdH)
    var columns: [ClosedRange<Int>] = []
    for i in iLo...iHi {
      let zLo = (Double(i) - 0.5 - muH) / sdH, zHi = (Double(i) + 0.5 - muH) / sdH
      let zNear = zLo <= 0 && zHi >= 0 ? 0 : min(abs(zLo), abs(zHi))
      let half = s * max(0, reach * reach - zNear * zNear).squareRoot()
      let m0 = muA + slope * (Double(i) - 0.5 - muH), m1 = muA + slope * (Double(i) + 0.5 - muH)
      columns.append(cell(min(m0, m1) - half)...cell(max(m0, m1) + half))
    }
    var homeRange = iLo...iHi
    var awayRange = columns.map(\.lowerBound).min()!...columns.map(\.upperBound).max()!
    // Only a floor above some cells needs a place to fold them onto.
    if let include, include > homeRange.lowerBound { homeRange = homeRange.lowerBound...max(homeRange.upperBound, include) }
    if let include, include > awayRange.lowerBound { awayRange = awayRange.lowerBound...max(awayRange.upperBound, include) }
    var box = ScoreBox(home: homeRange, away: awayRange)

    // Beyond 2000 panels per point (|rho| within about 1e-8 of 1) the conditional step is
    // narrower than 1/500 of a point and the degenerate form is exact to that width.
    if s == 0 || 4 * abs(slope) / s > 2000 {
      degenerate(into: &box, rows: iLo...iHi, muH: muH, sdH: sdH, muA: muA, slope: slope)
      return box
    }

    // The integrand's length scale in h: the density's sd and the conditional step's width
    // s / |slope|, combined as the curvatures add.
    let scale = 1 / (1 / (sdH * sdH) + (slope / s) * (slope / s)).squareRoot()
    let (rule, panels) = GaussLegendre.panels(forScale: scale)
    let width = 1.0 / Double(panels)
    let norm = 1 / (sdH * (2 * Double.pi).squareRoot())
    var scratch = [Double](repeating: 0, count: awayRange.count + 1 + Int(MC_NORMAL_SCRATCH_PAD))
    box.mass.withUnsafeMutableBufferPointer { mass in
      scratch.withUnsafeMutableBufferPointer { scratch in
        for (r, i) in (iLo...iHi).enumerated() {
          let row = r + (iLo - box.homeMin)
          let jFrom = columns[r].lowerBound, count = columns[r].count
          let acc = mass.baseAddress! + row * box.cols + (jFrom - box.awayMin)
          for panel in 0..<panels {
            let a = Double(i) - 0.5 + Double(panel) * width
            for (x, w) in zip(rule.nodes, rule.weights) {
              let h = a + (x + 1) * width / 2
              let z = (h - muH) / sdH
              let weight = w * width / 2 * exp(-0.5 * z * z) * norm
              let m = muA + slope * (h - muH)
              mc_normal_interval_masses((Double(jFrom) - 0.5 - m) / s, 1 / s, count, weight, acc, scratch.baseAddress!)
            }
          }
          // Differences of tails rounded apart can leave -1e-300 where the mass is 0.
          for k in 0..<count where acc[k] < 0 { acc[k] = 0 }
          box.spans[row] = (jFrom - box.awayMin)..<(jFrom - box.awayMin + count)
        }
      }
    }
    return box
  }

  /// A = mu_a + slope (H - mu_h) exactly: cell (i, j) is an interval of H.
  private static func degenerate(
    into box: inout ScoreBox, rows: ClosedRange<Int>, muH: Double, sdH: Double, muA: Double, slope: Double
  ) {
    for i in rows {
      let lo = Double(i) - 0.5, hi = Double(i) + 0.5
      let aLo = muA + slope * (lo - muH), aHi = muA + slope * (hi - muH)
      for j in (cell(min(aLo, aHi)) - 1)...(cell(max(aLo, aHi)) + 1) {
        // h with A(h) in [j - 1/2, j + 1/2)
        let e0 = muH + (Double(j) - 0.5 - muA) / slope, e1 = muH + (Double(j) + 0.5 - muA) / slope
        let a = max(lo, min(e0, e1)), b = min(hi, max(e0, e1))
        if b > a {
          let p = normalCDF((b - muH) / sdH) - normalCDF((a - muH) / sdH)
          if p > 0 { box.add(home: i, away: j, p) }
        }
      }
    }
  }

  /// The integer a value rounds to, half up, as the kernel rounds scores.
  static func cell(_ x: Double) -> Int { Int((x + 0.5).rounded(.down)) }

  package static func normalCDF(_ x: Double) -> Double { 0.5 * erfc(-x / 2.0.squareRoot()) }
}
