import Foundation
import OddsMath
import XCTest

/// Pairing, consensus, gates, tiers, EV, fees and the explanation of `FairOdds.evaluate`.
final class FairOddsTests: XCTestCase {
  let now = Date(timeIntervalSince1970: 1_775_000_000)

  func q(
    _ selection: String, _ price: String, book: String, line: Double? = nil, market: String = "total",
    event: String = "BOS@MIA", minutesAgo: Double = 5
  ) throws -> Quote {
    Quote(
      event: event, market: market, selection: selection, line: line, book: book,
      price: try Odds(parsing: price), observedAt: now.addingTimeInterval(-60 * minutesAgo))
  }

  /// Over/under 225.5 at two sharp and three soft books.
  func totals(pinnacleMinutesAgo: Double = 5) throws -> [Quote] {
    [
      try q("over", "1.95", book: "Pinnacle", line: 225.5, minutesAgo: pinnacleMinutesAgo),
      try q("under", "1.93", book: "Pinnacle", line: 225.5, minutesAgo: pinnacleMinutesAgo),
      try q("over", "-105", book: "circa", line: 225.5),
      try q("under", "-115", book: "circa", line: 225.5),
      try q("over", "2.02", book: "fanduel", line: 225.5),
      try q("under", "1.80", book: "fanduel", line: 225.5),
      try q("over", "1.91", book: "draftkings", line: 225.5),
      try q("under", "1.91", book: "draftkings", line: 225.5),
      try q("over", "1.87", book: "betmgm", line: 225.5),
      try q("under", "1.95", book: "betmgm", line: 225.5),
    ]
  }

  func testConsensusOfSharpBooksAndEVPerBook() throws {
    let report = FairOdds.evaluate(try totals(), asOf: now)
    XCTAssertEqual(report.bets.count, 2)
    let over = report.bets[0]
    XCTAssertEqual(over.label, "BOS@MIA total over 225.5")
    XCTAssertEqual(over.opposing, ["under"])
    // Median of two sharp devigs (power) = their mean, renormalised.
    let pin = try Market(prices: [try Odds(decimal: 1.95), try Odds(decimal: 1.93)]).devig()
    let circa = try Market(prices: [try Odds(american: -105), try Odds(american: -115)]).devig()
    let raw = [(pin.probabilities[0] + circa.probabilities[0]) / 2, (pin.probabilities[1] + circa.probabilities[1]) / 2]
    let fair = raw[0] / (raw[0] + raw[1])
    XCTAssertEqual(try XCTUnwrap(over.fairProbability), fair, accuracy: 1e-15)
    XCTAssertEqual(try XCTUnwrap(report.bets[1].fairProbability), 1 - fair, accuracy: 1e-15)
    XCTAssertEqual(over.evMethod, .sharpConsensus)
    XCTAssertEqual(over.confidenceTier, .high)
    XCTAssertNil(over.disabledReason)
    let fanduel = try XCTUnwrap(over.prices.first { $0.book == "fanduel" })
    XCTAssertEqual(try XCTUnwrap(fanduel.evPercent), (2.02 * fair - 1) * 100, accuracy: 1e-12)
    XCTAssertEqual(fanduel.trueProbability, over.fairProbability)
    XCTAssertFalse(fanduel.isSharp)
    XCTAssertTrue(over.prices[0].isSharp)
    XCTAssertEqual(over.best?.book, "fanduel")
    XCTAssertEqual(try XCTUnwrap(over.referencePrice).decimal, (1.95 + (1 + 100.0 / 105)) / 2, accuracy: 1e-15)
  }

  /// Normalisation reproduces the replaced service exactly: p = implied / sum(implied).
  func testMultiplicativePolicyMatchesTheReplacedService() throws {
    var policy = FairOddsPolicy()
    policy.method = .multiplicative
    policy.sharpBooks = ["pinnacle"]
    let report = FairOdds.evaluate(try totals(), policy: policy, asOf: now)
    XCTAssertEqual(try XCTUnwrap(report.bets[0].fairProbability), (1 / 1.95) / (1 / 1.95 + 1 / 1.93), accuracy: 1e-15)
    XCTAssertEqual(report.bets[0].confidenceTier, .medium)
  }

