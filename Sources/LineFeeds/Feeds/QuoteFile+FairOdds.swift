import Foundation
import ServiceContracts
import OddsMath
import UseCases

extension Feed {
  /// The feed as the fair-odds library takes a decoded quotes file.
  package var decodedQuotes: QuoteFile.Decoded { QuoteFile.Decoded(quotes: quotes, rejected: rejected) }
}

extension FairOdds {
  /// Evaluates a decoded quotes file; its rejected quotes are carried into the report.
  package static func evaluate(
    _ file: QuoteFile.Decoded, policy: FairOddsPolicy = .init(), asOf: Date? = nil
  ) -> FairOddsReport {
    evaluate(file.quotes, rejected: file.rejected, policy: policy, asOf: asOf ?? newest(file.quotes))
  }
}
