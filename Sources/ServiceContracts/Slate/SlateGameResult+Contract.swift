import OddsMath
import Simulation

/// One game of the agent's batch and tonight responses (CONTRACTS.md section 1), with mcsim's
/// additions; `ev_metrics` in percent (`SlateEVMetrics`), `monte_carlo` the same object as
/// `mcsim run`'s `simulation`.
extension SlateGameResult: Encodable {
  enum WireKeys: String, CodingKey {
    case gameID = "game_id", homeAbbr = "home_abbr", awayAbbr = "away_abbr", projected, line
    case monteCarlo = "monte_carlo", evMetrics = "ev_metrics", verdict, error, edge
    case homeProjection = "home_projection", awayProjection = "away_projection"
    case overOdds = "over_odds", underOdds = "under_odds", spread, moneyline, bestBet = "best_bet"
    case totalSource = "total_source", model, warnings, advice, stakes
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode(gameID, forKey: .gameID)
    try c.encode(homeAbbr, forKey: .homeAbbr)
    try c.encode(awayAbbr, forKey: .awayAbbr)
    try c.encode(projected, forKey: .projected)
    try c.encode(line, forKey: .line)
    try c.encode(monteCarlo, forKey: .monteCarlo)
    try c.encode(evMetrics.map(SlateEVMetrics.init), forKey: .evMetrics)
    try c.encode(verdict, forKey: .verdict)
    try c.encodeIfPresent(error, forKey: .error)
    try c.encodeIfPresent(edge, forKey: .edge)
    try c.encodeIfPresent(homeProjection, forKey: .homeProjection)
    try c.encodeIfPresent(awayProjection, forKey: .awayProjection)
    try c.encodeIfPresent(overOdds, forKey: .overOdds)
    try c.encodeIfPresent(underOdds, forKey: .underOdds)
    try c.encodeIfPresent(spread, forKey: .spread)
    try c.encodeIfPresent(moneyline, forKey: .moneyline)
    try c.encodeIfPresent(bestBet, forKey: .bestBet)
    try c.encodeIfPresent(totalSource, forKey: .totalSource)
    try c.encodeIfPresent(totalsAdvice, forKey: .advice)
    if error == nil { try c.encode(stakes, forKey: .stakes) }
    // monte_carlo carries the model; a game priced only on the margin shows it here.
    if monteCarlo == nil { try c.encodeIfPresent(model, forKey: .model) }
    if !warnings.isEmpty { try c.encode(warnings, forKey: .warnings) }
    try info.encode(to: encoder)
  }
}

/// `best_bet` (mcsim's own): its EV per unit staked as a fraction.
extension BestBet: Encodable {
  enum WireKeys: String, CodingKey { case market, side, line, odds, probability, ev }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode(market, forKey: .market)
    try c.encode(side, forKey: .side)
    try c.encodeIfPresent(line, forKey: .line)
    try c.encode(odds, forKey: .odds)
    try c.encode(probability, forKey: .probability)
    try c.encode(ev, forKey: .ev)
  }
}
