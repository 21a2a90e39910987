import OddsMath
import XCTest

import Simulation

/// Advice on a period's priced sides, against the period's exact probabilities (`PeriodScores`)
/// written out by hand: each side's settlement (a whole line's push, a level period's push or
/// loss, the three-way draw), EV = p_win (d - 1) - p_lose exactly, the market's power devig only
/// when every side of the market is priced, and nothing advised without a price.
final class PeriodAdviceTests: XCTestCase {
  let scores = PeriodScores(homeMean: 57.4, awayMean: 55.1, homeVariance: 62, awayVariance: 58, covariance: 9)
  /// The model alone: no pool, no blend, no gates that depend on the market.
  let policy = AdvicePolicy(maxMarketGap: 1)

  func odds(_ american: Double) throws -> Odds { try Odds(american: american) }

  func testTheTotalsSidesSettleOnTheExactProbabilities() throws {
    let prices = PeriodPrices(over: try odds(-105), under: try odds(-115))
    let a = PeriodAdvice(scores: scores, quote: PeriodQuote(period: .h1, totalLine: 112, spread: nil, prices: prices), policy: policy)
    let t = scores.total(112)
    let total = try XCTUnwrap(a.total)
    XCTAssertEqual(total.sides.map(\.side), [.over, .under])
    let over = total.sides[0], under = total.sides[1]
    XCTAssertEqual(over.probabilities, SettlementProbabilities(win: t.over, lose: t.under, push: t.push))
    XCTAssertEqual(under.probabilities, SettlementProbabilities(win: t.under, lose: t.over, push: t.push))
    XCTAssertGreaterThan(t.push, 0.02, "a whole line pushes with its band's probability")
    XCTAssertEqual(over.ev, t.over * (prices.over!.decimal - 1) - t.under, accuracy: 1e-15)
    XCTAssertEqual(over.source, .exact)
    // Both sides priced: the market's power devig beside each, summing to 1.
    let m = try XCTUnwrap(over.market?.probability) + XCTUnwrap(under.market?.probability)
    XCTAssertEqual(m, 1, accuracy: 1e-12)
    XCTAssertNil(a.spread)
    XCTAssertNil(a.moneyline)
  }

  func testTheSpreadIsTheHomeSideOfTheMargin() throws {
    let prices = PeriodPrices(homeSpread: try odds(-110), awaySpread: try odds(-110))
    let a = PeriodAdvice(scores: scores, quote: PeriodQuote(period: .h1, totalLine: nil, spread: -2, prices: prices), policy: policy)
    let c = scores.homeSpread(-2)
    let sides = try XCTUnwrap(a.spread).sides
    XCTAssertEqual(sides[0].probabilities, SettlementProbabilities(win: c.cover, lose: c.lose, push: c.push))
    XCTAssertEqual(sides[1].probabilities, SettlementProbabilities(win: c.lose, lose: c.cover, push: c.push))
    XCTAssertEqual(sides.map(\.side), [.home, .away])
  }

  func testALevelPeriodPushesLosesOrIsTheDraw() throws {
    let ml = scores.moneyline
    XCTAssertGreaterThan(ml.tie, 0.03)
    let home = try odds(-140), away = try odds(120), draw = try odds(1200)
    // Two-way, stakes back on a level period (the usual rule).
    let push = try XCTUnwrap(
      PeriodAdvice(
        scores: scores, quote: PeriodQuote(period: .h1, totalLine: nil, spread: nil, prices: PeriodPrices(home: home, away: away)), policy: policy
      ).moneyline)
    XCTAssertEqual(push.sides[0].probabilities, SettlementProbabilities(win: ml.home, lose: ml.away, push: ml.tie))
    XCTAssertEqual(push.sides[1].probabilities, SettlementProbabilities(win: ml.away, lose: ml.home, push: ml.tie))
    // Two-way where a level period loses both sides.
    let lose = try XCTUnwrap(
      PeriodAdvice(
        scores: scores, quote: PeriodQuote(period: .h1, totalLine: nil, spread: nil, prices: PeriodPrices(home: home, away: away, tieLoses: true)),
        policy: policy
      ).moneyline)
    XCTAssertEqual(lose.sides[0].probabilities.push, 0)
    XCTAssertEqual(lose.sides[0].probabilities.lose, ml.away + ml.tie, accuracy: 1e-15)
    XCTAssertEqual(lose.sides[1].probabilities.lose, ml.home + ml.tie, accuracy: 1e-15)
    XCTAssertLessThan(lose.sides[0].ev, push.sides[0].ev, "losing on a level period is worth less than a push")
    // Three-way: each result wins on its own; the three devigged probabilities sum to 1.
    let three = try XCTUnwrap(
      PeriodAdvice(
        scores: scores, quote: PeriodQuote(period: .h1, totalLine: nil, spread: nil, prices: PeriodPrices(home: home, away: away, draw: draw)),
        policy: policy
      ).moneyline)
    XCTAssertEqual(three.sides.map(\.side), [.home, .away, .draw])
    XCTAssertEqual(three.sides[2].probabilities, SettlementProbabilities(win: ml.tie, lose: ml.home + ml.away, push: 0))
    XCTAssertEqual(three.sides.map { $0.market!.probability }.reduce(0, +), 1, accuracy: 1e-12)
    XCTAssertEqual(three.sides[2].ev, ml.tie * (draw.decimal - 1) - (ml.home + ml.away), accuracy: 1e-15)
  }

