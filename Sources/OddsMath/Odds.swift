/// A price, whatever format it was quoted in. Stored as decimal odds (the total return per unit
/// staked, stake included); every other format converts through it.
///
///   decimal d > 1;  American a <= -100 or a >= +100;  implied probability 1/d
///   d = 1 + a/100 for a >= +100,  d = 1 + 100/|a| for a <= -100
///   fractional n/m: d = 1 + n/m;  Hong Kong h = d - 1
///
/// An invalid price cannot be constructed: every initialiser validates.
///
/// Conversions are lossless: a price quoted as American or fractional keeps its exact net payout
/// as a fraction (-110 is 10/11, not 0.90909...), so `american` gives back -110 exactly and
/// `fractional` 10/11. A decimal price is exact as written: 1.91 is 91/100. Two prices are equal
/// when their decimal odds are.
public struct Odds: Hashable, Sendable, CustomStringConvertible {
  /// Decimal odds, > 1.
  public let decimal: Double

  /// The exact net payout (d - 1) when the price was quoted in a format that has one beyond the
  /// Double (American, fractional); nil means "exactly `decimal` as written".
  private let quotedPayout: Fraction?

  /// The longest price accepted: decimal 1,000,000 (999,999 to 1). Beyond it a price is a typo,
  /// and EV and Kelly figures would overflow what JSON can carry.
  public static let maxDecimal = 1_000_000.0

  public init(decimal: Double) throws(OddsError) {
    guard decimal.isFinite, decimal > 1, decimal <= Self.maxDecimal else { throw .invalidDecimal(decimal) }
    self.decimal = decimal
    self.quotedPayout = nil
  }

  public init(american: Double) throws(OddsError) {
    guard american.isFinite, american <= -100 || american >= 100 else {
      throw .invalidAmerican(american)
    }
    if let payout = Self.exactPayout(american: american) {
      try self.init(exactPayout: payout, orThrow: .invalidAmerican(american))
    } else {
      try self.init(
        checked: american > 0 ? 1 + american / 100 : 1 + 100 / -american, payout: nil,
        orThrow: .invalidAmerican(american))
    }
  }

  /// Fractional (UK) odds numerator/denominator, both positive: 10/11, 5/2, 1/1 (evens).
  /// Throws when the payout is too small for a decimal price above 1 (e.g. 1/10^18).
  public init(fractional: Fraction) throws(OddsError) {
    try self.init(exactPayout: fractional.reduced, orThrow: .invalidFraction(fractional.numerator, fractional.denominator))
  }

  /// decimal = (n + m) / m, correctly rounded when both fit in a Double's 53 bits (so 91/100 is
  /// exactly the Double 1.91, which 1 + 0.91 is not).
  private init(exactPayout f: Fraction, orThrow error: OddsError) throws(OddsError) {
    let (sum, overflow) = f.numerator.addingReportingOverflow(f.denominator)
    try self.init(
      checked: !overflow && sum < 1 << 53 ? Double(sum) / Double(f.denominator) : 1 + f.value,
      payout: f, orThrow: error)
  }

  /// Every computed price passes here: a payout so small that the decimal rounds to 1 (American
  /// -10^18, Hong Kong 10^-17) is refused, so no Odds has decimal <= 1.
  private init(checked decimal: Double, payout: Fraction?, orThrow error: OddsError) throws(OddsError) {
    guard decimal.isFinite, decimal > 1, decimal <= Self.maxDecimal else { throw error }
    self.decimal = decimal
    self.quotedPayout = payout
  }

  public init(numerator: Int, denominator: Int) throws(OddsError) {
    try self.init(fractional: try Fraction(numerator, denominator))
  }

  /// Hong Kong odds: the net payout per unit staked, > 0 (0.91 is decimal 1.91).
  public init(hongKong: Double) throws(OddsError) {
    guard hongKong.isFinite, hongKong > 0 else { throw .invalidHongKong(hongKong) }
    if let payout = Fraction.parsingDecimal(hongKong.description[...])?.magnitude {
      try self.init(exactPayout: payout, orThrow: .invalidHongKong(hongKong))
    } else {
      try self.init(checked: 1 + hongKong, payout: nil, orThrow: .invalidHongKong(hongKong))
    }
  }

  /// From a probability in (0, 1): the fair price of an outcome that likely.
  public init(probability: Double) throws(OddsError) {
    guard probability.isFinite, probability > 0, probability < 1 else {
      throw .invalidProbability(probability)
    }
    self.decimal = 1 / probability
    self.quotedPayout = nil
  }

