import Foundation
import LineFeeds
import Serving
import XCTest

/// A live feed the test changes: the fixture feed of `LiveSourceTests`, held in memory by the live
/// sources' twin (`InMemoryInputs`, no file) and read every second, for the tests of live lines
/// and of the pages that show them.
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

  /// A server whose live feed (`feed.json`) and stats (`stats.json`) are bytes in memory the test
  /// sets again (the fixture feed at first), read every second, and its first good answer of
  /// tonight's totals. `now`: the server's clock (FairBet's pre-game window); the real clock when nil.
  func serveChangingFeed(now: Date? = nil, _ configure: @escaping (inout LiveSourceConfiguration) -> Void = { _ in })
    async throws -> (server: TestServer, feed: ChangingFeed, tonight: TestServer.Reply)
  {
    let inputs = InMemoryInputs([
      "feed.json": try Fixture.resource(LiveSourceTests.feedName),
      "stats.json": try Data(contentsOf: URL(fileURLWithPath: LiveSourceTests.statsPath)),
    ])
    let server = try await serve {
      var live = LiveSourceConfiguration(odds: "feed.json")
      live.asOf = LiveSourceTests.feedDay
      live.stats = "stats.json"
      live.reader = inputs
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
    return (server, ChangingFeed(inputs: inputs), tonight)
  }
}

/// The feed of `serveChangingFeed`, held in memory: what the next refresh reads.
struct ChangingFeed {
  let inputs: InMemoryInputs

  /// The next refresh reads `bytes`.
  func set(_ bytes: Data) { inputs.set("feed.json", bytes) }

  /// The next refresh fails to read it, with `error`.
  func fail(_ error: String) { inputs.fail("feed.json", SourceError(error)) }
}
