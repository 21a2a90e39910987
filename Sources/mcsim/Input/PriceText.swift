import Renderers
import UseCases

/// A price given on the command line, read by the one rule of every path (`PriceReading`):
/// decimal, American with its sign, or fractional; a bare number of 100 or more (150: decimal
/// 150, not +150) is read as written and warned about on stderr (`PriceWarningText`).
enum PriceText {
  static func parse(_ text: String, option: String) throws -> PriceReading {
    let reading: PriceReading
    do { reading = try PriceReading(text) } catch { throw CLIError.fail(option: option, error) }
    PriceWarningText.warn(AmbiguousPrice.of(reading, at: option).map { [$0] } ?? [])
    return reading
  }
}
