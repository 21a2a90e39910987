import FantasyTrade

/// mcsim's `simulation` block of a trade report.
extension TradeSimulation: Encodable {
  enum WireKeys: String, CodingKey {
    case nSimulations = "n_simulations", seed, model, scoreSD = "score_sd"
    case missProbability = "miss_probability", tradeScore = "trade_score", overallScore = "overall_score"
    case pointsGained = "points_gained", cashGained = "cash_gained", confidence
    case confidenceSE = "confidence_se", pMorePoints = "p_more_points", pMoreCash = "p_more_cash"
  }

  package func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode(nSimulations, forKey: .nSimulations)
    try c.encode(seed, forKey: .seed)
    try c.encode(model, forKey: .model)
    try c.encode(scoreSD, forKey: .scoreSD)
    try c.encode(missProbability, forKey: .missProbability)
    try c.encode(tradeScore, forKey: .tradeScore)
    try c.encode(overallScore, forKey: .overallScore)
    try c.encode(pointsGained, forKey: .pointsGained)
    try c.encode(cashGained, forKey: .cashGained)
    try c.encode(confidence, forKey: .confidence)
    try c.encode(confidenceSE, forKey: .confidenceSE)
    try c.encode(pMorePoints, forKey: .pMorePoints)
    try c.encode(pMoreCash, forKey: .pMoreCash)
  }
}

extension OutcomeDistribution: Encodable {
  enum WireKeys: String, CodingKey {
    case mean, sd, se, min, max, percentiles, percentileResolution = "percentile_resolution"
  }

  package func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode(mean, forKey: .mean)
    try c.encode(sd, forKey: .sd)
    try c.encode(se, forKey: .se)
    try c.encode(min, forKey: .min)
    try c.encode(max, forKey: .max)
    try c.encode(percentiles, forKey: .percentiles)
    try c.encode(percentileResolution, forKey: .percentileResolution)
  }
}

extension FantasyTrade.Percentiles: Encodable {
  enum WireKeys: String, CodingKey {
    case p5, p10, p25, p50, p75, p90, p95
  }

  package func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode(p5, forKey: .p5)
    try c.encode(p10, forKey: .p10)
    try c.encode(p25, forKey: .p25)
    try c.encode(p50, forKey: .p50)
    try c.encode(p75, forKey: .p75)
    try c.encode(p90, forKey: .p90)
    try c.encode(p95, forKey: .p95)
  }
}

extension TradeFactors: Encodable {
  enum WireKeys: String, CodingKey {
    case formFactor = "form_factor", priceFactor = "price_factor", fixtureFactor = "fixture_factor"
    case ownershipFactor = "ownership_factor", injuryRisk = "injury_risk"
  }

  package func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode(formFactor, forKey: .formFactor)
    try c.encode(priceFactor, forKey: .priceFactor)
    try c.encode(fixtureFactor, forKey: .fixtureFactor)
    try c.encode(ownershipFactor, forKey: .ownershipFactor)
    try c.encode(injuryRisk, forKey: .injuryRisk)
  }
}

extension TradeFigures: Encodable {
  enum WireKeys: String, CodingKey {
    case scoringScore = "scoring_score", cashScore = "cash_score", overallScore = "overall_score"
    case tradeScore = "trade_score"
  }

  package func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode(scoringScore, forKey: .scoringScore)
    try c.encode(cashScore, forKey: .cashScore)
    try c.encode(overallScore, forKey: .overallScore)
    try c.encode(tradeScore, forKey: .tradeScore)
  }
}

extension TradeContext: Encodable {
  enum WireKeys: String, CodingKey {
    case roundNumber = "round_number", teamValue = "team_value", leagueAvgValue = "league_avg_value"
  }

  package func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode(roundNumber, forKey: .roundNumber)
    try c.encode(teamValue, forKey: .teamValue)
    try c.encode(leagueAvgValue, forKey: .leagueAvgValue)
  }
}

/// Everything mcsim answers about one trade: the original's response, unchanged, with the iOS
/// client's `score`, `confidence`, `factors` and mcsim's `simulation` beside its fields (adds,
/// never renames).
extension TradeReport: Encodable {
  enum WireKeys: String, CodingKey { case score, confidence, factors, simulation }

  package func encode(to encoder: any Encoder) throws {
    try original.encode(to: encoder)
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode(score, forKey: .score)
    try c.encode(confidence, forKey: .confidence)
    try c.encode(factors, forKey: .factors)
    try c.encodeIfPresent(simulation, forKey: .simulation)
  }
}
