import Foundation

/// A second, deliberately different implementation of the replaced service's trade score, kept
/// in the tests to check the library against. It follows the service's Python line by line on
/// plain dictionaries-of-numbers, and gets Python's rounding and formatting from glibc's printf
/// (which rounds the exact binary value half to even, as CPython's dtoa does) instead of the
/// library's FMA arithmetic.
struct ReferencePlayer {
  var price: Double
  var breakeven: Double
  var projScores: [Double]
  var isRedDot: Bool
}

struct ReferenceResult: Equatable {
  var tradeScore, scoringScore, cashScore, overallScore: Double
  var breakdown: [String: Double]
  var changesIn, changesOut: [Double]
  var netGain: Double
  var pricesIn, pricesOut: [Double]
  var peakedRookie: Bool
  var upgradePath: String
  var seasonMatch: Bool
  var tradingPeaked, gettingPeaked: Bool
  var classIn, classOut: String
  var verdict: String
  var explanations: [String]
  var recommendation: String
}

enum Reference {
  /// CPython 3.12+ sum() of floats (Neumaier), written as a fold over (sum, compensation).
  static func pySum(_ xs: [Double]) -> Double {
    let (s, c) = xs.reduce((0.0, 0.0)) { acc, x in
      let t = acc.0 + x
      let err = abs(acc.0) >= abs(x) ? (acc.0 - t) + x : (x - t) + acc.0
      return (t, acc.1 + err)
    }
    return (c != 0 && c.isFinite) ? s + c : s
  }

  /// round(x, 1) through glibc's correctly rounded "%.1f".
  static func round1(_ x: Double) -> Double { Double(String(format: "%.1f", x))! }
  /// round(x, 0) through "%.0f" (also half to even on the exact value).
  static func round0(_ x: Double) -> Double { Double(String(format: "%.0f", x))! }
  static func fmt1(_ x: Double) -> String { String(format: "%.1f", x) }
  static func int(_ x: Double) -> String { String(format: "%.0f", x == 0 ? 0 : x) }

  static func priceClass(_ price: Double) -> String {
    let classes: [(Double, String)] = [(450_000, "rookie"), (800_000, "midpricer"), (1_000_000, "underpriced_premium")]
    return classes.first { price < $0.0 }?.1 ?? "premium"
  }

