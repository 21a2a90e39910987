import Simulation

/// The agent's `simulation` object (and the batch's `monte_carlo`) with mcsim's additions
/// (`p_home_win` to `mean_away_score`, `model`, `seed`, `threads`, `elapsed_ms`); fields in key
/// order.
extension TotalsSimulationSummary: ContractObject {
  package func writeFields(to fields: inout some FieldWriter) throws {
    try fields.field("ci_95_home_win", [homeWinInterval.lowerBound, homeWinInterval.upperBound])
    try fields.field("ci_95_over", [overInterval.lowerBound, overInterval.upperBound])
    try fields.field("ci_95_under", [underInterval.lowerBound, underInterval.upperBound])
    try fields.field("correlation_used", correlationUsed)
    try fields.field("distribution", distribution)
    try fields.field("elapsed_ms", elapsedMs)
    try fields.field("inputs", inputs)
    try fields.field("margin", margin)
    try fields.field("max_total", maxTotal)
    try fields.field("mean_away_score", meanAwayScore)
    try fields.field("mean_home_score", meanHomeScore)
    try fields.field("mean_total", meanTotal)
    try fields.field("median_total", medianTotal)
    try fields.field("min_total", minTotal)
    try fields.field("model", model)
    try fields.field("n_simulations", nSimulations)
    // A fraction (0.06) despite the name: the only published sample of the agent's output (its
    // iOS guide) has it so.
    try fields.field("ot_games_pct", overtimeShare)
    try fields.field("ot_games_simulated", otGamesSimulated)
    try fields.field("p_away_win", pAwayWin)
    try fields.field("p_home_win", pHomeWin)
    try fields.field("p_over", pOver)
    try fields.field("p_push", pPush)
    try fields.field("p_tie", pTie)
    try fields.field("p_under", pUnder)
    try fields.field("percentiles", percentiles)
    try fields.field("se_over", seOver)
    try fields.field("se_under", seUnder)
    try fields.field("seed", seed)
    try fields.field("skewness_used", model.skewness)
    try fields.field("std_total", stdTotal)
    try fields.field("threads", threads)
  }
}

/// The agent's echo of the request (`t1_*`, `t2_*`), and mcsim's (`home_*`, `away_*`).
extension TotalsSimulationSummary.Inputs: ContractObject {
  package func writeFields(to fields: inout some FieldWriter) throws {
    try fields.field("away_projection", awayProjection)
    try fields.field("away_std_dev", awayStdDev)
    try fields.field("home_projection", homeProjection)
    try fields.field("home_std_dev", homeStdDev)
    try fields.field("n_sims", nSims)
    try fields.field("over_odds", overOdds)
    // The agent's code names home and away t1 and t2; mcsim's names stay beside them.
    try fields.field("t1_projection", homeProjection)
    try fields.field("t1_std_dev", homeStdDev)
    try fields.field("t2_projection", awayProjection)
    try fields.field("t2_std_dev", awayStdDev)
    try fields.field("total_line", totalLine)
    try fields.field("under_odds", underOdds)
  }
}

/// Home minus away.
extension MarginSummary: ContractObject {
  package func writeFields(to fields: inout some FieldWriter) throws {
    try fields.field("mean", mean)
    try fields.field("percentiles", percentiles)
    try fields.field("std", std)
  }
}

extension HistogramBin: ContractObject {
  package func writeFields(to fields: inout some FieldWriter) throws {
    try fields.field("from", from)
    try fields.field("p", p)
    try fields.field("to", to)
  }
}

/// Exact answers of the same model.
extension AnalyticSummary: ContractObject {
  package func writeFields(to fields: inout some FieldWriter) throws {
    try fields.field("mean_total", meanTotal)
    try fields.field("median_total", medianTotal)
    try fields.field("ot_probability", otProbability)
    try fields.field("p_home_win", pHomeWin)
    try fields.field("p_over", pOver)
    try fields.field("p_push", pPush)
    try fields.field("p_under", pUnder)
    try fields.field("std_total", stdTotal)
  }
}

/// The model as run: its name and every parameter.
extension ModelDescription: ContractObject {
  package func writeFields(to fields: inout some FieldWriter) throws {
    try fields.field("away_mean", awayMean)
    try fields.field("away_std_dev", awayStdDev)
    try fields.field("correlation", correlation)
    try fields.field("distribution", distribution)
    try fields.field("home_mean", homeMean)
    try fields.field("home_std_dev", homeStdDev)
    try fields.field("name", name)
    try fields.field("ot_model", otModel)
    try fields.field("ot_points", otPoints)
    try fields.field("ot_rate", otRate)
    try fields.field("ot_sd", otSd)
    try fields.fieldIfPresent("score_floor", scoreFloor)
    try fields.field("skewness", skewness)
  }
}
