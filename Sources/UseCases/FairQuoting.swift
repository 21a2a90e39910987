import Foundation
import OddsMath
import Simulation

/// The fair-odds job, for `mcsim fair`, `POST /api/odds/fair` and the feeds a slate or the
/// server prices: every bet of a set of quotes against the sharp books' devigged consensus.
/// What a command, a request or a config asks is laid here, in one order, over the fair-odds
/// library's defaults: the terms given, else the config's sharp books and fees, else the
/// library's (`FairOddsPolicy()`).
package struct FairQuoting: Sendable {
  /// What is asked: each value nil or empty leaves the one below it.
  package struct Terms: Sendable {
    package var sharpBooks: [String] = []
    package var minimumBooks: Int?
    /// Age limits of main-line and player-prop quotes, in minutes.
    package var maxAgeMain: Double?
    package var maxAgeProps: Double?
    /// Largest gaps in American cents between fair and median price.
    package var outlierMain: Double?
    package var outlierProps: Double?
    /// Commission on winnings, by book.
    package var fees: [String: Double] = [:]
    /// Withhold EV when no sharp book prices every side, rather than use the whole market.
    package var sharpOnly = false

    package init() {}
  }

  /// One policy a method asked, in the order asked.
  let policies: [FairOddsPolicy]

  /// `terms` over a config's `sharp_books` and `fees` (nil: none) over the library's defaults,
  /// once for each of `methods` (Devigging's names, `all` where `allowingAll`; none: the
  /// default method).
  package init(
    _ terms: Terms, methods: [String] = [], allowingAll: Bool = true, configSharpBooks: [String]? = nil,
    configFees: [String: Double]? = nil
  ) throws(InputError) {
    let chosen = Devigging.methods(named: methods.isEmpty ? [Devigging.defaultMethod] : methods, allowingAll: allowingAll)
    if let refused = chosen.refused.first { throw refused }
    var base = FairOddsPolicy()
    if let books = terms.sharpBooks.isEmpty ? configSharpBooks : terms.sharpBooks { base.sharpBooks = books }
    if let fees = terms.fees.isEmpty ? configFees : terms.fees { base.fees = fees }
    base.fallbackToWholeMarket = !terms.sharpOnly
    if let n = terms.minimumBooks { base.minimumBooks = n }
    if let m = terms.maxAgeMain { base.maximumAge[.main] = m * 60 }
    if let m = terms.maxAgeProps { base.maximumAge[.playerProp] = m * 60 }
    if let c = terms.outlierMain { base.outlierThreshold[.main] = c }
    if let c = terms.outlierProps { base.outlierThreshold[.playerProp] = c }
    policies = chosen.methods.map { method in
      var p = base
      p.method = method
      return p
    }
  }

  /// The policy of the first method asked (a command that prices with one).
  package var policy: FairOddsPolicy { policies[0] }

  /// The one reading of sharp books, however they are given (`--sharp`, the `sharp` query, a
  /// config's `sharp_books`): names split at commas and trimmed, empty pieces dropped; at least
  /// one must be left.
  package static func sharpBooks(_ given: [String], field: String) throws(InputError) -> [String] {
    let books = given.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    guard !books.isEmpty else {
      throw .invalid(field: field, value: "'\(given.joined(separator: ","))'", reason: "must name at least one book")
    }
    return books
  }

  /// The one range of a book's commission on winnings (`--fee`, a config's `fees`): in [0, 1).
  package static func checkFee(_ rate: Double, field: String) throws(InputError) {
    guard rate >= 0, rate < 1 else { throw .invalid(field: field, value: "\(rate)", reason: "must be in [0, 1)") }
  }

  /// Each method's report on `quotes` (`rejected` carried into it), at `asOf` (nil: the newest
  /// quote's time, so a saved file answers the same whenever it is run).
  package func evaluate(_ quotes: [Quote], rejected: [RejectedQuote] = [], asOf: Date?) -> [FairOddsReport] {
    let at = asOf ?? FairOdds.newest(quotes)
    return policies.map { FairOdds.evaluate(quotes, rejected: rejected, policy: $0, asOf: at) }
  }
}
