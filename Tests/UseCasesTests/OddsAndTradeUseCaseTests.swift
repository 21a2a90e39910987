import FantasyTrade
import OddsMath
import UseCases
import XCTest

/// The odds and trade jobs the command line and the server share: one order of precedence for
/// the fair-odds policy, one reading of devig method names, one trade context's defaults.
final class OddsAndTradeUseCaseTests: XCTestCase {
  func testFairTermsWinOverTheConfigWhichWinsOverTheLibrary() throws {
    let library = try FairQuoting(.init()).policy
    XCTAssertEqual(library.sharpBooks, FairOddsPolicy().sharpBooks)
    XCTAssertEqual(library.method, .power)
    let config = try FairQuoting(.init(), configSharpBooks: ["circa"], configFees: ["betfair": 0.02]).policy
    XCTAssertEqual(config.sharpBooks, ["circa"])
    XCTAssertEqual(config.fees, ["betfair": 0.02])
    var terms = FairQuoting.Terms()
    terms.sharpBooks = ["pinnacle"]
    terms.fees = ["smarkets": 0.01]
    terms.maxAgeMain = 5
    terms.sharpOnly = true
    let given = try FairQuoting(terms, methods: ["shin"], configSharpBooks: ["circa"], configFees: ["betfair": 0.02]).policy
    XCTAssertEqual(given.sharpBooks, ["pinnacle"])
    XCTAssertEqual(given.fees, ["smarkets": 0.01])
    XCTAssertEqual(given.maximumAge[.main], 300)
    XCTAssertEqual(given.maximumAge[.playerProp], FairOddsPolicy().maximumAge[.playerProp])
    XCTAssertFalse(given.fallbackToWholeMarket)
    XCTAssertEqual(given.method, .shin)
  }

  func testMethodNamesAreReadOnce() throws {
    let all = Devigging.methods(named: ["power", "ALL", "odds_ratio"])
    XCTAssertEqual(all.methods, [.power, .multiplicative, .additive, .shin, .oddsRatio, .logarithmic])
    XCTAssertTrue(all.refused.isEmpty)
    let one = Devigging.methods(named: ["all", "nope"], allowingAll: false)
    XCTAssertEqual(one.methods, [])
    XCTAssertEqual(one.refused.map(\.field), ["method", "method"])
    XCTAssertEqual(one.refused.first?.value, "all")
    XCTAssertFalse(one.refused[0].reason.contains("or all"))
    XCTAssertThrowsError(try FairQuoting(.init(), methods: ["all"], allowingAll: false))
    XCTAssertEqual(try FairQuoting(.init(), methods: ["all"]).evaluate([], asOf: nil).count, DevigMethod.allCases.count)
  }

  func testDevigNamesTheFieldAtFault() throws {
    let prices = try ["-110", "-110"].map { try PriceReading($0) }
    XCTAssertThrowsError(try Devigging(prices: prices, outcomes: ["over"], methods: [.power])) { error in
      XCTAssertEqual((error as? any FieldProblem)?.field, "outcomes")
    }
    XCTAssertThrowsError(try Devigging(prices: [prices[0]], outcomes: nil, methods: [.power])) { error in
      XCTAssertEqual((error as? any FieldProblem)?.field, "prices")
    }
    let answer = try Devigging(prices: prices, outcomes: nil, methods: [.power, .shin]).run()
    XCTAssertEqual(answer.results.map(\.method), [.power, .shin])
    XCTAssertEqual(answer.results[0].probabilities[0], 0.5, accuracy: 1e-12)
  }

  func testTradeSearchTakesTheOriginalContextWhereNothingIsGiven() throws {
    let scoring = TradeScoring(simulations: nil, seed: 1, threads: 1, deterministic: false)
    XCTAssertEqual(scoring.cost, Defaults.tradeSimulations)
    XCTAssertEqual(TradeScoring(simulations: 500, seed: 1, threads: 1, deterministic: true).cost, 0)
    let terms = TradeScoring.Terms(
      budget: nil, roundNumber: nil, teamValue: 16_000_000, leagueAvgValue: nil, playerIn: nil, playerOut: nil, top: 3)
    let search = try TradeScoring.search(squad: [], pool: [], terms: terms)
    XCTAssertEqual(search.options.budget, 0)
    XCTAssertEqual(search.options.context.roundNumber, TradeContext.original.roundNumber)
    XCTAssertEqual(search.options.context.teamValue, 16_000_000)
    XCTAssertEqual(search.options.context.leagueAvgValue, TradeContext.original.leagueAvgValue)
    XCTAssertEqual(search.options.top, 3)
  }
}
