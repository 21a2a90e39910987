/// A price, whatever format it was quoted in. Stored as decimal odds (the total return per unit
/// staked, stake included); every other format converts through it.
///
///   decimal d > 1;  American a <= -100 or a >= +100;  implied probability 1/d
///   d = 1 + a/100 for a >= +100,  d = 1 + 100/|a| for a <= -100
///
/// An invalid price cannot be constructed: every initialiser validates.
public struct Odds: Hashable, Sendable, CustomStringConvertible {
  /// Decimal odds, > 1.
  public let decimal: Double

  public init(decimal: Double) throws(OddsError) {
    guard decimal.isFinite, decimal > 1 else { throw .invalidDecimal(decimal) }
    self.decimal = decimal
  }

  public init(american: Double) throws(OddsError) {
    guard american.isFinite, american <= -100 || american >= 100 else {
      throw .invalidAmerican(american)
    }
    self.decimal = american > 0 ? 1 + american / 100 : 1 + 100 / -american
  }

  /// From a probability in (0, 1): the fair price of an outcome that likely.
  public init(probability: Double) throws(OddsError) {
    guard probability.isFinite, probability > 0, probability < 1 else {
      throw .invalidProbability(probability)
    }
    self.decimal = 1 / probability
  }

  /// Parses a price as people write it: a leading `+` or `-` means American (`-110`, `+150`);
  /// otherwise decimal (`1.91`).
  public init(parsing text: String) throws(OddsError) {
    let trimmed = text.trimmingWhitespace
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
    decimal >= 2 ? (decimal - 1) * 100 : -100 / (decimal - 1)
  }

  /// The probability the price implies, vig included: 1 / decimal.
  public var impliedProbability: Double { 1 / decimal }

  /// Net profit per unit staked when the bet wins (often written b): decimal - 1.
  public var netPayout: Double { decimal - 1 }

  public var description: String { "\(decimal)" }
}

/// Why a price or a probability was refused.
public enum OddsError: Error, Equatable, Sendable, CustomStringConvertible {
  case invalidDecimal(Double)
  case invalidAmerican(Double)
  case invalidProbability(Double)
  case unparseable(String)

  public var description: String {
    switch self {
    case .invalidDecimal(let d): "decimal odds must be finite and greater than 1, got \(d)"
    case .invalidAmerican(let a):
      "American odds must be finite and at most -100 or at least +100, got \(a)"
    case .invalidProbability(let p): "a probability must be inside (0, 1), got \(p)"
    case .unparseable(let s): "cannot read odds from '\(s)' (decimal like 1.91, American like -110 or +150)"
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
