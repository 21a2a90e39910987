import FantasyTrade

/// `mcsim trade --squad --pool` and the iOS client's squad request: every legal trade, ranked.
extension TradeSearchResult: Encodable {
  enum WireKeys: String, CodingKey {
    case status, nSimulations = "n_simulations", seed, model, context, budget, nSquad = "n_squad"
    case nPool = "n_pool", nCandidates = "n_candidates", trades, skipped
  }

  package func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode("ok", forKey: .status)
    try c.encodeIfPresent(nSimulations, forKey: .nSimulations)
    try c.encodeIfPresent(seed, forKey: .seed)
    try c.encode(model, forKey: .model)
    try c.encode(context, forKey: .context)
    try c.encode(budget, forKey: .budget)
    try c.encode(nSquad, forKey: .nSquad)
    try c.encode(nPool, forKey: .nPool)
    try c.encode(nCandidates, forKey: .nCandidates)
    try c.encode(trades, forKey: .trades)
    try c.encode(skipped, forKey: .skipped)
  }
}

extension TradeCandidate: Encodable {
  enum WireKeys: String, CodingKey {
    case rank, playerIn = "player_in", playerOut = "player_out", netCost = "net_cost"
    case tradeScore = "trade_score", overallScore = "overall_score", verdict, recommendation
    case expectedGain = "expected_gain", gainSD = "gain_sd"
    case expectedPointsGained = "expected_points_gained", expectedCashGained = "expected_cash_gained"
    case score, confidence, confidenceSE = "confidence_se", factors
  }

  package func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode(rank, forKey: .rank)
    try c.encode(playerIn, forKey: .playerIn)
    try c.encode(playerOut, forKey: .playerOut)
    try c.encode(netCost, forKey: .netCost)
    try c.encode(tradeScore, forKey: .tradeScore)
    try c.encode(overallScore, forKey: .overallScore)
    try c.encode(TradeWording.text(verdict), forKey: .verdict)
    try c.encode(TradeWording.text(recommendation), forKey: .recommendation)
    try c.encode(expectedGain, forKey: .expectedGain)
    try c.encode(gainSD, forKey: .gainSD)
    try c.encode(expectedPointsGained, forKey: .expectedPointsGained)
    try c.encode(expectedCashGained, forKey: .expectedCashGained)
    try c.encode(score, forKey: .score)
    try c.encode(confidence, forKey: .confidence)
    try c.encode(confidenceSE, forKey: .confidenceSE)
    try c.encode(factors, forKey: .factors)
  }
}

extension TradeCandidate.Summary: Encodable {
  enum WireKeys: String, CodingKey {
    case id, name, team, position, price
  }

  package func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode(id, forKey: .id)
    try c.encode(name, forKey: .name)
    try c.encodeIfPresent(team, forKey: .team)
    try c.encodeIfPresent(position, forKey: .position)
    try c.encode(price, forKey: .price)
  }
}

/// A squad or pool entry left out, with where and why.
extension SkippedPlayer: Encodable {
  enum WireKeys: String, CodingKey {
    case source, index, id, name, field, value, reason
  }

  package func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode(source, forKey: .source)
    try c.encode(index, forKey: .index)
    try c.encodeIfPresent(id, forKey: .id)
    try c.encodeIfPresent(name, forKey: .name)
    try c.encode(field, forKey: .field)
    try c.encode(value, forKey: .value)
    try c.encode(reason, forKey: .reason)
  }
}
