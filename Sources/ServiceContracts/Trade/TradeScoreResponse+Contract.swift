import FantasyTrade

/// The trade API's response to POST /api/trade_score (docs/contracts.md, "AFL trade score"), field for field.
extension TradeScoreResponse: Encodable {
  enum WireKeys: String, CodingKey {
    case status, tradeScore = "trade_score", scoringScore = "scoring_score", cashScore = "cash_score"
    case overallScore = "overall_score", scoreBreakdown = "score_breakdown"
    case priceProjections = "price_projections", projectedPrices = "projected_prices"
    case projectedScores = "projected_scores", flags, verdict, explanations, recommendation
  }

  package func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode("ok", forKey: .status)
    try c.encode(tradeScore, forKey: .tradeScore)
    try c.encode(scoringScore, forKey: .scoringScore)
    try c.encode(cashScore, forKey: .cashScore)
    try c.encode(overallScore, forKey: .overallScore)
    try c.encode(scoreBreakdown, forKey: .scoreBreakdown)
    try c.encode(priceProjections, forKey: .priceProjections)
    try c.encode(projectedPrices, forKey: .projectedPrices)
    try c.encode(projectedScores, forKey: .projectedScores)
    try c.encode(flags, forKey: .flags)
    try c.encode(TradeWording.text(verdict), forKey: .verdict)
    try c.encode(TradeWording.text(explanations), forKey: .explanations)
    try c.encode(TradeWording.text(recommendation), forKey: .recommendation)
  }
}

extension TradeScoreResponse.ScoreBreakdown: Encodable {
  enum WireKeys: String, CodingKey {
    case projectedScore = "projected_score", value, breakeven, risk, scoringWeight = "scoring_weight"
    case cashWeight = "cash_weight"
  }

  package func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode(projectedScore, forKey: .projectedScore)
    try c.encode(value, forKey: .value)
    try c.encode(breakeven, forKey: .breakeven)
    try c.encode(risk, forKey: .risk)
    try c.encode(scoringWeight, forKey: .scoringWeight)
    try c.encode(cashWeight, forKey: .cashWeight)
  }
}

extension TradeScoreResponse.PriceProjections: Encodable {
  enum WireKeys: String, CodingKey {
    case playerIn = "player_in", playerOut = "player_out", netGain = "net_gain"
  }

  package func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode(playerIn, forKey: .playerIn)
    try c.encode(playerOut, forKey: .playerOut)
    try c.encode(netGain, forKey: .netGain)
  }
}

extension TradeScoreResponse.Flags: Encodable {
  enum WireKeys: String, CodingKey {
    case peakedRookie = "peaked_rookie", upgradePath = "upgrade_path", seasonMatch = "season_match"
    case tradingPeakedPlayer = "trading_peaked_player", gettingPeakedPlayer = "getting_peaked_player"
    case playerInClass = "player_in_class", playerOutClass = "player_out_class"
  }

  package func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode(peakedRookie, forKey: .peakedRookie)
    try c.encode(TradeWording.text(upgradePath), forKey: .upgradePath)
    try c.encode(seasonMatch, forKey: .seasonMatch)
    try c.encode(tradingPeakedPlayer, forKey: .tradingPeakedPlayer)
    try c.encode(gettingPeakedPlayer, forKey: .gettingPeakedPlayer)
    try c.encode(playerInClass, forKey: .playerInClass)
    try c.encode(playerOutClass, forKey: .playerOutClass)
  }
}

/// A value for each side of the trade, keyed as the original keys them.
extension PlayerPair: Encodable where Value: Encodable {
  enum WireKeys: String, CodingKey { case playerIn = "player_in", playerOut = "player_out" }

  package func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode(playerIn, forKey: .playerIn)
    try c.encode(playerOut, forKey: .playerOut)
  }
}
