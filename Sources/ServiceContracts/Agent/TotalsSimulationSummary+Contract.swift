import Simulation

/// The agent's `simulation` object (and the batch's `monte_carlo`), then mcsim's additions after `inputs`.
extension TotalsSimulationSummary: Encodable {
  enum WireKeys: String, CodingKey {
    case nSimulations = "n_simulations", pOver = "p_over", pUnder = "p_under", pPush = "p_push"
    case seOver = "se_over", seUnder = "se_under", ci95Over = "ci_95_over", ci95Under = "ci_95_under"
    case meanTotal = "mean_total", medianTotal = "median_total", stdTotal = "std_total"
    case minTotal = "min_total", maxTotal = "max_total", percentiles
    case otGamesSimulated = "ot_games_simulated", otGamesPct = "ot_games_pct"
    case correlationUsed = "correlation_used", distribution, inputs, seed, model, threads
    case elapsedMs = "elapsed_ms", pHomeWin = "p_home_win", pAwayWin = "p_away_win", pTie = "p_tie"
    case ci95HomeWin = "ci_95_home_win", margin, meanHomeScore = "mean_home_score"
    case meanAwayScore = "mean_away_score"
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode(nSimulations, forKey: .nSimulations)
    try c.encode(pOver, forKey: .pOver)
    try c.encode(pUnder, forKey: .pUnder)
    try c.encode(pPush, forKey: .pPush)
    try c.encode(seOver, forKey: .seOver)
    try c.encode(seUnder, forKey: .seUnder)
    try c.encode(ci95Over, forKey: .ci95Over)
    try c.encode(ci95Under, forKey: .ci95Under)
    try c.encode(meanTotal, forKey: .meanTotal)
    try c.encode(medianTotal, forKey: .medianTotal)
    try c.encode(stdTotal, forKey: .stdTotal)
    try c.encode(minTotal, forKey: .minTotal)
    try c.encode(maxTotal, forKey: .maxTotal)
    try c.encode(percentiles, forKey: .percentiles)
    try c.encode(otGamesSimulated, forKey: .otGamesSimulated)
    try c.encode(otGamesPct, forKey: .otGamesPct)
    try c.encode(correlationUsed, forKey: .correlationUsed)
    try c.encode(distribution, forKey: .distribution)
    try c.encode(inputs, forKey: .inputs)
    try c.encode(seed, forKey: .seed)
    try c.encode(model, forKey: .model)
    try c.encode(threads, forKey: .threads)
    try c.encode(elapsedMs, forKey: .elapsedMs)
    try c.encode(pHomeWin, forKey: .pHomeWin)
    try c.encode(pAwayWin, forKey: .pAwayWin)
    try c.encode(pTie, forKey: .pTie)
    try c.encode(ci95HomeWin, forKey: .ci95HomeWin)
    try c.encode(margin, forKey: .margin)
    try c.encode(meanHomeScore, forKey: .meanHomeScore)
    try c.encode(meanAwayScore, forKey: .meanAwayScore)
  }
}

/// The agent's echo of the request.
extension TotalsSimulationSummary.Inputs: Encodable {
  enum WireKeys: String, CodingKey {
    case homeProjection = "home_projection", awayProjection = "away_projection", homeStdDev = "home_std_dev"
    case awayStdDev = "away_std_dev", totalLine = "total_line", overOdds = "over_odds"
    case underOdds = "under_odds", nSims = "n_sims"
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode(homeProjection, forKey: .homeProjection)
    try c.encode(awayProjection, forKey: .awayProjection)
    try c.encode(homeStdDev, forKey: .homeStdDev)
    try c.encode(awayStdDev, forKey: .awayStdDev)
    try c.encode(totalLine, forKey: .totalLine)
    try c.encode(overOdds, forKey: .overOdds)
    try c.encode(underOdds, forKey: .underOdds)
    try c.encode(nSims, forKey: .nSims)
  }
}

/// Home minus away.
extension MarginSummary: Encodable {
  enum WireKeys: String, CodingKey {
    case mean, std, percentiles
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode(mean, forKey: .mean)
    try c.encode(std, forKey: .std)
    try c.encode(percentiles, forKey: .percentiles)
  }
}

extension HistogramBin: Encodable {
  enum WireKeys: String, CodingKey {
    case from, to, p
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode(from, forKey: .from)
    try c.encode(to, forKey: .to)
    try c.encode(p, forKey: .p)
  }
}

/// Exact answers of the same model.
extension AnalyticSummary: Encodable {
  enum WireKeys: String, CodingKey {
    case pOver = "p_over", pUnder = "p_under", pPush = "p_push", meanTotal = "mean_total"
    case stdTotal = "std_total", medianTotal = "median_total", pHomeWin = "p_home_win"
    case otProbability = "ot_probability"
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode(pOver, forKey: .pOver)
    try c.encode(pUnder, forKey: .pUnder)
    try c.encode(pPush, forKey: .pPush)
    try c.encode(meanTotal, forKey: .meanTotal)
    try c.encode(stdTotal, forKey: .stdTotal)
    try c.encode(medianTotal, forKey: .medianTotal)
    try c.encode(pHomeWin, forKey: .pHomeWin)
    try c.encode(otProbability, forKey: .otProbability)
  }
}

/// The model as run: its name and every parameter.
extension ModelDescription: Encodable {
  enum WireKeys: String, CodingKey {
    case name, distribution, homeMean = "home_mean", awayMean = "away_mean", homeStdDev = "home_std_dev"
    case awayStdDev = "away_std_dev", correlation, skewness, scoreFloor = "score_floor"
    case otModel = "ot_model", otRate = "ot_rate", otPoints = "ot_points", otSd = "ot_sd"
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode(name, forKey: .name)
    try c.encode(distribution, forKey: .distribution)
    try c.encode(homeMean, forKey: .homeMean)
    try c.encode(awayMean, forKey: .awayMean)
    try c.encode(homeStdDev, forKey: .homeStdDev)
    try c.encode(awayStdDev, forKey: .awayStdDev)
    try c.encode(correlation, forKey: .correlation)
    try c.encode(skewness, forKey: .skewness)
    try c.encodeIfPresent(scoreFloor, forKey: .scoreFloor)
    try c.encode(otModel, forKey: .otModel)
    try c.encode(otRate, forKey: .otRate)
    try c.encode(otPoints, forKey: .otPoints)
    try c.encode(otSd, forKey: .otSd)
  }
}