  /// Spreads pair home -3.5 with away +3.5, and keep the alternate line apart.
  func testSpreadSidesPairByOppositeLines() throws {
    var quotes: [Quote] = []
    for book in ["pinnacle", "a", "b"] {
      quotes += [
        try q("home", "1.91", book: book, line: -3.5, market: "spread"),
        try q("away", "1.91", book: book, line: 3.5, market: "spread"),
        try q("home", "1.50", book: book, line: 3.5, market: "spread"),
        try q("away", "2.60", book: book, line: -3.5, market: "spread"),
      ]
    }
    let report = FairOdds.evaluate(quotes, asOf: now)
    XCTAssertEqual(report.markets.count, 2)
    XCTAssertEqual(
      report.bets.map(\.label),
      [
        "BOS@MIA spread home -3.5", "BOS@MIA spread away 3.5",
        "BOS@MIA spread home 3.5", "BOS@MIA spread away -3.5",
      ])
    XCTAssertEqual(try XCTUnwrap(report.bets[0].fairProbability), 0.5, accuracy: 1e-15)
    XCTAssertGreaterThan(try XCTUnwrap(report.bets[2].fairProbability), 0.6)
    XCTAssertTrue(report.bets.allSatisfy { $0.disabledReason == nil })
  }

  /// A 1X2 market: three sides, devigged together.
  func testThreeWayMarket() throws {
    var quotes: [Quote] = []
    for (book, prices) in [("pinnacle", ["2.5", "3.4", "2.9"]), ("x", ["2.45", "3.3", "3.0"]), ("y", ["2.6", "3.2", "2.8"])] {
      for (sel, price) in zip(["home", "draw", "away"], prices) {
        quotes.append(try q(sel, price, book: book, market: "h2h", event: "RBL@BMG"))
      }
    }
    let report = FairOdds.evaluate(quotes, asOf: now)
    XCTAssertEqual(report.bets.count, 3)
    XCTAssertEqual(report.bets.compactMap(\.fairProbability).reduce(0, +), 1, accuracy: 1e-14)
    XCTAssertEqual(report.bets[0].opposing, ["draw", "away"])
    let pin = try Market(prices: ["2.5", "3.4", "2.9"].map { try Odds(parsing: $0) }).devig()
    XCTAssertEqual(try XCTUnwrap(report.bets[1].fairProbability), pin.probabilities[1], accuracy: 1e-15)
    XCTAssertEqual(report.bets[0].confidenceTier, .medium)
  }

  func testGates() throws {
    // no_pair: only one side anywhere.
    let lonely = try ["pinnacle", "a", "b"].map { try q("over", "1.9", book: $0, line: 230.5) }
    XCTAssertEqual(FairOdds.evaluate(lonely, asOf: now).bets.map(\.disabledReason), [.noPair])

    // reference_missing: the sharp book has one side only, and the fallback is off.
    var quotes = try totals().filter { !($0.book.lowercased() == "pinnacle" && $0.selection == "under") && $0.book != "circa" }
    var policy = FairOddsPolicy()
    policy.fallbackToWholeMarket = false
    XCTAssertEqual(FairOdds.evaluate(quotes, policy: policy, asOf: now).bets[0].disabledReason, .referenceMissing)
    // ... with the fallback, the whole market is the reference, at low confidence.
    let fallback = FairOdds.evaluate(quotes, asOf: now).bets[0]
    XCTAssertNil(fallback.disabledReason)
    XCTAssertEqual(fallback.evMethod, .marketConsensus)
    XCTAssertEqual(fallback.confidenceTier, .low)

    // reference_stale: the only sharp book is 2 hours old (limit 1 h for main lines).
    quotes = try totals(pinnacleMinutesAgo: 120).filter { $0.book != "circa" }
    XCTAssertEqual(FairOdds.evaluate(quotes, asOf: now).bets[0].disabledReason, .referenceStale)
    // One stale sharp book next to a fresh one: the fresh one is used alone.
    let mixed = FairOdds.evaluate(try totals(pinnacleMinutesAgo: 120), asOf: now)
    XCTAssertNil(mixed.bets[0].disabledReason)
    XCTAssertEqual(mixed.bets[0].confidenceTier, .medium)
    XCTAssertEqual(mixed.markets[0].references.first?.excludedBecause, "stale: older than 60 min")

    // insufficient_books: two books only.
    quotes = try totals().filter { ["Pinnacle", "fanduel"].contains($0.book) }
    XCTAssertEqual(FairOdds.evaluate(quotes, asOf: now).bets[0].disabledReason, .insufficientBooks)

    // fair_odds_outlier: the sharp book prices a 75% favourite, the market an even game.
    quotes = [try q("over", "1.30", book: "pinnacle", line: 225.5), try q("under", "3.6", book: "pinnacle", line: 225.5)]
    for book in ["a", "b", "c"] {
      quotes += [try q("over", "1.95", book: book, line: 225.5), try q("under", "1.95", book: book, line: 225.5)]
    }
    let outlier = FairOdds.evaluate(quotes, asOf: now)
    XCTAssertEqual(outlier.bets.map(\.disabledReason), [.fairOddsOutlier, .fairOddsOutlier])
    XCTAssertTrue(outlier.bets[0].prices.allSatisfy { $0.evPercent == nil })
    XCTAssertNotNil(outlier.bets[0].fairProbability)
  }

