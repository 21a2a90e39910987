import Calibration

/// How team ratings are named wherever they project games (the slate's and the board's
/// projections, the server's health), and the one wording of their staleness.
package enum RatingsSourceText {
  /// "team ratings from data/nba.csv as of 2026-11-29", and when stale ", last result 2025-06-22
  /// (525 days before: stale)".
  package static func source(_ ratings: TeamRatings, from results: String) -> String {
    var text = "team ratings from \(results) as of \(ratings.asOf)"
    if let days = ratings.staleDays, let last = ratings.lastResult {
      text += ", last result \(last) (\(days) days before: stale)"
    }
    return text
  }

  /// "team ratings as of 2026-11-29 are stale: the last result is 2025-06-22, 525 days before"
  /// for ratings more than `TeamRatings.staleAfterDays` after their last result, else nil.
  package static func staleWarning(_ ratings: TeamRatings) -> String? {
    guard let days = ratings.staleDays, let last = ratings.lastResult else { return nil }
    return "team ratings as of \(ratings.asOf) are stale: the last result is \(last), \(days) days before"
  }
}
