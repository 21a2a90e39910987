import OddsMath
import XCTest

/// Advice on one side and one market: which probability it stands on, the simulation-only
/// gates, the market check, the one grade scale; joint Kelly against closed forms.
final class AdviceTests: XCTestCase {
  let d191 = try! Odds(decimal: 1.91)

  /// With an exact probability, EV, edge and Kelly are those of the exact probability; the
  /// simulated EV is reported beside it; no interval is needed.
  func testExactProbabilityDrivesEVAndStake() {
    let exact = SettlementProbabilities(win: 0.549, lose: 0.451)
    let simulated = SettlementProbabilities(win: 0.58, lose: 0.42)
    let a = SideAdvice(
      side: .over, odds: d191, simulated: simulated, simulations: 200, exact: exact, market: nil, policy: AdvicePolicy())
    let truth = BetEvaluation(odds: d191, probabilities: exact)
    XCTAssertEqual(a.source, .exact)
    XCTAssertEqual(a.ev, truth.expectedValue, accuracy: 1e-15)
    XCTAssertEqual(a.edge, truth.edge, accuracy: 1e-15)
    XCTAssertEqual(a.fullKelly, truth.fullKelly, accuracy: 1e-15)
    XCTAssertEqual(a.stake, truth.kellyStake(fraction: 0.25, cap: 0.05), accuracy: 1e-15)
    XCTAssertEqual(a.simulatedEV, 0.58 * 0.91 - 0.42, accuracy: 1e-15)
    XCTAssertNil(a.evInterval)
    XCTAssertEqual(a.grade, .bet)
    XCTAssertTrue(a.recommended)
  }

  /// Simulation only: the EV interval is the Wilson interval of w mapped through EV = w d - D;
  /// at 200 simulations it is far wider than 2 points: withheld, with the simulations needed
  /// from the normal approximation; at 10^6 with the same estimate it advises, staking Kelly at
  /// the interval's lower end.
  func testSimulationOnlyNeedsANarrowIntervalAboveZero() {
    let p = SettlementProbabilities(win: 0.56, lose: 0.44)
    let few = SideAdvice(side: .over, odds: d191, simulated: p, simulations: 200, exact: nil, market: nil, policy: AdvicePolicy())
    XCTAssertEqual(few.source, .simulation)
    XCTAssertEqual(few.withheld, [.tooFewSimulations, .evIntervalIncludesZero])
    XCTAssertEqual(few.stake, 0)
    XCTAssertEqual(few.strength, .noBet)
    let ev = 0.56 * 1.91 - 1
    let needed = (1.959963984540054 * 1.91 * (0.56 * 0.44).squareRoot() / 0.02)
    // (x + 2) / (n + 4) in place of w changes the count by well under 1%.
    XCTAssertEqual(Double(few.simulationsNeeded!), needed * needed, accuracy: 0.01 * needed * needed)
    let z2 = 1.959963984540054 * 1.959963984540054, n = 200.0
    let lowerW = (0.56 + z2 / (2 * n) - 1.959963984540054 * (0.56 * 0.44 / n + z2 / (4 * n * n)).squareRoot()) / (1 + z2 / n)
    XCTAssertEqual(few.evInterval![0], lowerW * 1.91 - 1, accuracy: 1e-12)
    XCTAssertEqual(few.ev, ev, accuracy: 1e-15)

    let many = SideAdvice(side: .over, odds: d191, simulated: p, simulations: 1_000_000, exact: nil, market: nil, policy: AdvicePolicy())
    XCTAssertEqual(many.withheld, [])
    let lower = many.evInterval![0]
    XCTAssertGreaterThan(lower, 0)
    let atLower = BetEvaluation(odds: d191, probabilities: .init(win: (lower + 1) / 1.91, lose: 1 - (lower + 1) / 1.91))
    XCTAssertEqual(many.stakeKelly, atLower.fullKelly, accuracy: 1e-12)
    XCTAssertLessThan(many.stakeKelly, many.fullKelly)
    XCTAssertEqual(many.stake, min(0.25 * atLower.fullKelly, 0.05), accuracy: 1e-12)
  }