  /// Props: 30-minute age limit and never high confidence.
  func testPlayerPropsHaveTheirOwnLimits() throws {
    var quotes: [Quote] = []
    for book in ["pinnacle", "circa", "a"] {
      quotes += [
        try q("over", "1.9", book: book, line: 24.5, market: "player_points Tatum", minutesAgo: 20),
        try q("under", "1.9", book: book, line: 24.5, market: "player_points Tatum", minutesAgo: 20),
      ]
    }
    let fresh = FairOdds.evaluate(quotes, asOf: now).bets[0]
    XCTAssertEqual(fresh.category, .playerProp)
    XCTAssertEqual(fresh.confidenceTier, .medium)
    XCTAssertNil(fresh.disabledReason)
    let later = FairOdds.evaluate(quotes, asOf: now.addingTimeInterval(15 * 60)).bets[0]
    XCTAssertEqual(later.disabledReason, .referenceStale)
  }

  func testExchangeFeeAndDuplicates() throws {
    var quotes = try totals()
    quotes.append(try q("over", "2.10", book: "betfair", line: 225.5))
    quotes.append(try q("over", "1.50", book: "fanduel", line: 225.5, minutesAgo: 30))  // older duplicate
    var policy = FairOddsPolicy()
    policy.fees = ["Betfair": 0.05]
    let report = FairOdds.evaluate(quotes, policy: policy, asOf: now)
    let over = report.bets[0]
    let fair = try XCTUnwrap(over.fairProbability)
    let betfair = try XCTUnwrap(over.prices.first { $0.book == "betfair" })
    XCTAssertEqual(betfair.effectiveDecimal, 1 + 1.1 * 0.95, accuracy: 1e-15)
    XCTAssertEqual(try XCTUnwrap(betfair.evPercent), ((1 + 1.1 * 0.95) * fair - 1) * 100, accuracy: 1e-12)
    XCTAssertEqual(over.prices.filter { $0.book == "fanduel" }.map(\.price.decimal), [2.02])
    XCTAssertEqual(report.issues.count, 1)
    XCTAssertTrue(report.issues[0].contains("duplicate quote for 'BOS@MIA total over 225.5' from fanduel"))
  }

  func testExplanationShowsTheMath() throws {
    let report = FairOdds.evaluate(try totals(), asOf: now)
    let bet = try XCTUnwrap(report.bet(named: "bos@mia total OVER 225.5"))
    XCTAssertEqual(report.bet(named: "1"), bet)
    XCTAssertNil(report.bet(named: "nope"))
    let e = report.explanation(of: bet, stake: 250)
    XCTAssertEqual(e.references.map(\.book), ["Pinnacle", "circa"])
    XCTAssertEqual(e.references[0].vig, 1 / 1.95 + 1 / 1.93 - 1, accuracy: 1e-15)
    XCTAssertEqual(e.references[0].impliedProbabilities[1], 1 / 1.93, accuracy: 1e-16)
    XCTAssertEqual(e.references[0].parameter?.name, "k")
    XCTAssertEqual(e.best?.book, "fanduel")
    XCTAssertEqual(try XCTUnwrap(e.expectedProfit), 250 * (2.02 * bet.fairProbability! - 1), accuracy: 1e-9)
    XCTAssertEqual(e.consensusOdds.count, 2)
  }
}
