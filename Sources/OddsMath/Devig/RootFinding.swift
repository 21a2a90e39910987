/// Root finding for the devig methods whose parameter has no closed form.
///
/// Every such method sums its probabilities as a strictly monotone function of one parameter,
/// so the pattern is always the same: start from a point where the sign is known (the parameter
/// value that leaves the prices unchanged), grow a bracket geometrically until the sign flips,
/// then run Brent's method (inverse quadratic interpolation safeguarded by bisection; Brent 1973,
/// ch. 4, in the formulation of scipy's brentq). Growth never fails for a valid market because
/// each method's sum tends to a limit on the far side of 1 (shown in each method's file).
enum RootFinding {
  /// Grows `far` away from `near` (the distance doubling each step) until f changes sign between
  /// them, then returns the root between them. f(near) = fNear has the sign that holds on
  /// `near`'s side of the root.
  static func root(
    from near: Double, _ fNear: Double, towards far: Double, _ f: (Double) -> Double
  ) -> Double {
    expand(near, fNear, far, f) { previous, current in current + 2 * (current - previous) }
  }

  /// Like `root(from:towards:)`, for a parameter that must stay positive: `far` is multiplied by
  /// far / near each step (halving towards 0 from near = 1, far = 0.5), never crossing 0.
  static func positiveRoot(
    from near: Double, _ fNear: Double, towards far: Double, _ f: (Double) -> Double
  ) -> Double {
    let factor = far / near
    return expand(near, fNear, far, f) { _, current in current * factor }
  }

  private static func expand(
    _ near: Double, _ fNear: Double, _ far: Double, _ f: (Double) -> Double,
    next: (Double, Double) -> Double
  ) -> Double {
    if fNear == 0 { return near }
    var (a, fa, b) = (near, fNear, far)
    var fb = f(b)
    var growths = 0
    while (fb < 0) == (fa < 0), fb != 0, growths < 2100 {
      let grown = next(a, b)
      (a, fa) = (b, fb)
      b = grown
      fb = f(b)
      growths += 1
    }
    return brent(a, fa, b, fb, f)
  }

  /// Brent's method on a bracket [a, b] with f(a) and f(b) of opposite signs. Stops when the
  /// bracket is within a few ulps of the root.
  static func brent(
    _ a: Double, _ fa: Double, _ b: Double, _ fb: Double, _ f: (Double) -> Double
  ) -> Double {
    var (xpre, fpre, xcur, fcur) = (a, fa, b, fb)
    var (xblk, fblk, spre, scur) = (0.0, 0.0, 0.0, 0.0)
    if fpre == 0 { return xpre }
    if fcur == 0 { return xcur }
    for _ in 0..<400 {
      if fpre != 0, fcur != 0, (fpre < 0) != (fcur < 0) {
        (xblk, fblk) = (xpre, fpre)
        spre = xcur - xpre
        scur = spre
      }
      if abs(fblk) < abs(fcur) {
        (xpre, xcur, xblk) = (xcur, xblk, xcur)
        (fpre, fcur, fblk) = (fcur, fblk, fcur)
      }
      let delta = (absoluteTolerance + 4 * Double.ulpOfOne * abs(xcur)) / 2
      let sbis = (xblk - xcur) / 2
      if fcur == 0 || abs(sbis) < delta { return xcur }
      if abs(spre) > delta, abs(fcur) < abs(fpre) {
        let stry: Double
        if xpre == xblk {
          stry = -fcur * (xcur - xpre) / (fcur - fpre)  // secant
        } else {  // inverse quadratic interpolation
          let dpre = (fpre - fcur) / (xpre - xcur)
          let dblk = (fblk - fcur) / (xblk - xcur)
          stry = -fcur * (fblk * dblk - fpre * dpre) / (dblk * dpre * (fblk - fpre))
        }
        if 2 * abs(stry) < min(abs(spre), 3 * abs(sbis) - delta) {
          (spre, scur) = (scur, stry)
        } else {
          (spre, scur) = (sbis, sbis)
        }
      } else {
        (spre, scur) = (sbis, sbis)
      }
      (xpre, fpre) = (xcur, fcur)
      xcur += abs(scur) > delta ? scur : (sbis > 0 ? delta : -delta)
      fcur = f(xcur)
    }
    return xcur
  }

  /// Absolute floor of the stopping tolerance, for roots at or near 0 (Shin's z, the logit
  /// shift of a market without margin).
  static let absoluteTolerance = 1e-18
}
