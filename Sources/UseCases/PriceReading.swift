import OddsMath
import Simulation

/// A price as someone wrote it, read by mcsim's one rule, whatever the path it came in by: an
/// option (`--over-odds`, `--price`, `devig` and `odds` arguments), a file (a slate, a simulate
/// request, a parlay, quotes), an HTTP body (simulate, batch, devig, fair, a FairBet parlay) or
/// the betting agent's odds feed.
///
///   text:   a leading + or - is American (-110, +150); n/m is fractional (10/11), evens 1/1;
///           anything else decimal (1.91)
///   number: decimal odds (the agent's `over_odds: 1.91`); a number at or below -100 is refused
///           with the hint to write American odds as a string ("-110"), since no decimal price
///           is negative and a JSON number carries no sign convention
///
/// A bare number of 100 or more ("110", 150) is read as written, decimal odds 110 (a 0.9% long
/// shot), and flagged `isAmbiguous`: it reads like American odds with the sign left out. The
/// reading stands (decimal 150 is a real price on an exchange); every edge says so the same way
/// (`AmbiguousPrice`), on stderr for the command line and in the answer's `warnings` for the
/// server.
package struct PriceReading: Hashable, Sendable {
  /// The price read.
  package let odds: Odds
  /// What was written, as written (a JSON number as its shortest text: 110, not 110.0).
  package let written: String
  /// Unsigned and 100 or more: decimal as read, but it looks American.
  package let isAmbiguous: Bool

  /// The smallest unsigned number that reads like American odds without its sign.
  package static let ambiguousFrom = 100.0

  /// Reads a price written as text.
  package init(_ text: String) throws(OddsError) {
    odds = try Odds(parsing: text)
    let trimmed = String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    written = trimmed
    isAmbiguous = trimmed.first?.isNumber == true && (Double(trimmed).map { $0 >= Self.ambiguousFrom } ?? false)
  }

  /// Reads a price written as a JSON number: decimal odds.
  package init(number: Double) throws(PriceNumberError) {
    let written = Self.text(number)
    guard number > -Self.ambiguousFrom else { throw .americanAsNumber(written) }
    do { odds = try Odds(decimal: number) } catch { throw .invalid(error) }
    self.written = written
    isAmbiguous = number >= Self.ambiguousFrom
  }

  /// 110 rather than 110.0 (`PlainNumber`, the engine's one plain-number text, which the
  /// edges reach through here without importing the engine).
  package static func text(_ number: Double) -> String { PlainNumber.text(number) }
}

/// A price written as a JSON number and refused.
package enum PriceNumberError: Error, Equatable, Sendable, CustomStringConvertible {
  /// -110 as a number: American odds must be a string, "-110".
  case americanAsNumber(String)
  /// Not a valid decimal price (at most 1, not finite, beyond `Odds.maxDecimal`).
  case invalid(OddsError)

  package var description: String {
    switch self {
    case .americanAsNumber(let text): "a number is read as decimal odds; write American odds as a string, \"\(text)\""
    case .invalid(let error): error.description
    }
  }
}

/// A price read as decimal that looks American, and where it was written (an option such as
/// `--over-odds`, or a field's path such as `games[2].over_odds`). The edges word it once
/// (`PriceWarningText` in Renderers).
package struct AmbiguousPrice: Hashable, Sendable {
  package let field: String
  package let reading: PriceReading

  package init(field: String, reading: PriceReading) {
    self.field = field
    self.reading = reading
  }

  /// The notice for `reading` at `field`, or nil when the price is not ambiguous.
  package static func of(_ reading: PriceReading, at field: String) -> AmbiguousPrice? {
    reading.isAmbiguous ? AmbiguousPrice(field: field, reading: reading) : nil
  }
}
