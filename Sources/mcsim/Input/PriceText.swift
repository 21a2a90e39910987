import OddsMath
import Renderers

/// A price given on the command line, read the one way every command reads it: decimal, American
/// with its sign, or fractional; a bare number of 100 or more (150: decimal 150, not +150) is
/// read as written and warned about on standard error, as `mcsim odds convert` warns.
enum PriceText {
  static func parse(_ text: String, option: String) throws -> Odds {
    let odds: Odds
    do { odds = try Odds(parsing: text) } catch { throw CLIError.fail(option: option, error) }
    OddsOutput.warnIfAmbiguous(text)
    return odds
  }
}
