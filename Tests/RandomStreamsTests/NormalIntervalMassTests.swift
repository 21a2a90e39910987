import CRandom
import Foundation
import XCTest

/// The exact distribution's C kernels: the normal's lower tail and its interval masses,
/// against libm's erfc.
final class NormalIntervalMassTests: XCTestCase {
  func reference(_ x: Double) -> Double { 0.5 * erfc(abs(x) / 2.0.squareRoot()) }

  /// Relative error against erfc over |x| <= 9 (every mass the engine can draw), where both
  /// sides round x / sqrt 2: an argument off by one ulp moves Phi by about x^2 ulp, so the bound
  /// is 1e-15 (1 + x^2); 1e-8 relative beyond (the series' ten terms, where Phi < 1e-19); and
  /// 0 past 38.5, where Phi is below the smallest double.
  func testLowerTailAgreesWithErfc() {
    let xs = stride(from: -40.0, through: 40.0, by: 0.000_37).map { $0 }
    var out = [Double](repeating: -1, count: xs.count)
    mc_normal_lower_tail(xs, &out, xs.count)
    for (x, v) in zip(xs, out) {
      if abs(x) > 38.5 {
        XCTAssertEqual(v, 0, "x = \(x)")
      } else if abs(x) <= 9 {
        let r = reference(x)
        XCTAssertLessThanOrEqual(abs(v - r), 1e-15 * (1 + x * x) * r, "x = \(x): \(v) vs \(r)")
      } else {
        let r = reference(x)
        // Below 1e-300 the doubles themselves run out of digits (denormals).
        XCTAssertLessThanOrEqual(abs(v - r), max(1e-8 * r, 1e-300), "x = \(x): \(v) vs \(r)")
      }
    }
  }

  /// Masses of consecutive intervals sum to the mass of their union, each is >= 0, and a mass
  /// far in either tail keeps its relative precision (no 1 - (1 - tiny)).
  func testIntervalMassesAddUpAndKeepTheirDigits() {
    let n = 400, x0 = -20.0, step = 0.1
    var acc = [Double](repeating: 0, count: n), scratch = [Double](repeating: 0, count: n + 1 + Int(MC_NORMAL_SCRATCH_PAD))
    mc_normal_interval_masses(x0, step, n, 1, &acc, &scratch)
    XCTAssertTrue(acc.allSatisfy { $0 >= 0 })
    XCTAssertEqual(acc.reduce(0, +), 1 - 2 * reference(20), accuracy: 1e-15)
    // [9, 9.1) lies 29 intervals from the top: its mass, about 1e-19, to 1e-13 of itself.
    let k = Int(((9 - x0) / step).rounded())
    let truth = reference(9) - reference(9.1)
    XCTAssertEqual(acc[k], truth, accuracy: 1e-13 * truth)
    // And in the lower tail, mirrored.
    let j = Int(((-9.1 - x0) / step).rounded())
    XCTAssertEqual(acc[j], truth, accuracy: 1e-13 * truth)
    // A weight scales and accumulates.
    mc_normal_interval_masses(x0, step, n, 0.5, &acc, &scratch)
    XCTAssertEqual(acc[k], 1.5 * truth, accuracy: 1e-13 * truth)
  }

  func testAxpyMultipliesThenAdds() {
    var y: [Double] = [1, 2, 3, 4, 5]
    mc_axpy(&y, [1, 1, 1, 1, 1], 0.5, 4)
    XCTAssertEqual(y, [1.5, 2.5, 3.5, 4.5, 5])
  }
}
