import OddsMath
import Simulation
import UseCases
import XCTest

/// The slate use case: the engine's evaluation for the same seed, the league factor's joint block
/// over the games that priced (a bad game left out, named), its bets named when refused, and its
/// cost in game paths with the exact distributions counted.
final class SlatePricingTests: XCTestCase {
  let options = SimulationOptions(simulations: 20_000, seed: 4, threads: 2)

  func game(_ id: String, _ home: Double, _ away: Double, line: Double) -> SlateGame {
    SlateGame(id: id, model: GameModel(homeMean: home, awayMean: away), markets: GameMarkets(total: TotalsMarket(line: line)))
  }

  func testTheEvaluationIsTheEnginesAndTheJointBlockLeavesOutBadGames() throws {
    var bad = game("bad", 110, 108, line: 220.5)
    bad.problem = "no team stats"
    let games = [game("g1", 115, 112, line: 225.5), bad, game("g2", 108, 104, line: 213.5)]
    var pricing = SlatePricing(options: options)
    let priced = try pricing.price(SlatePricingRequest(games: games, leagueFactor: 0.2))
    var evaluator = SlateEvaluator(options: options, policy: Defaults.advice, exact: Defaults.exact)
    let direct = try evaluator.evaluate(games)
    XCTAssertEqual(priced.evaluation.games.map(\.monteCarlo?.pOver), direct.games.map(\.monteCarlo?.pOver))
    XCTAssertEqual(priced.evaluation.games.map(\.verdict), direct.games.map(\.verdict))
    XCTAssertEqual(priced.leftOut, ["bad (not priced)"])
    XCTAssertEqual(priced.leagueFactor?.overs.parlay.gameNames, ["g1", "g2"])
    XCTAssertEqual(priced.leagueFactor?.overs.wonDistribution.reduce(0, +) ?? 0, 1, accuracy: 1e-12)
  }

  /// The advice in the agent's fields is the use case's result, not the encoder's: under the
  /// agent's rules the quarter Kelly capped at 5% on probabilities rounded to 4 places
  /// (`AgentAdvice.totals`), under mcsim's the game's own metrics and verdict; a game without a
  /// priced line has none; tonight's order is by the size of the edge, lineless games last.
  func testTheAgentsAdviceIsPartOfThePricedSlate() throws {
    var noLine = game("none", 110, 108, line: 220.5)
    noLine.markets = GameMarkets()
    let games = [game("near", 112, 110, line: 221.5), noLine, game("far", 118, 112, line: 221.5)]
    var agent = SlatePricing(options: options, agentAdvice: .agent)
    var priced = try agent.price(SlatePricingRequest(games: games))
    for row in priced.agentGames where row.result.gameID != "none" {
      let g = row.result, mc = try XCTUnwrap(g.monteCarlo)
      let expected = AgentAdvice.totals(
        pOver: mc.pOver, pUnder: mc.pUnder, pPush: mc.pPush, overOdds: try Odds(decimal: g.overOdds!),
        underOdds: try Odds(decimal: g.underOdds!))
      XCTAssertEqual(row.totals?.metrics, expected.metrics)
      XCTAssertEqual(row.totals?.verdict, expected.verdict)
      XCTAssertEqual(row.totals?.rules, .agent)
      XCTAssertEqual(row.edge, PythonRound.rounded(PythonRound.rounded(mc.meanTotal, 1) - 221.5, 1))
      // The agent's Kelly is capped at 5% of the bankroll; mcsim's default policy is not that.
      XCTAssertLessThanOrEqual(row.totals!.metrics.kellyOverFractional, 0.05)
    }
    XCTAssertNil(priced.agentGames[1].totals)
    XCTAssertNil(priced.agentGames[1].edge)
    priced.inTonightOrder()
    XCTAssertEqual(priced.agentGames.map(\.result.gameID), ["far", "near", "none"])
    XCTAssertEqual(priced.evaluation.games.map(\.gameID), ["near", "none", "far"], "the evaluation keeps input order")

    var mcsim = SlatePricing(options: options)
    let own = try mcsim.price(SlatePricingRequest(games: games))
    for row in own.agentGames {
      XCTAssertEqual(row.totals?.metrics, row.result.evMetrics)
      if row.totals != nil { XCTAssertEqual(row.totals?.verdict, row.result.verdict) }
    }
  }