  /// One simulated game that won is no evidence: the Wilson interval reaches below zero (a
  /// Wald interval would collapse to the point and advise a full stake).
  func testOneSimulationNeverAdvises() {
    let a = SideAdvice(
      side: .over, odds: d191, simulated: .init(win: 1, lose: 0), simulations: 1, exact: nil, market: nil, policy: AdvicePolicy())
    XCTAssertTrue(a.withheld.contains(.evIntervalIncludesZero))
    XCTAssertEqual(a.stake, 0)
    XCTAssertNotNil(a.simulationsNeeded)
  }

  /// The model 20 points from the devigged market: flagged, stake withheld, the reason named;
  /// with trust_model the stake is back, exactly the one without a market.
  func testModelMarketGapWithholdsUnlessTrusted() {
    let exact = SettlementProbabilities(win: 0.70, lose: 0.30)
    let market = MarketProbability.singleBook(d191, d191)
    XCTAssertEqual(market[0].probability, 0.5, accuracy: 1e-12)
    let flagged = SideAdvice(
      side: .over, odds: d191, simulated: exact, simulations: 10_000, exact: exact, market: market[0], policy: AdvicePolicy())
    XCTAssertEqual(flagged.marketGap!, 0.20, accuracy: 1e-12)
    XCTAssertEqual(flagged.withheld, [.modelMarketDisagree])
    XCTAssertEqual(flagged.stake, 0)
    var trusting = AdvicePolicy()
    trusting.trustModel = true
    let trusted = SideAdvice(
      side: .over, odds: d191, simulated: exact, simulations: 10_000, exact: exact, market: market[0], policy: trusting)
    let alone = SideAdvice(
      side: .over, odds: d191, simulated: exact, simulations: 10_000, exact: exact, market: nil, policy: AdvicePolicy())
    XCTAssertEqual(trusted.withheld, [])
    XCTAssertGreaterThan(trusted.stake, 0)
    XCTAssertEqual(trusted.stake, alone.stake)
  }

  /// Blend W: p = W model + (1 - W) market on the decided mass; the gap is the model's.
  func testBlendIsTheWeightedProbability() {
    var policy = AdvicePolicy()
    policy.blend = 0.3
    let exact = SettlementProbabilities(win: 0.54, lose: 0.40, push: 0.06)
    let m = MarketProbability(probability: 0.52, method: .sharpConsensus)
    let a = SideAdvice(side: .over, odds: d191, simulated: exact, simulations: 10_000, exact: exact, market: m, policy: policy)
    XCTAssertEqual(a.probabilities.win, 0.3 * 0.54 + 0.7 * 0.52 * 0.94, accuracy: 1e-15)
    XCTAssertEqual(a.probabilities.lose, 0.94 - a.probabilities.win, accuracy: 1e-15)
    XCTAssertEqual(a.probabilities.push, 0.06)
    XCTAssertEqual(a.marketGap!, 0.54 / 0.94 - 0.52, accuracy: 1e-15)
  }

  /// --min-ev and --min-edge filter with their reasons.
  func testFilters() {
    var policy = AdvicePolicy()
    policy.minEV = 0.05
    policy.minEdge = 0.03
    let exact = SettlementProbabilities(win: 0.549, lose: 0.451)
    let a = SideAdvice(side: .over, odds: d191, simulated: exact, simulations: 1, exact: exact, market: nil, policy: policy)
    XCTAssertEqual(a.withheld, [.belowMinEV, .belowMinEdge])
    XCTAssertEqual(a.stake, 0)
  }

