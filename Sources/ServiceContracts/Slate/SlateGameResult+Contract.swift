import OddsMath
import Simulation
import UseCases

/// One game of the agent's batch and tonight responses (docs/contracts.md, "Betting agent"), in
/// the endpoint's units (`AgentEndpoint`), with mcsim's additions. `projected` and `edge` are
/// rounded to 0.1 as the agent rounds them; `edge` is the simulated mean total minus the line.
/// The tonight endpoint sends every key on every game (`null` where a game has no line), and
/// the odds of a game without a line as the agent's -110 in decimal.
package struct SlateGameWire: Encodable, Sendable {
  package let game: AgentSlateGame
  package let endpoint: AgentEndpoint

  package init(_ game: AgentSlateGame, endpoint: AgentEndpoint) {
    self.game = game
    self.endpoint = endpoint
  }

  /// A game of mcsim's own slate (`slate --ndjson`, a watched move): mcsim's policy in the
  /// agent's fields, the batch's units.
  package init(mcsim game: SlateGameResult) {
    self.init(AgentSlateGame(game, rules: .mcsim), endpoint: .batch)
  }

  /// The agent's -110, in decimal, unrounded.
  static let defaultOdds = 1 + 100.0 / 110

  /// A projection as the contract's number, nil when it is none: a game refused for its
  /// projections (1e308 points) may hold an infinite one, and these fields are numbers or null.
  static func number(_ x: Double?) -> Double? { x.flatMap { $0.isFinite ? $0 : nil } }

  enum WireKeys: String, CodingKey {
    case gameID = "game_id", homeAbbr = "home_abbr", awayAbbr = "away_abbr", projected, line
    case monteCarlo = "monte_carlo", evMetrics = "ev_metrics", verdict, error, edge
    case homeProjection = "home_projection", awayProjection = "away_projection"
    case overOdds = "over_odds", underOdds = "under_odds", spread, moneyline, bestBet = "best_bet"
    case totalSource = "total_source", model, warnings, advice, stakes, periods, state, remaining
    case homeGames = "home_games", awayGames = "away_games", avgPace = "avg_pace", bookmaker
  }

  package func encode(to encoder: any Encoder) throws {
    let g = game.result, edge = game.edge
    var c = encoder.container(keyedBy: WireKeys.self)
    let metrics = game.totals.map { SlateEVMetrics($0, endpoint: endpoint) }
    let tonight = endpoint == .tonight
    try c.encode(g.gameID, forKey: .gameID)
    try c.encode(g.homeAbbr, forKey: .homeAbbr)
    try c.encode(g.awayAbbr, forKey: .awayAbbr)
    try c.encode(Self.number(g.projected).map { PythonRound.rounded($0, 1) }, forKey: .projected)
    try c.encode(g.line, forKey: .line)
    try c.encode(g.monteCarlo, forKey: .monteCarlo)
    if metrics != nil || tonight { try c.encode(metrics, forKey: .evMetrics) }
    try c.encode(game.totals?.verdict ?? g.verdict, forKey: .verdict)
    try c.encodeIfPresent(g.error, forKey: .error)
    if tonight { try c.encode(edge, forKey: .edge) } else { try c.encodeIfPresent(edge, forKey: .edge) }
    try c.encodeIfPresent(Self.number(g.homeProjection), forKey: .homeProjection)
    try c.encodeIfPresent(Self.number(g.awayProjection), forKey: .awayProjection)
    if tonight {
      try c.encode(g.overOdds ?? Self.defaultOdds, forKey: .overOdds)
      try c.encode(g.underOdds ?? Self.defaultOdds, forKey: .underOdds)
      try c.encode(g.info.homeGames, forKey: .homeGames)
      try c.encode(g.info.awayGames, forKey: .awayGames)
      try c.encode(Double?.none, forKey: .avgPace)
      try c.encode(g.totalSource?.bestBooks.first, forKey: .bookmaker)
    } else {
      try c.encodeIfPresent(g.overOdds, forKey: .overOdds)
      try c.encodeIfPresent(g.underOdds, forKey: .underOdds)
    }
    try c.encodeIfPresent(g.spread, forKey: .spread)
    try c.encodeIfPresent(g.moneyline, forKey: .moneyline)
    if !g.periods.isEmpty { try c.encode(PeriodsBlock(g.periods), forKey: .periods) }
    if let live = g.inPlay {
      try c.encode(StateBlock(live.state), forKey: .state)
      try c.encode(RemainingBlock(live), forKey: .remaining)
    }
    try c.encodeIfPresent(g.bestBet, forKey: .bestBet)
    try c.encodeIfPresent(g.totalSource, forKey: .totalSource)
    try c.encodeIfPresent(g.totalsAdvice, forKey: .advice)
    if g.error == nil { try c.encode(g.stakes, forKey: .stakes) }
    // monte_carlo carries the model; a game priced only on the margin shows it here.
    if g.monteCarlo == nil { try c.encodeIfPresent(g.model, forKey: .model) }
    if !g.warnings.isEmpty { try c.encode(g.warnings, forKey: .warnings) }
    try g.info.encode(to: encoder)
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
