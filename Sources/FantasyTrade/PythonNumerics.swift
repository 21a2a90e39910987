import Foundation

/// The arithmetic of the replaced trade service (CPython 3.12+), reproduced so that
/// `--deterministic` gives its numbers to the last bit.
///
/// - `sum`: CPython's `sum()` over floats is Neumaier-compensated since 3.12:
///
///       t = s + x;  c += |s| >= |x| ? (s - t) + x : (x - t) + s;  s = t
///       result = s + c   (only when c != 0 and c is finite, so -0.0 keeps its sign)
///
///   Integer-valued inputs sum exactly under any scheme, so for them 3.11 and earlier agree.
/// - `round(x, digits)`: `round(x, 1)` rounds the *exact* binary value of x half to even (via
///   dtoa), not `x * 10` rounded. Here the product's rounding error is recovered exactly with an
///   FMA, so ties are decided on the exact value, as CPython does.
/// - `fixed1`: the text of `f"{x:.1f}"`, with the same correctly rounded digits and Python's
///   sign rule (`-0.04` prints as `-0.0`).
package enum PythonNumerics {
  /// CPython 3.12+ `sum(values)` for floats (see the type's comment).
  @inlinable
  package static func sum<C: Collection>(_ values: C) -> Double where C.Element == Double {
    var s = 0.0
    var c = 0.0
    for x in values {
      let t = s + x
      c += abs(s) >= abs(x) ? (s - t) + x : (x - t) + s
      s = t
    }
    return c != 0 && c.isFinite ? s + c : s
  }

  /// Python's `round(x)` / `round(x, 0)`: nearest integer, ties to even.
  @inlinable
  package static func round(_ x: Double) -> Double {
    x.rounded(.toNearestOrEven)
  }

  /// Python's `round(x, 1)`: the nearest multiple of 0.1 to the exact value of x, ties to even.
  package static func round(_ x: Double, digits: Int) -> Double {
    precondition(digits == 0 || digits == 1, "only round(x) and round(x, 1) are used")
    if digits == 0 { return round(x) }
    guard let tenths = exactTenths(x) else { return x }
    // Python rebuilds the result from signed decimal text, so round(-0.04, 1) is -0.0.
    return tenths == 0 ? (x.sign == .minus ? -0.0 : 0.0) : Double(tenths) / 10
  }

  /// The text of Python's `f"{x:.1f}"`.
  package static func fixed1(_ x: Double) -> String {
    guard let tenths = exactTenths(x) else { return String(format: "%.1f", x) }
    let magnitude = tenths.magnitude
    let sign = x.sign == .minus ? "-" : ""
    return "\(sign)\(magnitude / 10).\(magnitude % 10)"
  }

  /// Python's `str()` of a number read from JSON: integral values print as integers (the
  /// original's prices and breakevens are ints), others in shortest round-trip form.
  package static func str(_ x: Double) -> String {
    if x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
    return x.description
  }

  /// round-half-even(x * 10) computed on the exact product, or nil where |x| >= 2^48 (no score
  /// or price comes near; below it ulp(x * 10) <= 0.5, which the tie analysis needs).
  ///
  /// y = fl(x * 10) and e = x * 10 - y exactly (FMA). With n = rint(y) and t = y - n (exact),
  /// the exact product rounds to n unless y is itself a tie (t = +-0.5) and e pushes it over.
  static func exactTenths(_ x: Double) -> Int? {
    guard x.isFinite, abs(x) < 0x1p48 else { return nil }
    let y = x * 10
    let e = (-y).addingProduct(x, 10)
    let n = y.rounded(.toNearestOrEven)
    let t = y - n
    if t == 0.5 && e > 0 { return Int(n) + 1 }
    if t == -0.5 && e < 0 { return Int(n) - 1 }
    return Int(n)
  }
}