  static func evaluate(
    _ pin: ReferencePlayer, _ pout: ReferencePlayer, round: Int, teamValue: Double, leagueAvg: Double
  ) -> ReferenceResult {
    let totalIn = pySum(pin.projScores)
    let totalOut = pySum(pout.projScores)
    let scoring = totalIn - totalOut
    let changesIn = pin.projScores.map { ($0 - pin.breakeven) * (9750.0 / 100.0) }
    let changesOut = pout.projScores.map { ($0 - pout.breakeven) * (9750.0 / 100.0) }
    let cash = pySum(changesIn) - pySum(changesOut)

    let table: [(Int, Double, Double)] = [(2, 0.5, 0.5), (7, 0.3, 0.7), (11, 0.5, 0.5), (14, 0.7, 0.3), (17, 0.6, 0.4)]
    var (ws, wc) = table.first { round <= $0.0 }.map { ($0.1, $0.2) } ?? (1.0, 0.0)
    let ratio = leagueAvg > 0 ? teamValue / leagueAvg : 1
    if ratio < 0.95 {
      let adjustment = [0.2, ws * 0.3].min()!
      ws = [0.1, ws - adjustment].max()!
      wc = 1.0 - ws
    } else if ratio > 1.05 && ws < 1.0 {
      let adjustment = [0.2, wc * 0.3].min()!
      ws = [0.9, ws + adjustment].min()!
      wc = 1.0 - ws
    }
    let overall = (scoring * ws) + ((cash / 10000) * wc)

    let avgIn = totalIn / Double(pin.projScores.count)
    let avgOut = totalOut / Double(pout.projScores.count)
    let scoreDiff = avgIn - avgOut
    let scoreFactor = [30, [0, 15 + scoreDiff * 0.75].max()!].min()!
    let priceDiff = pin.price - pout.price
    let valueDiff = avgIn / (pin.price / 10000) - avgOut / (pout.price / 10000)
    let valueFactor = [25, [0, 12.5 + valueDiff * 2.5 - (priceDiff / 1_000_000) * 5].max()!].min()!
    let beDiff = pout.breakeven - pin.breakeven
    let ratioIn = avgIn > 0 ? pin.breakeven / avgIn : 2
    let ratioOut = avgOut > 0 ? pout.breakeven / avgOut : 2
    let beFactor = [15, [0, 7.5 + (ratioOut - ratioIn) * 5 + beDiff * 0.1].max()!].min()!
    let risk: Double = pout.isRedDot && !pin.isRedDot ? 10 : (pin.isRedDot && !pout.isRedDot ? 0 : 5)

    var explanations: [String] = []
    explanations.append(
      scoreDiff > 0
        ? "Player coming in projected to score \(fmt1(scoreDiff)) points more per game"
        : "Player coming in projected to score \(fmt1(-scoreDiff)) points less per game")
    explanations.append(
      cash > 0
        ? "Projected to gain $\(fmt1(cash / 1000))k in value over 5 rounds"
        : "Projected to lose $\(fmt1(-cash / 1000))k in value over 5 rounds")
    explanations.append(
      beDiff > 0
        ? "Trading for a player with \(int(beDiff)) lower breakeven"
        : "Trading for a player with \(int(-beDiff)) higher breakeven")
    explanations.append(
      priceDiff > 0
        ? "This trade costs $\(fmt1(priceDiff / 1000))k immediately"
        : "This trade frees up $\(fmt1(priceDiff == 0 ? 0 : -priceDiff / 1000))k immediately")
    if round <= 7 { explanations.append("Round \(round): Cash gain is weighted more heavily than scoring") }
    if round >= 18 { explanations.append("Round \(round): Only scoring matters at this stage of the season") }
    if ratio < 0.95 { explanations.append("Your team value is below league average: Cash gain is prioritized") }
    if ratio > 1.05 { explanations.append("Your team value is above league average: Scoring is prioritized") }

    let final = [0, [100, 50 + overall * 5.0].min()!].max()!
    let recommendation =
      final >= 80
      ? "Highly recommend this trade"
      : final >= 60
        ? "Good trade opportunity" : final >= 40 ? "Neutral trade, consider other options" : "Not recommended, look for better trades"
    let verdict = overall > 15 ? "Perfect Timing" : overall > 5 ? "Solid Structure Trade" : overall > 0 ? "Risky Move" : "Poor Choice"

    func cumulate(_ price: Double, _ changes: [Double]) -> [Double] {
      var out: [Double] = []
      for change in changes { out.append((out.last ?? price) + round0(change)) }
      return out
    }
    let classIn = priceClass(pin.price)
    let classOut = priceClass(pout.price)
    let peakedIn = avgIn < pin.breakeven
    let peakedOut = avgOut < pout.breakeven
    let peakedRookie = (classIn == "rookie" && peakedIn) || (classOut == "rookie" && peakedOut)
    if peakedRookie {
      if classIn == "rookie" && peakedIn {
        explanations.append("Warning: You are trading for a rookie who may have peaked in value")
      }
      if classOut == "rookie" && peakedOut {
        explanations.append("Good: You are trading away a rookie who may have peaked in value")
      }
    }
    func capitalize(_ s: String) -> String { s.prefix(1).uppercased() + s.dropFirst() }
    if peakedIn {
      explanations.append("Warning: \(capitalize(classIn)) player coming in may have peaked (avg proj < breakeven)")
    }
    if peakedOut {
      explanations.append("Good: \(capitalize(classOut)) player going out may have peaked (avg proj < breakeven)")
    }
    let upgrade =
      pin.price > pout.price && avgIn > avgOut ? "upgrade" : (pin.price < pout.price && avgIn < avgOut ? "downgrade" : "neutral")

    return ReferenceResult(
      tradeScore: round1(final), scoringScore: round1(scoring), cashScore: round0(cash),
      overallScore: round1(overall),
      breakdown: [
        "projected_score": round1(scoreFactor), "value": round1(valueFactor), "breakeven": round1(beFactor),
        "risk": risk, "scoring_weight": round1(ws * 100), "cash_weight": round1(wc * 100),
      ],
      changesIn: changesIn.map(round0), changesOut: changesOut.map(round0), netGain: round0(cash),
      pricesIn: cumulate(pin.price, changesIn), pricesOut: cumulate(pout.price, changesOut),
      peakedRookie: peakedRookie, upgradePath: upgrade,
      seasonMatch: (round <= 7 && cash > 0) || (round >= 18 && scoring > 0),
      tradingPeaked: peakedOut, gettingPeaked: peakedIn, classIn: classIn, classOut: classOut,
      verdict: verdict, explanations: explanations, recommendation: recommendation)
  }
}
