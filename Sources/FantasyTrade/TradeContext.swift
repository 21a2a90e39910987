/// Where the trade happens: the round of the season and the user's team value against the
/// league's. Decides how the original weighs points against cash.
package struct TradeContext: Hashable, Sendable {
  /// The original's defaults (its calculator's keyword defaults).
  package static let original = TradeContext(roundNumber: 13, teamValue: 15_800_000, leagueAvgValue: 15_200_000)

  package var roundNumber: Int
  /// Dollars.
  package var teamValue: Double
  /// Dollars; 0 or less means "unknown" (the ratio is then taken as 1).
  package var leagueAvgValue: Double

  package init(roundNumber: Int, teamValue: Double, leagueAvgValue: Double) {
    self.roundNumber = roundNumber
    self.teamValue = teamValue
    self.leagueAvgValue = leagueAvgValue
  }

  package func validate() throws(TradeInputError) {
    if let first = problems().first { throw first }
  }

  /// Every problem of the context at once, each named by its field.
  package func problems() -> [TradeInputError] {
    var found = TradeProblems()
    if roundNumber < 0 { found.add(.invalid(field: "round_number", value: "\(roundNumber)", reason: "must not be negative")) }
    found.check { () throws(TradeInputError) in try Check.nonNegative("team_value", teamValue) }
    found.check { () throws(TradeInputError) in try Check.nonNegative("league_avg_value", leagueAvgValue) }
    return found.list
  }

  /// team_value / league_avg_value, or 1 when the league average is not positive.
  package var valueRatio: Double { leagueAvgValue > 0 ? teamValue / leagueAvgValue : 1 }

  /// The original's weights.
  ///
  ///     round  <=2  <=7  <=11  <=14  <=17  else
  ///     w_s    .5   .3   .5    .7    .6    1
  ///     w_c = 1 - w_s
  ///
  /// then, when team value is below 95% of the league average, w_s -= min(0.2, 0.3 w_s) with
  /// w_s >= 0.1; above 105%, unless w_s is already 1, w_s += min(0.2, 0.3 w_c) with
  /// w_s <= 0.9; w_c = 1 - w_s. Same operations in the same order as the original.
  package var weights: RoundWeights {
    var scoring: Double
    var cash: Double
    switch roundNumber {
    case ...2: (scoring, cash) = (0.5, 0.5)
    case ...7: (scoring, cash) = (0.3, 0.7)
    case ...11: (scoring, cash) = (0.5, 0.5)
    case ...14: (scoring, cash) = (0.7, 0.3)
    case ...17: (scoring, cash) = (0.6, 0.4)
    default: (scoring, cash) = (1.0, 0.0)
    }
    let ratio = valueRatio
    if ratio < 0.95 {
      scoring = max(0.1, scoring - min(0.2, scoring * 0.3))
      cash = 1.0 - scoring
    } else if ratio > 1.05, scoring < 1.0 {
      scoring = min(0.9, scoring + min(0.2, cash * 0.3))
      cash = 1.0 - scoring
    }
    return RoundWeights(scoring: scoring, cash: cash)
  }
}

/// How much points and cash count in the original's overall score.
package struct RoundWeights: Hashable, Sendable {
  package var scoring: Double
  package var cash: Double
}
