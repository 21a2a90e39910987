import FantasyTrade

/// The replaced trade service's words for its verdicts, recommendations, upgrade paths and
/// explanations, word for word (docs/contracts.md, "AFL trade score"): the engine returns the
/// facts, this says them. Numbers print as Python printed them (`PythonNumerics.fixed1` for
/// `:.1f`, `PythonNumerics.str` for the integer breakevens).
package enum TradeWording {
  package static func text(_ verdict: TradeVerdict) -> String {
    switch verdict {
    case .perfectTiming: "Perfect Timing"
    case .solidStructure: "Solid Structure Trade"
    case .riskyMove: "Risky Move"
    case .poorChoice: "Poor Choice"
    }
  }

  package static func text(_ recommendation: TradeRecommendation) -> String {
    switch recommendation {
    case .highlyRecommended: "Highly recommend this trade"
    case .goodOpportunity: "Good trade opportunity"
    case .neutral: "Neutral trade, consider other options"
    case .notRecommended: "Not recommended, look for better trades"
    }
  }

  package static func text(_ path: UpgradePath) -> String {
    switch path {
    case .upgrade: "upgrade"
    case .downgrade: "downgrade"
    case .neutral: "neutral"
    }
  }

  package static func text(_ fact: TradeExplanation) -> String {
    typealias P = PythonNumerics
    switch fact {
    case .scoreDifference(let d):
      return d > 0
        ? "Player coming in projected to score \(P.fixed1(d)) points more per game"
        : "Player coming in projected to score \(P.fixed1(-d)) points less per game"
    case .valueChange(let cash):
      return cash > 0
        ? "Projected to gain $\(P.fixed1(cash / 1000))k in value over 5 rounds"
        : "Projected to lose $\(P.fixed1(-cash / 1000))k in value over 5 rounds"
    case .breakevenDifference(let d):
      return d > 0 ? "Trading for a player with \(P.str(d)) lower breakeven" : "Trading for a player with \(P.str(-d)) higher breakeven"
    case .priceDifference(let d):
      // Prices are Python ints there: -0 is 0, so a zero difference frees up "$0.0k", not "$-0.0k".
      return d > 0 ? "This trade costs $\(P.fixed1(d / 1000))k immediately" : "This trade frees up $\(P.fixed1((0 - d) / 1000))k immediately"
    case .earlyRound(let round): return "Round \(round): Cash gain is weighted more heavily than scoring"
    case .lateRound(let round): return "Round \(round): Only scoring matters at this stage of the season"
    case .teamValueBelowAverage: return "Your team value is below league average: Cash gain is prioritized"
    case .teamValueAboveAverage: return "Your team value is above league average: Scoring is prioritized"
    case .peakedRookieComingIn: return "Warning: You are trading for a rookie who may have peaked in value"
    case .peakedRookieGoingOut: return "Good: You are trading away a rookie who may have peaked in value"
    case .peakedComingIn(let c): return "Warning: \(capitalized(c)) player coming in may have peaked (avg proj < breakeven)"
    case .peakedGoingOut(let c): return "Good: \(capitalized(c)) player going out may have peaked (avg proj < breakeven)"
    }
  }

  package static func text(_ facts: [TradeExplanation]) -> [String] { facts.map(text) }

  /// Python's `str.capitalize()` of the class's raw value, as the original's explanations print it.
  static func capitalized(_ c: PriceClass) -> String {
    c.rawValue.prefix(1).uppercased() + c.rawValue.dropFirst().lowercased()
  }
}
