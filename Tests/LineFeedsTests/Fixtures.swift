import Foundation
import LineFeeds
import ServiceContracts
import XCTest
import UseCases

/// The test resources (Resources/README.md) and the Scenarios they share files with.
enum Fixtures {
  static func data(_ name: String) throws -> Data {
    let url = Bundle.module.bundleURL.appendingPathComponent("Resources").appendingPathComponent(name)
    return try Data(contentsOf: url)
  }

  static func odds(_ name: String) throws -> Data {
    if name == "theoddsapi_v4_basketball_nba_decimal_h2h_spreads.json" { return try scenario("feed_odds_api_nba.json") }
    return try data("odds/" + name)
  }

  static func scenario(_ name: String) throws -> Data {
    try Data(contentsOf: scenarioURL(name))
  }

  static func scenarioURL(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Scenarios/\(name)").standardized
  }

  /// A fixture decoded with the detected formats, once per test process.
  static func feed(_ name: String) throws -> Feed {
    cache.lock.lock()
    defer { cache.lock.unlock() }
    if let feed = cache.feeds[name] { return feed }
    let feed = try FeedDecoder.decode(try odds(name))
    cache.feeds[name] = feed
    return feed
  }

  private final class Cache: @unchecked Sendable {
    let lock = NSLock()
    var feeds: [String: Feed] = [:]
  }
  private static let cache = Cache()

  static let oddsAPI = [
    "theoddsapi_v4_americanfootball_nfl_decimal.json",
    "theoddsapi_v4_basketball_nba_american.json",
    "theoddsapi_v4_basketball_nba_decimal_fanduel_h2h_spreads_totals.json",
    "theoddsapi_v4_basketball_nba_decimal_h2h_spreads.json",
    "theoddsapi_v4_event_odds_basketball_nba_player_points_american.json",
    "theoddsapi_v4_historical_event_odds_basketball_nba_periods_american.json",
    "theoddsapi_v4_event_odds_soccer_germany_bundesliga_decimal_h2h_draw_player_shots.json",
  ]
}