  /// Kept exact distributions (a live slate's refreshes) give the same answers, bit for bit, as
  /// computing them again, and only a model not kept is computed: after one game's score moves,
  /// that game's alone.
  func testKeptExactDistributionsAnswerAsFreshOnesAndOnlyTheChangedGameIsComputed() throws {
    func live(_ id: String, _ home: Double, _ away: Double, line: Double, homeScore: Int) -> SlateGame {
      var g = SlateGame(
        id: id, model: GameModel(homeMean: home, awayMean: away, overtime: Overtime(kind: .tie, points: 10, sd: 3)),
        markets: GameMarkets(total: TotalsMarket(line: line), spread: SpreadMarket(homeLine: -2.5)))
      g.state = GameState(period: 3, secondsLeft: 300, homeScore: homeScore, awayScore: 70)
      return g
    }
    let periods = QuarterModel.reverting
    var games = [live("g1", 115, 112, line: 225.5, homeScore: 74), live("g2", 108, 104, line: 213.5, homeScore: 66)]
    let exacts = KeptExactDistributions()
    var first = SlatePricing(options: options, exacts: exacts)
    _ = try first.price(SlatePricingRequest(games: games, periodModel: periods))
    XCTAssertEqual(exacts.computedCount, 2)
    games[1].state!.homeScore += 3
    var kept = SlatePricing(options: options, exacts: exacts)
    let again = try kept.price(SlatePricingRequest(games: games, periodModel: periods))
    XCTAssertEqual(exacts.computedCount, 3, "the changed game's alone")
    var fresh = SlatePricing(options: options)
    let direct = try fresh.price(SlatePricingRequest(games: games, periodModel: periods))
    for (a, b) in zip(again.evaluation.games, direct.evaluation.games) {
      XCTAssertNil(a.error)
      XCTAssertEqual("\(a.evMetrics!)", "\(b.evMetrics!)")
      XCTAssertEqual("\(String(describing: a.totalsAdvice))", "\(String(describing: b.totalsAdvice))")
      XCTAssertEqual("\(String(describing: a.spread))", "\(String(describing: b.spread))")
      XCTAssertEqual("\(String(describing: a.inPlay))", "\(String(describing: b.inPlay))")
    }
  }

  /// A feed's game whose prices are live and whose state is unknown is that game's error, naming
  /// its start; a game not live beside it prices (the one rule for slate, the live snapshot).
  func testLivePricesWithoutAStateAreRefused() throws {
    var live = game("live", 115, 112, line: 225.5)
    live.info.live = true
    live.info.startTime = "2023-12-12T00:40:00Z"
    var pricing = SlatePricing(options: options)
    let priced = try pricing.price(SlatePricingRequest(games: [live, game("g1", 108, 104, line: 213.5)]))
    XCTAssertEqual(
      priced.evaluation.games[0].error,
      "in play (started 2023-12-12T00:40:00Z): the feed's prices are live, and the pre-game model does not apply (give --scoreboard to price it in play)"
    )
    XCTAssertNil(priced.evaluation.games[1].error)
  }

  func testRefusedInputsAreNamed() throws {
    var pricing = SlatePricing(options: options)
    let games = [game("g1", 115, 112, line: 225.5)]
    XCTAssertThrowsError(try pricing.price(SlatePricingRequest(games: games, leagueFactor: 1.5))) {
      XCTAssertEqual(($0 as? InputError)?.field, "league_factor")
    }
    let stray = SlateBet(game: "nope", leg: ParlayLeg(game: 0, market: .total(.over, line: 225.5), label: "over:225.5"))
    XCTAssertThrowsError(try pricing.price(SlatePricingRequest(games: games, leagueFactor: 0.1, bets: [stray]))) {
      XCTAssertEqual(($0 as? InputError)?.field, "bets[0].game")
    }
  }

  func testCostCountsBothModelsOfAGameAndTheExactDistributions() {
    let request = SlatePricingRequest(games: [game("g1", 115, 112, line: 225.5), game("g2", 108, 104, line: 213.5)])
    XCTAssertEqual(request.cost(simulations: 10_000, exact: false), 4 * 10_000)
    XCTAssertEqual(request.cost(simulations: 10_000, exact: true), 4 * (10_000 + ExactCost.normalPaths))
    var joint = request
    joint.leagueFactor = 0.1
    XCTAssertEqual(joint.cost(simulations: 10_000, exact: false), 5 * 10_000)
    XCTAssertEqual(request.cost(simulations: Int.max / 2, exact: true), Int.max)
  }
}