  /// On a line that can push, edge is taken among settled bets, so it has EV's sign: a +EV side
  /// (win 0.475, push 0.06 at 1.99: EV +0.525%) is not withheld for edge at the default minimum 0
  /// (issue 47: ORL -2 at 1.990 read "LEAN withheld: edge under the policy's minimum").
  func testEdgeSetsPushesAsideSoAPositiveEVIsNotWithheldForEdge() throws {
    let odds = try Odds(decimal: 1.99)
    let exact = SettlementProbabilities(win: 0.475, lose: 0.465, push: 0.06)
    let a = SideAdvice(side: .home, odds: odds, simulated: exact, simulations: 1, exact: exact, market: nil, policy: AdvicePolicy())
    XCTAssertEqual(a.ev, 0.475 * 0.99 - 0.465, accuracy: 1e-15)
    XCTAssertEqual(a.settledEdge, 0.475 / 0.94 - 1 / 1.99, accuracy: 1e-15)
    XCTAssertEqual(a.edge, 0.475 - 1 / 1.99, accuracy: 1e-15)
    XCTAssertFalse(a.withheld.contains(.belowMinEdge), "\(a.withheld)")
    XCTAssertTrue(a.recommended)
    XCTAssertGreaterThan(a.stake, 0)
    // Its sign is EV's on every split of win and push at this price.
    for win in stride(from: 0.30, through: 0.60, by: 0.01) {
      for push in stride(from: 0.0, through: 0.10, by: 0.02) {
        let e = BetEvaluation(odds: odds, probabilities: .init(win: win, lose: 1 - win - push, push: push))
        XCTAssertEqual(e.decidedEdge > 0, e.expectedValue > 0, "win \(win) push \(push)")
      }
    }
  }

  /// One scale: for every EV, `recommended_bet` and `verdict` name the same side and the same
  /// strength (STRONG with STRONG_BET, LEAN with BET or LEAN, NEUTRAL with NO_BET).
  func testRecommendationAndVerdictAgree() throws {
    for evOver in stride(from: -0.2, through: 0.2, by: 0.005) {
      let w = (evOver + 1) / 1.91
      let exact = SettlementProbabilities(win: w, lose: 1 - w)
      let advice = MarketAdvice(
        names: (.over, .under), odds: (d191, d191), simulated: exact, simulations: 10_000, exact: exact, market: nil,
        policy: AdvicePolicy())
      let metrics = TotalsEVMetrics(advice: advice)
      let r = metrics.recommendedBet.rawValue, v = metrics.verdict.rawValue
      if r == "NO_BET" {
        XCTAssertEqual(v, "NEUTRAL", "ev \(evOver)")
      } else {
        XCTAssertEqual(r.hasSuffix("OVER"), v.hasSuffix("OVER"), "ev \(evOver): \(r) vs \(v)")
        XCTAssertEqual(r.hasPrefix("STRONG"), v.hasPrefix("STRONG"), "ev \(evOver): \(r) vs \(v)")
      }
      let best = max(metrics.evOver, metrics.evUnder)
      XCTAssertEqual(r, BetStrength(ev: best).label(side: metrics.evOver >= metrics.evUnder ? "over" : "under"))
    }
  }

  /// Joint Kelly on one bet with pushes is the single-bet closed form; on mutually exclusive
  /// outcomes (a three-way market) it is Kelly's closed form (SimultaneousKelly).
  func testJointKellyMatchesClosedForms() throws {
    let d = try Odds(decimal: 2.2)
    let single = JointKelly.stakes(
      count: 1,
      outcomes: [
        .init(probability: 0.5, returns: [1.2]), .init(probability: 0.42, returns: [-1]), .init(probability: 0.08, returns: [0]),
      ])
    XCTAssertEqual(single[0], BetEvaluation(odds: d, probabilities: .init(win: 0.5, lose: 0.42, push: 0.08)).fullKelly, accuracy: 1e-9)

    // An overround market (booksum 1.06) where two of the three outcomes are worth backing.
    let p = [0.5, 0.2, 0.3]
    let odds = [try Odds(decimal: 2.1), try Odds(decimal: 3.0), try Odds(decimal: 4.0)]
    let outcomes = p.indices.map { w in
      JointKelly.Outcome(probability: p[w], returns: odds.indices.map { i in i == w ? odds[i].netPayout : -1 })
    }
    let joint = JointKelly.stakes(count: 3, outcomes: outcomes)
    let closed = try SimultaneousKelly.stakes(probabilities: p, odds: odds)
    XCTAssertEqual(closed.filter { $0 > 0 }.count, 2, "the case must back several outcomes")
    for i in 0..<3 { XCTAssertEqual(joint[i], closed[i], accuracy: 1e-9, "outcome \(i)") }
  }

