/// A ratio of two positive integers, the way fractional (UK) odds are written: 10/11 wins 10 for
/// every 11 staked, so decimal = 1 + numerator / denominator.
///
/// Exact fractions are kept in lowest terms (91/100, 10/11); entries of the customary ladder keep
/// the form bookmakers print (6/4 and 4/6, not 3/2 and 2/3), so a Fraction is not reduced on
/// construction.
public struct Fraction: Hashable, Sendable, CustomStringConvertible {
  public let numerator: Int
  public let denominator: Int

  /// Both parts must be positive.
  public init(_ numerator: Int, _ denominator: Int) throws(OddsError) {
    guard numerator > 0, denominator > 0 else { throw .invalidFraction(numerator, denominator) }
    self.numerator = numerator
    self.denominator = denominator
  }

  init(unchecked numerator: Int, _ denominator: Int) {
    self.numerator = numerator
    self.denominator = denominator
  }

  /// numerator / denominator as a Double (correctly rounded).
  public var value: Double { Double(numerator) / Double(denominator) }

  public var description: String { "\(numerator)/\(denominator)" }

  /// The same ratio in lowest terms.
  public var reduced: Fraction {
    let g = gcd(numerator, denominator)
    return Fraction(unchecked: numerator / g, denominator / g)
  }

  /// n/d in lowest terms, or nil unless both are positive.
  static func lowestTerms(_ n: Int, _ d: Int) -> Fraction? {
    guard n > 0, d > 0 else { return nil }
    return Fraction(unchecked: n, d).reduced
  }

  /// The exact value of a number written in decimal notation (`1.91`, `1e-07`, `-110.5`), as
  /// sign and magnitude: 1.91 -> (false, 191/100). Nil when it does not fit in Int or is zero.
  static func parsingDecimal(_ text: Substring) -> (negative: Bool, magnitude: Fraction)? {
    var s = text
    var negative = false
    if let c = s.first, c == "+" || c == "-" {
      negative = c == "-"
      s = s.dropFirst()
    }
    var mantissa = s
    var exponent = 0
    if let e = s.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      mantissa = s[..<e]
      guard let x = Int(s[s.index(after: e)...]) else { return nil }
      exponent = x
    }
    var digits = 0
    var seenPoint = false
    var any = false
    for c in mantissa {
      if c == "." {
        guard !seenPoint else { return nil }
        seenPoint = true
        continue
      }
      guard let v = c.wholeNumberValue, c.isASCII else { return nil }
      any = true
      let (m, o1) = digits.multipliedReportingOverflow(by: 10)
      let (a, o2) = m.addingReportingOverflow(v)
      guard !o1, !o2 else { return nil }
      digits = a
      if seenPoint { exponent -= 1 }
    }
    guard any, digits > 0 else { return nil }
    var n = digits
    var d = 1
    while exponent > 0 {
      let (m, o) = n.multipliedReportingOverflow(by: 10)
      guard !o else { return nil }
      n = m
      exponent -= 1
    }
    while exponent < 0 {
      let (m, o) = d.multipliedReportingOverflow(by: 10)
      guard !o else { return nil }
      d = m
      exponent += 1
    }
    return (negative, Fraction(unchecked: n, d).reduced)
  }

  /// The best rational approximation of x > 0 with both parts at most `bound`, by continued
  /// fractions (the last convergent that fits).
  static func approximating(_ x: Double, bound: Int = 1 << 40) -> Fraction {
    var (h0, h1) = (0, 1)  // numerators of the last two convergents
    var (k0, k1) = (1, 0)  // denominators
    var r = x
    for _ in 0..<64 {
      let a = r.rounded(.down)
      guard a < Double(bound) else { break }
      let ai = Int(a)
      let (h, k) = (ai * h1 + h0, ai * k1 + k0)
      guard h <= bound, k <= bound else { break }
      (h0, h1, k0, k1) = (h1, h, k1, k)
      let frac = r - a
      if frac == 0 || abs(Double(h) / Double(k) - x) <= x.ulp { break }
      r = 1 / frac
    }
    if k1 == 0 { return Fraction(unchecked: bound, 1) }  // above bound
    if h1 == 0 { return Fraction(unchecked: 1, bound) }  // below 1/bound
    return Fraction(unchecked: h1, k1)
  }
}

func gcd(_ a: Int, _ b: Int) -> Int {
  var (a, b) = (a, b)
  while b != 0 { (a, b) = (b, a % b) }
  return a
}
