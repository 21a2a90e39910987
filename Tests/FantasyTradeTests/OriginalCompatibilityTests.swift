import FantasyTrade
import Foundation
import ServiceContracts
import TestSupport
import XCTest

/// `--deterministic` must give the replaced service's numbers exactly: hand-worked cases, then
/// thousands of generated ones against the independent implementation in ReferenceTradeScore.
final class OriginalCompatibilityTests: XCTestCase {
  /// The service's documented example request, worked by hand:
  /// sums 615 and 529, scoring 86; changes in (11, 8, 4, 16, 6) * 97.5, out (-15, -10, -18,
  /// -12, -16) * 97.5, cash 4387.5 + 6922.5 = 11310; round 13 gives 0.7 / 0.3 and the value
  /// ratio 1.039 leaves them; overall = 60.2 + 0.3393 = 60.5393, trade score clamps to 100.
  func testDocumentedExampleByHand() throws {
    let response = try trade(Self.documentedRequest).original
    XCTAssertEqual(response.scoringScore, 86)
    XCTAssertEqual(response.cashScore, 11310)
    XCTAssertEqual(response.overallScore, 60.5)
    XCTAssertEqual(response.tradeScore, 100)
    // avg 123 vs 105.8: 15 + 0.75 * 17.2 = 27.9; value 1.11818 - 1.13763 -> 12.5 - 0.0486 - 0.85;
    // breakeven 7.5 + 5 * (1.13422 - 0.92683) + 0.6 = 9.137.
    XCTAssertEqual(response.scoreBreakdown.projectedScore, 27.9)
    XCTAssertEqual(response.scoreBreakdown.value, 11.6)
    XCTAssertEqual(response.scoreBreakdown.breakeven, 9.1)
    XCTAssertEqual(response.scoreBreakdown.risk, 5)
    XCTAssertEqual(response.scoreBreakdown.scoringWeight, 70)
    XCTAssertEqual(response.scoreBreakdown.cashWeight, 30)
    // 1072.5 and -1462.5 are ties: Python rounds them to even.
    XCTAssertEqual(response.priceProjections.playerIn, [1072, 780, 390, 1560, 585])
    XCTAssertEqual(response.priceProjections.playerOut, [-1462, -975, -1755, -1170, -1560])
    XCTAssertEqual(response.projectedPrices.playerIn, [1_101_072, 1_101_852, 1_102_242, 1_103_802, 1_104_387])
    XCTAssertEqual(response.projectedPrices.playerOut, [928_538, 927_563, 925_808, 924_638, 923_078])
    XCTAssertEqual(TradeWording.text(response.flags.upgradePath), "upgrade")
    XCTAssertFalse(response.flags.seasonMatch)
    XCTAssertFalse(response.flags.peakedRookie)
    XCTAssertTrue(response.flags.tradingPeakedPlayer)
    XCTAssertEqual(response.flags.playerOutClass, .underpricedPremium)
    XCTAssertEqual(TradeWording.text(response.verdict), "Perfect Timing")
    XCTAssertEqual(TradeWording.text(response.recommendation), "Highly recommend this trade")
    XCTAssertEqual(
      TradeWording.text(response.explanations),
      [
        "Player coming in projected to score 17.2 points more per game",
        "Projected to gain $11.3k in value over 5 rounds",
        "Trading for a player with 6 lower breakeven",
        "This trade costs $170.0k immediately",
        "Good: Underpriced_premium player going out may have peaked (avg proj < breakeven)",
      ])
  }

