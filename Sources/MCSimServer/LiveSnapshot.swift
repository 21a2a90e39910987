import Foundation
import LineFeeds

/// One consistent reading of the live sources: the feed and the team stats read together.
struct LiveSnapshot: Sendable {
  let readAt: Date
  let feed: Feed
  let stats: TeamStatsTable

  static func read(_ configuration: LiveSourceConfiguration) async throws -> LiveSnapshot {
    fatalError("to do")
  }
}
