import Foundation
import UseCases

/// The state of the server's live sources (`source` in `/api/tonight/totals` and
/// `/api/fairbet/odds`, `live` in `/api/health`): what is read, when it was last read well, its
/// age, when what it read last changed (`changed_at`: a refresh that reads the same bytes
/// keeps it), and the last refresh's error (null when the last refresh worked). `status` is
/// `healthy` while the lines are younger than `stale_after_seconds`, `degraded` once they are
/// older or were never read; `warning` says why the last good lines are kept (a feed that
/// answered no games).
package struct SourceStatus: Encodable, Sendable {
  package let status: String
  package let odds: String
  package let stats: String?
  @NullEncoded package var updatedAt: String?
  @NullEncoded package var changedAt: String?
  @NullEncoded package var ageSeconds: Double?
  @NullEncoded package var lastError: String?
  @NullEncoded package var warning: String?
  package let refreshSeconds: Double
  package let staleAfterSeconds: Double

  package init(
    odds: String, stats: String?, readAt: Date?, changedAt: Date? = nil, now: Date, lastError: String?,
    refreshSeconds: Double, staleAfterSeconds: Double = 600, warning: String? = nil
  ) {
    self.odds = odds
    self.stats = stats
    self.updatedAt = readAt.map(Timestamp.format)
    self.changedAt = (changedAt ?? readAt).map(Timestamp.format)
    let age = readAt.map { now.timeIntervalSince($0) }
    self.ageSeconds = age
    self.lastError = lastError
    self.refreshSeconds = refreshSeconds
    self.staleAfterSeconds = staleAfterSeconds
    self.warning = warning
    status = age.map { $0 <= staleAfterSeconds } == true ? "healthy" : "degraded"
  }

  package var isHealthy: Bool { status == "healthy" }

  enum CodingKeys: String, CodingKey {
    case status, odds, stats, updatedAt = "updated_at", changedAt = "changed_at", ageSeconds = "age_seconds", lastError = "last_error"
    case warning, refreshSeconds = "refresh_seconds", staleAfterSeconds = "stale_after_seconds"
  }
}