  /// Round 5, team value 90% of the league's, a peaked rookie coming in for a red dot:
  /// weights 0.3 -> 0.3 - min(0.2, 0.09) = 0.21 (cash 0.79); scoring 250 - 300 = -50;
  /// changes in (50 - 60) * 97.5 * 5 = -4875, out (60 - 40) * 97.5 * 5 = 9750, cash -14625;
  /// overall = -10.5 - 1.155375 = -11.655375; trade score 50 - 58.3 = -8.3 -> 0.
  func testEarlySeasonPeakedRookieByHand() throws {
    let request = TradeRequest(
      playerIn: PlayerInput(price: 300_000, breakeven: 60, projScores: [50, 50, 50, 50, 50], isRedDot: false),
      playerOut: PlayerInput(price: 500_000, breakeven: 40, projScores: [60, 60, 60, 60, 60], isRedDot: true),
      roundNumber: 5, teamValue: 13_500_000, leagueAvgValue: 15_000_000)
    let r = try request.validated().original
    XCTAssertEqual(r.scoringScore, -50)
    XCTAssertEqual(r.cashScore, -14625)
    XCTAssertEqual(r.overallScore, -11.7)
    XCTAssertEqual(r.tradeScore, 0)
    XCTAssertEqual(r.scoreBreakdown.scoringWeight, 21)
    XCTAssertEqual(r.scoreBreakdown.cashWeight, 79)
    XCTAssertEqual(r.scoreBreakdown.risk, 10)
    XCTAssertEqual(TradeWording.text(r.flags.upgradePath), "downgrade")
    XCTAssertTrue(r.flags.peakedRookie)
    XCTAssertFalse(r.flags.seasonMatch)
    XCTAssertEqual(TradeWording.text(r.verdict), "Poor Choice")
    XCTAssertEqual(TradeWording.text(r.recommendation), "Not recommended, look for better trades")
    XCTAssertEqual(
      TradeWording.text(r.explanations),
      [
        "Player coming in projected to score 10.0 points less per game",
        "Projected to lose $14.6k in value over 5 rounds",
        "Trading for a player with 20 higher breakeven",
        "This trade frees up $200.0k immediately",
        "Round 5: Cash gain is weighted more heavily than scoring",
        "Your team value is below league average: Cash gain is prioritized",
        "Warning: You are trading for a rookie who may have peaked in value",
        "Warning: Rookie player coming in may have peaked (avg proj < breakeven)",
      ])
  }

  /// Equal players: every difference is zero, and Python prints the float zeros with their sign
  /// ("-0.0 points less", "$-0.0k") but the integer price difference without ("$0.0k").
  func testIdenticalPlayersKeepPythonsSignedZeros() throws {
    let p = PlayerInput(price: 600_000, breakeven: 80, projScores: [80.5, 81, 79.5, 80, 80], isRedDot: false)
    let r = try TradeRequest(playerIn: p, playerOut: p, roundNumber: 20, teamValue: 1, leagueAvgValue: 1).validated().original
    XCTAssertEqual(r.tradeScore, 50)
    XCTAssertEqual(TradeWording.text(r.verdict), "Poor Choice")
    XCTAssertEqual(
      TradeWording.text(r.explanations),
      [
        "Player coming in projected to score -0.0 points less per game",
        "Projected to lose $-0.0k in value over 5 rounds",
        "Trading for a player with 0 higher breakeven",
        "This trade frees up $0.0k immediately",
        "Round 20: Only scoring matters at this stage of the season",
      ])
  }

  /// 6000 generated trades, every field against the reference implementation.
  func testGeneratedCasesMatchReference() throws {
    var rng = SplitMix64(seed: 20_250_601)
    var mismatches: [String] = []
    for n in 0..<6000 {
      let (pin, pout) = (Self.randomPlayer(&rng), Self.randomPlayer(&rng))
      let round = Int(rng.next() % 26)
      let league = 15_000_000.0
      let team = [league * 0.9, league * 0.95, league, league * 1.05, league * 1.1, 0, Double(rng.next() % 20_000_000)][
        Int(rng.next() % 7)]
      let leagueAvg = rng.next() % 20 == 0 ? 0 : league
      let ours = try TradeRequest(
        playerIn: pin.input, playerOut: pout.input, roundNumber: round, teamValue: team, leagueAvgValue: leagueAvg
      ).validated().original
      let theirs = Reference.evaluate(pin.reference, pout.reference, round: round, teamValue: team, leagueAvg: leagueAvg)
      let converted = ReferenceResult(
        tradeScore: ours.tradeScore, scoringScore: ours.scoringScore, cashScore: ours.cashScore,
        overallScore: ours.overallScore,
        breakdown: [
          "projected_score": ours.scoreBreakdown.projectedScore, "value": ours.scoreBreakdown.value,
          "breakeven": ours.scoreBreakdown.breakeven, "risk": ours.scoreBreakdown.risk,
          "scoring_weight": ours.scoreBreakdown.scoringWeight, "cash_weight": ours.scoreBreakdown.cashWeight,
        ],
        changesIn: ours.priceProjections.playerIn, changesOut: ours.priceProjections.playerOut,
        netGain: ours.priceProjections.netGain, pricesIn: ours.projectedPrices.playerIn,
        pricesOut: ours.projectedPrices.playerOut, peakedRookie: ours.flags.peakedRookie,
        upgradePath: TradeWording.text(ours.flags.upgradePath), seasonMatch: ours.flags.seasonMatch,
        tradingPeaked: ours.flags.tradingPeakedPlayer, gettingPeaked: ours.flags.gettingPeakedPlayer,
        classIn: ours.flags.playerInClass.rawValue, classOut: ours.flags.playerOutClass.rawValue,
        verdict: TradeWording.text(ours.verdict), explanations: TradeWording.text(ours.explanations),
        recommendation: TradeWording.text(ours.recommendation))
      if converted != theirs { mismatches.append("case \(n): ours \(converted)\nreference \(theirs)") }
    }
    XCTAssertEqual(mismatches.count, 0, mismatches.prefix(3).joined(separator: "\n"))
  }

