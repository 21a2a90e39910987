import Foundation
import OddsMath
import UseCases

/// The one wording of an ambiguous price (`AmbiguousPrice`: unsigned, 100 or more, read as
/// decimal), for every edge: a line on stderr for the command line, an entry of the answer's
/// `warnings` for the server.
package enum PriceWarningText {
  /// "over_odds: '110' is read as decimal odds 110 (implied 0.91%); American odds are written
  /// +110 or -110".
  package static func message(_ price: AmbiguousPrice) -> String {
    let r = price.reading
    return
      "\(price.field.isEmpty ? "" : "\(price.field): ")'\(r.written)' is read as decimal odds \(r.written) (implied \(OddsOutput.percent(r.odds.impliedProbability))); American odds are written +\(r.written) or -\(r.written)"
  }

  /// Each on stderr as "warning: SOURCE: MESSAGE" (no source for an option).
  package static func warn(_ prices: [AmbiguousPrice], in source: String? = nil) {
    for price in prices {
      FileHandle.standardError.write(Data("warning: \(source.map { "\($0): " } ?? "")\(message(price))\n".utf8))
    }
  }
}
