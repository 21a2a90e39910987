import Foundation
import ServiceContracts
import OddsMath

extension FairOdds {
  /// Evaluates a decoded quotes file; its rejected quotes are carried into the report.
  package static func evaluate(
    _ file: QuoteFile.Decoded, policy: FairOddsPolicy = .init(), asOf: Date? = nil
  ) -> FairOddsReport {
    evaluate(file.quotes, rejected: file.rejected, policy: policy, asOf: asOf ?? newest(file.quotes))
  }
}