  /// The response keeps the original's snake_case names; the iOS fields and the simulation are
  /// added beside them.
  func testJSONFieldNames() throws {
    let report = TradeReport.deterministic(try trade(Self.documentedRequest))
    let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as! [String: Any]
    for key in [
      "status", "trade_score", "scoring_score", "cash_score", "overall_score", "score_breakdown",
      "price_projections", "projected_prices", "projected_scores", "flags", "verdict", "explanations",
      "recommendation", "score", "confidence", "factors",
    ] {
      XCTAssertNotNil(object[key], key)
    }
    let breakdown = object["score_breakdown"] as! [String: Any]
    XCTAssertEqual(
      Set(breakdown.keys), ["projected_score", "value", "breakeven", "risk", "scoring_weight", "cash_weight"])
    XCTAssertEqual(Set((object["price_projections"] as! [String: Any]).keys), ["player_in", "player_out", "net_gain"])
    let flags = object["flags"] as! [String: Any]
    for key in ["peaked_rookie", "upgrade_path", "season_match"] { XCTAssertNotNil(flags[key], key) }
    XCTAssertEqual(
      Set((object["factors"] as! [String: Any]).keys),
      ["form_factor", "price_factor", "fixture_factor", "ownership_factor", "injury_risk"])
  }

  // MARK: - Helpers

  static let documentedRequest = Data(
    """
    {"player_in": {"price": 1100000, "breakeven": 114, "proj_scores": [125, 122, 118, 130, 120], "is_red_dot": false},
     "player_out": {"price": 930000, "breakeven": 120, "proj_scores": [105, 110, 102, 108, 104], "is_red_dot": false},
     "round_number": 13, "team_value": 15800000, "league_avg_value": 15200000}
    """.utf8)

  func trade(_ json: Data) throws -> Trade {
    try JSONDecoder().decode(TradeRequest.self, from: json).validated()
  }

  struct GeneratedPlayer {
    var input: PlayerInput
    var reference: ReferencePlayer
  }

  /// Prices around every class boundary, integer breakevens (some negative), projections that
  /// are integers, halves, tenths or arbitrary doubles, so ties and rounding edges come up.
  static func randomPlayer(_ rng: inout SplitMix64) -> GeneratedPlayer {
    let price = [
      Double(100_000 + rng.next() % 1_200_000), 450_000, 449_000, 800_000, 1_000_000, 999_000,
      Double((rng.next() % 1300) * 1000),
    ][Int(rng.next() % 7)].nonZero
    let breakeven = Double(Int(rng.next() % 260) - 60)
    let style = rng.next() % 4
    let scores = (0..<5).map { _ -> Double in
      let base = Double(rng.next() % 150)
      switch style {
      case 0: return base
      case 1: return base + 0.5
      case 2: return base + Double(rng.next() % 10) / 10
      default: return base + rng.unit()
      }
    }
    let red = rng.next() % 4 == 0
    return GeneratedPlayer(
      input: PlayerInput(price: price, breakeven: breakeven, projScores: scores, isRedDot: red),
      reference: ReferencePlayer(price: price, breakeven: breakeven, projScores: scores, isRedDot: red))
  }
}

extension Double {
  fileprivate var nonZero: Double { self == 0 ? 1000 : self }
}
