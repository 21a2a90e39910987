import FantasyTrade

/// The trade job, for `mcsim trade` and `POST /api/trade_score`: one trade scored (simulated, or
/// by the original formula alone), or a squad's legal trades against a pool, ranked. The trade
/// context's defaults and the simulation's settings are resolved here once, for both edges.
package struct TradeScoring: Sendable {
  /// How trades are scored: nil for the original formula alone, else simulated.
  let settings: SimulationSettings?

  /// The original formula alone when `deterministic`, else simulated with `simulations`
  /// (default: the replaced services' 10,000) and `seed` (nil: a fresh one, reported).
  package init(simulations: Int?, seed: UInt64?, threads: Int, deterministic: Bool) {
    settings =
      deterministic
      ? nil
      : SimulationSettings(simulations: simulations ?? SimulationSettings.defaultSimulations, seed: seed, threads: threads)
  }

  /// The simulations each trade costs (0 for the formula alone).
  package var cost: Int { settings?.simulations ?? 0 }

  /// One trade.
  package func score(_ trade: Trade) throws(TradeInputError) -> TradeReport {
    guard let settings else { return TradeReport.deterministic(trade) }
    return try TradeReport.simulated(trade, settings: settings)
  }

  /// A squad's search, run.
  package func run(_ search: TradeSearch) throws(TradeInputError) -> TradeSearchResult {
    try search.run(settings: settings)
  }

  /// What a squad's search is asked: each value nil when not given (the squad file's or the
  /// command's own, resolved by the edge's precedence), then the original service's defaults.
  package struct Terms: Sendable {
    package var budget: Double?
    package var roundNumber: Int?
    package var teamValue: Double?
    package var leagueAvgValue: Double?
    package var playerIn: String?
    package var playerOut: String?
    package var top: Int

    package init(
      budget: Double?, roundNumber: Int?, teamValue: Double?, leagueAvgValue: Double?, playerIn: String?,
      playerOut: String?, top: Int
    ) {
      self.budget = budget
      self.roundNumber = roundNumber
      self.teamValue = teamValue
      self.leagueAvgValue = leagueAvgValue
      self.playerIn = playerIn
      self.playerOut = playerOut
      self.top = top
    }
  }

  /// A squad's search, checked before it runs (a server queues it only once it is valid).
  package static func search(squad: [PlayerEntry], pool: [PlayerEntry], terms: Terms) throws(TradeInputError)
    -> TradeSearch
  {
    let defaults = TradeContext.original
    let options = TradeSearch.Options(
      budget: terms.budget ?? 0,
      context: TradeContext(
        roundNumber: terms.roundNumber ?? defaults.roundNumber, teamValue: terms.teamValue ?? defaults.teamValue,
        leagueAvgValue: terms.leagueAvgValue ?? defaults.leagueAvgValue),
      top: terms.top, playerInID: terms.playerIn.map { PlayerID($0) }, playerOutID: terms.playerOut.map { PlayerID($0) })
    return try TradeSearch(rosters: Rosters(squad: squad, pool: pool), options: options)
  }
}