  /// Parses a price as people write it: a leading `+` or `-` means American (`-110`, `+150`);
  /// `n/m` is fractional (`10/11`, `5/2`), `evens` or `evs` is 1/1; otherwise decimal (`1.91`).
  public init(parsing text: String) throws(OddsError) {
    let trimmed = text.trimmingWhitespace
    let lower = trimmed.lowercased()
    if lower == "evens" || lower == "evs" || lower == "even" {
      try self.init(fractional: Fraction(unchecked: 1, 1))
      return
    }
    if let slash = trimmed.firstIndex(of: "/") {
      guard let n = Int(trimmed[..<slash]), let d = Int(trimmed[trimmed.index(after: slash)...])
      else { throw .unparseable(text) }
      try self.init(numerator: n, denominator: d)
      return
    }
    guard let first = trimmed.first, let value = Double(trimmed) else {
      throw .unparseable(text)
    }
    if first == "+" || first == "-" {
      try self.init(american: value)
    } else {
      try self.init(decimal: value)
    }
  }

  /// American odds: +150 pays 150 per 100 staked, -110 needs 110 staked to win 100.
  public var american: Double {
    if let f = quotedPayout {
      return f.numerator >= f.denominator
        ? 100 * Double(f.numerator) / Double(f.denominator)
        : -100 * Double(f.denominator) / Double(f.numerator)
    }
    return decimal >= 2 ? (decimal - 1) * 100 : -100 / (decimal - 1)
  }

  /// The probability the price implies, vig included: 1 / decimal.
  public var impliedProbability: Double { 1 / decimal }

  /// Net profit per unit staked when the bet wins (often written b): decimal - 1.
  public var netPayout: Double { decimal - 1 }

  /// Hong Kong odds: the net payout, decimal - 1, from the exact fraction (1.91 gives 0.91, not
  /// 0.9099999999999999).
  public var hongKong: Double { fractional.value }

  /// The exact fractional odds of this price in lowest terms: 1.91 -> 91/100, -110 -> 10/11,
  /// +150 -> 3/2. A price with more digits than Int holds falls back to the best rational
  /// approximation.
  public var fractional: Fraction {
    if let f = quotedPayout { return f }
    if let (_, d) = Fraction.parsingDecimal(decimal.description[...]),
      let payout = Fraction.lowestTerms(d.numerator - d.denominator, d.denominator)
    {
      return payout
    }
    return Fraction.approximating(netPayout)
  }

  /// The nearest price on the bookmakers' customary fractional ladder (-110 -> 10/11,
  /// 1.83 -> 5/6), nearest in log payout, so odds-on and odds-against are treated alike.
  public var customaryFractional: Fraction { FractionalLadder.nearest(toPayout: netPayout) }

  /// How far apart two prices are in American cents, counting across even money without the
  /// gap between -100 and +100: -105 and +105 are 10 apart, -110 and -130 are 20 apart.
  public func americanDistance(to other: Odds) -> Double {
    let (a, b) = (american, other.american)
    return (a < 0) == (b < 0) ? abs(a - b) : abs(a) + abs(b) - 200
  }

  public var description: String { "\(decimal)" }

  public static func == (lhs: Odds, rhs: Odds) -> Bool { lhs.decimal == rhs.decimal }
  public func hash(into hasher: inout Hasher) { hasher.combine(decimal) }

  /// The exact payout of an American price: a/100 above even money, 100/|a| below; nil when the
  /// digits do not fit in Int.
  private static func exactPayout(american: Double) -> Fraction? {
    guard let (negative, r) = Fraction.parsingDecimal(american.description[...]) else { return nil }
    let (hundredDen, overflow) = r.denominator.multipliedReportingOverflow(by: 100)
    guard !overflow else { return nil }
    return negative
      ? Fraction.lowestTerms(hundredDen, r.numerator) : Fraction.lowestTerms(r.numerator, hundredDen)
  }
}

/// Why a price or a probability was refused.
public enum OddsError: Error, Equatable, Sendable, CustomStringConvertible {
  case invalidDecimal(Double)
  case invalidAmerican(Double)
  case invalidProbability(Double)
  case invalidFraction(Int, Int)
  case invalidHongKong(Double)
  case unparseable(String)

  public var description: String {
    switch self {
    case .invalidDecimal(let d):
      d > Odds.maxDecimal
        ? "decimal odds must be at most \(Int(Odds.maxDecimal)), got \(d)"
        : "decimal odds must be finite and greater than 1, got \(d)"
    case .invalidAmerican(let a):
      a > (Odds.maxDecimal - 1) * 100
        ? "American odds must be at most +\(Int((Odds.maxDecimal - 1) * 100)), got \(a)"
        : "American odds must be finite and at most -100 or at least +100, got \(a)"
    case .invalidProbability(let p): "a probability must be inside (0, 1), got \(p)"
    case .invalidFraction(let n, let d): "fractional odds need a positive numerator and denominator, got \(n)/\(d)"
    case .invalidHongKong(let h): "Hong Kong odds must be finite and greater than 0, got \(h)"
    case .unparseable(let s):
      "cannot read odds from '\(s)' (decimal like 1.91, American like -110 or +150, fractional like 10/11)"
    }
  }
}

extension String {
  var trimmingWhitespace: Substring {
    var s = self[...]
    while let c = s.first, c.isWhitespace { s.removeFirst() }
    while let c = s.last, c.isWhitespace { s.removeLast() }
    return s
  }
}