  func testOnlySidesWithAPriceAreAdvised() throws {
    let one = PeriodAdvice(
      scores: scores, quote: PeriodQuote(period: .h1, totalLine: 112.5, spread: -1.5, prices: PeriodPrices(over: try odds(-110))), policy: policy)
    let total = try XCTUnwrap(one.total)
    XCTAssertEqual(total.sides.map(\.side), [.over])
    XCTAssertNil(total.sides[0].market, "one side priced: no market to devig")
    XCTAssertNil(one.spread, "a spread line without prices is priced, not advised")
    XCTAssertTrue(
      PeriodAdvice(scores: scores, quote: PeriodQuote(period: .h1, totalLine: 112.5, spread: -1.5, prices: PeriodPrices()), policy: policy).isEmpty)
  }

  /// The policy's gates hold on a period as on the full game: a side whose model and market are
  /// further apart than the market gap is withheld, and a recommended side's stake is the
  /// policy's fraction of Kelly within its cap.
  func testThePolicysGatesAndStakesApply() throws {
    let prices = PeriodPrices(over: try odds(150), under: try odds(-180))
    let strict = PeriodAdvice(
      scores: scores, quote: PeriodQuote(period: .h1, totalLine: 112.5, spread: nil, prices: prices), policy: AdvicePolicy(maxMarketGap: 0.05))
    let over = try XCTUnwrap(strict.total?.sides.first)
    XCTAssertGreaterThan(over.ev, 0)
    XCTAssertEqual(over.withheld, [.modelMarketDisagree])
    XCTAssertEqual(over.stake, 0)
    let open = try XCTUnwrap(
      PeriodAdvice(scores: scores, quote: PeriodQuote(period: .h1, totalLine: 112.5, spread: nil, prices: prices), policy: policy).total?.sides.first)
    XCTAssertTrue(open.recommended)
    XCTAssertEqual(open.stake, min(policy.kelly.fraction * open.fullKelly, policy.kelly.cap, policy.maxExposure), accuracy: 1e-15)
  }

  /// Each team's total settles on its own points, a normal read on whole points, written out by
  /// hand: the home team over 57.5 is 1 - Phi((57.5 - 57.4) / sqrt(62)); a whole line pushes on
  /// its band. The market's devig is of that team's two prices alone.
  func testEachTeamsTotalSettlesOnItsOwnPoints() throws {
    var prices = PeriodPrices()
    (prices.homeOver, prices.homeUnder, prices.awayOver) = (try odds(-110), try odds(-110), try odds(120))
    let quote = PeriodQuote(period: .q1, homeTotal: 57.5, awayTotal: 55, prices: prices)
    let a = PeriodAdvice(scores: scores, quote: quote, policy: policy)
    let cdf = RegulationCells.normalCDF
    let homeOver = 1 - cdf((57.5 - 57.4) / 62.0.squareRoot())
    let home = try XCTUnwrap(a.homeTotal)
    XCTAssertEqual(home.sides.map(\.side), [.over, .under])
    XCTAssertEqual(home.sides[0].probabilities.win, homeOver, accuracy: 1e-15)
    XCTAssertEqual(home.sides[1].probabilities.win, 1 - homeOver, accuracy: 1e-15)
    XCTAssertEqual(home.sides[0].probabilities.push, 0)
    XCTAssertEqual(home.sides[0].market?.probability ?? 0, 0.5, accuracy: 1e-12, "-110 both ways: an even market")
    XCTAssertEqual(home.sides[0].ev, homeOver * (100 / 110.0) - (1 - homeOver), accuracy: 1e-12)
    let away = try XCTUnwrap(a.awayTotal, "one side priced is advised")
    XCTAssertEqual(away.sides.map(\.side), [.over])
    let sd = 58.0.squareRoot()
    XCTAssertEqual(away.sides[0].probabilities.win, 1 - cdf((55.5 - 55.1) / sd), accuracy: 1e-15)
    XCTAssertEqual(away.sides[0].probabilities.push, cdf((55.5 - 55.1) / sd) - cdf((54.5 - 55.1) / sd), accuracy: 1e-15)
    XCTAssertNil(away.sides[0].market, "one side priced: no market to devig")
    XCTAssertNil(a.total, "no game total asked")
    XCTAssertFalse(a.isEmpty)
  }
}