  /// Two bets on one game staked together keep the blend: with the model at 0.60 and the
  /// market at 0.50, blend 0.5 stakes on 0.55. For two independent bets the joint stakes are no
  /// larger than the single ones, so each must stay at or below its blended single stake (on the
  /// model's 0.60 it would be about three times that).
  func testJointStakesStandOnTheBlendedProbability() {
    var policy = AdvicePolicy()
    policy.blend = 0.5
    policy.trustModel = true
    let exact = SettlementProbabilities(win: 0.6, lose: 0.4)
    let m = MarketProbability(probability: 0.5, method: .sharpConsensus)
    let bet = SideAdvice(side: .over, odds: d191, simulated: exact, simulations: 10_000, exact: exact, market: m, policy: policy)
    XCTAssertGreaterThan(bet.stake, 0)
    let b = d191.netPayout
    let outcomes = [(true, true), (true, false), (false, true), (false, false)].map { a, c in
      JointKelly.Outcome(probability: (a ? 0.6 : 0.4) * (c ? 0.6 : 0.4), returns: [a ? b : -1, c ? b : -1])
    }
    let (stakes, _) = SlateStakes.stakes([SlateStakes.Group(bets: [bet, bet], outcomes: outcomes)], policy: policy)
    for s in stakes[0] { XCTAssertLessThanOrEqual(s, bet.stake + 1e-12) }
    // The rule itself: the model's joint stake times the bet's single stake over the model's.
    let joint = JointKelly.stakes(count: 2, outcomes: outcomes)
    let modelKelly = BetEvaluation(odds: d191, probabilities: exact).fullKelly
    XCTAssertEqual(stakes[0][0], min(policy.kelly.fraction * joint[0] * bet.stakeKelly / modelKelly, policy.kelly.cap), accuracy: 1e-15)
  }

  /// The slate's stakes are scaled as a whole to the exposure cap, and only when above it.
  func testExposureCap() {
    var policy = AdvicePolicy()
    policy.maxExposure = 0.06
    let exact = SettlementProbabilities(win: 0.7, lose: 0.3)
    let bet = SideAdvice(side: .over, odds: d191, simulated: exact, simulations: 1, exact: exact, market: nil, policy: policy)
    XCTAssertEqual(bet.stake, 0.05)
    let groups = (0..<3).map { _ in SlateStakes.Group(bets: [bet]) }
    let (stakes, scaled) = SlateStakes.stakes(groups, policy: policy)
    XCTAssertTrue(scaled)
    XCTAssertEqual(stakes.joined().reduce(0, +), 0.06, accuracy: 1e-15)
    XCTAssertEqual(stakes[0][0], 0.02, accuracy: 1e-15)
    let (one, oneScaled) = SlateStakes.stakes([groups[0]], policy: policy)
    XCTAssertFalse(oneScaled)
    XCTAssertEqual(one[0][0], 0.05)
  }

  /// Every setting out of range is refused naming the config key.
  func testPolicyValidationNamesTheKey() {
    var p = AdvicePolicy()
    p.bankroll = -5
    XCTAssertThrowsError(try p.validate()) { XCTAssertEqual(($0 as? AdvicePolicyError)?.key, "bankroll") }
    p = AdvicePolicy()
    p.blend = 1.5
    XCTAssertThrowsError(try p.validate()) { XCTAssertEqual(($0 as? AdvicePolicyError)?.key, "blend") }
    p = AdvicePolicy()
    p.maxExposure = 0
    XCTAssertThrowsError(try p.validate()) { XCTAssertEqual(($0 as? AdvicePolicyError)?.key, "max_exposure") }
    XCTAssertNoThrow(try AdvicePolicy().validate())
  }
}
