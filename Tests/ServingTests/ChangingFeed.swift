import Foundation
import Serving
import XCTest

/// A live feed the test rewrites: the fixture feed of `LiveSourceTests`, served from a file read
/// every second, for the tests of live lines and of the pages that show them.
extension XCTestCase {
  /// That feed with every totals line of its first event moved by `shift`.
  func feed(shiftingFirstEventTotalsBy shift: Double) throws -> Data {
    var events = try XCTUnwrap(JSONSerialization.jsonObject(with: Fixture.resource(LiveSourceTests.feedName)) as? [[String: Any]])
    var event = events[0]
    var books = event["bookmakers"] as! [[String: Any]]
    for b in books.indices {
      var markets = books[b]["markets"] as! [[String: Any]]
      for m in markets.indices where markets[m]["key"] as? String == "totals" {
        var outcomes = markets[m]["outcomes"] as! [[String: Any]]
        for o in outcomes.indices { outcomes[o]["point"] = (outcomes[o]["point"] as! Double) + shift }
        markets[m]["outcomes"] = outcomes
      }
      books[b]["markets"] = markets
    }
    event["bookmakers"] = books
    events[0] = event
    return try JSONSerialization.data(withJSONObject: events)
  }

  /// A server whose live feed is a file the test rewrites (the fixture feed at first), read
  /// every second, and its first good answer of tonight's totals. The file goes when the test ends.
  /// `now`: the server's clock (FairBet's pre-game window); the real clock when nil.
  func serveChangingFeed(now: Date? = nil, _ configure: @escaping (inout LiveSourceConfiguration) -> Void = { _ in })
    async throws -> (server: TestServer, feed: URL, tonight: TestServer.Reply)
  {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-live-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let feedURL = dir.appendingPathComponent("feed.json")
    try Fixture.resource(LiveSourceTests.feedName).write(to: feedURL)
    let statsPath = LiveSourceTests.statsPath
    let server = try await serve {
      var live = LiveSourceConfiguration(odds: feedURL.path)
      live.asOf = LiveSourceTests.feedDay
      live.stats = statsPath
      live.refresh = .seconds(1)
      configure(&live)
      $0.live = live
      $0.now = now
    }
    var tonight = try await server.get("/api/tonight/totals")
    try await waitFor("the first read") {
      tonight = try await server.get("/api/tonight/totals")
      return tonight.status == 200
    }
    return (server, feedURL, tonight)
  }
}
