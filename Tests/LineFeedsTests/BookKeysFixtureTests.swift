import Foundation
import LineFeeds
import ServiceContracts
import OddsMath
import XCTest

/// The sharp-book defaults and key aliases (docs/serving.md, "Sharp books and book keys") against the
/// bookmaker keys of every real feed sample.
final class BookKeysFixtureTests: XCTestCase {
  func testEveryFixturesBookKeysAreKnownOrTheirOwnCanonicalKey() throws {
    var seen = Set<String>()
    for name in Fixtures.oddsAPI {
      for book in try Fixtures.feed(name).quotes.map(\.book) { seen.insert(book) }
    }
    XCTAssertTrue(seen.contains("pinnacle"))
    XCTAssertTrue(seen.contains("betfair_ex_eu"))
    for key in seen {
      let canonical = BookKeys.canonical(key)
      XCTAssertEqual(canonical, canonical.lowercased())
      if key.hasPrefix("betfair_ex") { XCTAssertEqual(canonical, "betfair", key) }
    }
    // Of every key in the samples, exactly Pinnacle and Circa Sports (The Odds API's key
    // `circasports`, in the period snapshot) are default sharp books.
    let policy = FairOddsPolicy()
    XCTAssertEqual(Set(seen.filter(policy.isSharp)), ["pinnacle", "circasports"])
    XCTAssertTrue(policy.isSharp("CIRCA"))
    XCTAssertFalse(policy.isSharp("circa_casino"))
  }

  func testTheExchangeKeyOfTheFeedTakesTheFeeWrittenForBetfair() throws {
    let feed = try Fixtures.feed("theoddsapi_v4_event_odds_soccer_germany_bundesliga_decimal_h2h_draw_player_shots.json")
    XCTAssertFalse(feed.quotes.contains { $0.market.hasSuffix("_lay") }, "lay prices are not prices to back")
    var policy = FairOddsPolicy()
    policy.fees = ["betfair": 0.05]
    let report = FairOdds.evaluate(feed.decodedQuotes, policy: policy)
    let exchange = report.bets.flatMap(\.prices).filter { $0.book == "betfair_ex_eu" }
    XCTAssertFalse(exchange.isEmpty)
    for price in exchange {
      XCTAssertEqual(price.fee, 0.05)
      XCTAssertEqual(price.effectiveDecimal, 1 + (price.price.decimal - 1) * 0.95, accuracy: 1e-12)
    }
    // With Pinnacle present, the match result is priced from the sharp book, medium tier.
    let h2h = try XCTUnwrap(report.bets.first { $0.market == "h2h" })
    XCTAssertEqual(h2h.evMethod, .sharpConsensus)
    XCTAssertEqual(h2h.confidenceTier, .medium)
  }

  func testACircaSportsKeyMakesAUSFeedSharp() throws {
    // The NBA sample has no sharp book: rename one of its books to The Odds API's Circa key.
    let data = try Fixtures.odds("theoddsapi_v4_basketball_nba_american.json")
    let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\"lowvig\"", with: "\"circasports\"")
    let plain = FairOdds.evaluate(try Fixtures.feed("theoddsapi_v4_basketball_nba_american.json").decodedQuotes)
    let renamed = FairOdds.evaluate(try FeedDecoder.decode(Data(text.utf8)).decodedQuotes)
    XCTAssertTrue(plain.bets.allSatisfy { $0.evMethod != .sharpConsensus })
    XCTAssertTrue(renamed.bets.contains { $0.evMethod == .sharpConsensus && $0.confidenceTier == .medium })
  }
}
