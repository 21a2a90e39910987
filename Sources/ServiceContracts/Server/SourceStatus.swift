import Foundation

/// The state of the server's live sources (`source` in `/api/tonight/totals` and
/// `/api/fairbet/odds`, `live` in `/api/health`): what is read, when it was last read well, its
/// age, and the last refresh's error (null when the last refresh worked).
public struct SourceStatus: Encodable, Sendable {
  public let odds: String
  public let stats: String?
  @NullEncoded public var updatedAt: String?
  @NullEncoded public var ageSeconds: Double?
  @NullEncoded public var lastError: String?
  public let refreshSeconds: Double

  public init(odds: String, stats: String?, readAt: Date?, now: Date, lastError: String?, refreshSeconds: Double) {
    self.odds = odds
    self.stats = stats
    self.updatedAt = readAt.map(ContractTime.string)
    self.ageSeconds = readAt.map { now.timeIntervalSince($0) }
    self.lastError = lastError
    self.refreshSeconds = refreshSeconds
  }

  enum CodingKeys: String, CodingKey {
    case odds, stats, updatedAt = "updated_at", ageSeconds = "age_seconds", lastError = "last_error"
    case refreshSeconds = "refresh_seconds"
  }
}
