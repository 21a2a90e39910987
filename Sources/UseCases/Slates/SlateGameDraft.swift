import Simulation

/// One game of a slate file as written (read by ServiceContracts' `SlateFile`), before it is
/// built: its names, its projections or the four team stats the agent's formula projects them
/// from, its own model fields, its markets, quarters and state. `entry` builds it; a game that did
/// not decode is `failed`, named by what could be read of it.
package struct SlateGameDraft: Sendable {
  package enum Projection: Sendable {
    case means(home: Double, away: Double)
    /// Points scored and allowed a game by each team (the agent's batch).
    case stats(homePPG: Double, homeOppPPG: Double, awayPPG: Double, awayOppPPG: Double)
  }

  package var gameID: String?
  package var homeAbbr: String?
  package var awayAbbr: String?
  package var homeTeam: String?
  package var awayTeam: String?
  package var gameDate: String?
  package var projection: Projection
  /// The game's own model fields, in the order `RunContext` lays them.
  package var settings: [ModelSetting]
  package var markets: GameMarkets
  package var periods: [PeriodQuote]
  package var state: GameState?
  /// Keys no field of a slate game has (each a note on the game).
  package var unknownKeys: [String]

  package init(
    gameID: String? = nil, homeAbbr: String? = nil, awayAbbr: String? = nil, homeTeam: String? = nil, awayTeam: String? = nil,
    gameDate: String? = nil, projection: Projection, settings: [ModelSetting] = [], markets: GameMarkets = GameMarkets(),
    periods: [PeriodQuote] = [], state: GameState? = nil, unknownKeys: [String] = []
  ) {
    self.gameID = gameID
    self.homeAbbr = homeAbbr
    self.awayAbbr = awayAbbr
    self.homeTeam = homeTeam
    self.awayTeam = awayTeam
    self.gameDate = gameDate
    self.projection = projection
    self.settings = settings
    self.markets = markets
    self.periods = periods
    self.state = state
    self.unknownKeys = unknownKeys
  }

  /// The projected means: as given, or the agent's formula on the four stats.
  package var means: (home: Double, away: Double) {
    switch projection {
    case .means(let home, let away): (home, away)
    case .stats(let homePPG, let homeOppPPG, let awayPPG, let awayOppPPG):
      AgentProjection.project(homePPG: homePPG, homeOppPPG: homeOppPPG, awayPPG: awayPPG, awayOppPPG: awayOppPPG)
    }
  }

  /// The game built: its model the file's fields over `base` (`ModelSetting.applied`) at its
  /// projections (the agent's formula on the four stats, `AgentProjection`), its facts, its
  /// id (`game_id`, else `AWAY@HOME`, else `game N`); a team the directory does not know, or a
  /// team against itself, is this game's error.
  package func entry(number: Int, base: GameModel) -> SlateEntry {
    let home = (homeAbbr ?? homeTeam).map(TeamKey.init)
    let away = (awayAbbr ?? awayTeam).map(TeamKey.init)
    var model = ModelSetting.applied(settings, to: base)
    (model.homeMean, model.awayMean) = means
    var info = GameInfo()
    info.gameDate = gameDate
    info.homeTeam = homeTeam ?? home?.team?.fullName
    info.awayTeam = awayTeam ?? away?.team?.fullName
    info.homeTeamID = home?.team?.id
    info.awayTeamID = away?.team?.id
    if case .stats(let homePPG, let homeOppPPG, let awayPPG, let awayOppPPG) = projection {
      info.homePPG = homePPG
      info.homeOppPPG = homeOppPPG
      info.homeStd = model.homeSD
      info.awayPPG = awayPPG
      info.awayOppPPG = awayOppPPG
      info.awayStd = model.awaySD
    }
    info.notes = unknownKeys.map { "unknown field '\($0)' ignored" }
    let homeLabel = homeAbbr ?? home?.team?.abbreviation ?? homeTeam
    let awayLabel = awayAbbr ?? away?.team?.abbreviation ?? awayTeam
    let id = gameID ?? (homeLabel != nil && awayLabel != nil ? "\(awayLabel!)@\(homeLabel!)" : "game \(number)")
    // A name the team directory does not know, or a team against itself, is this game's error.
    var problem: String?
    if let unknown = [(homeAbbr ?? homeTeam, home), (awayAbbr ?? awayTeam, away)].first(where: { $0.1 != nil && $0.1?.team == nil }) {
      problem = "unknown team '\(unknown.0!)'"
    } else if let home, let away, home.key == away.key {
      problem = "a team cannot play itself (\(home))"
    }
    var game = SlateGame(
      id: id, homeAbbr: homeLabel, awayAbbr: awayLabel, model: problem == nil ? model : nil, markets: markets,
      problem: problem, info: info)
    game.periods = periods
    game.state = state
    return SlateEntry(game: game, home: home, away: away, unknownFields: unknownKeys)
  }

  /// Game `number` of a file that did not decode, named by what could be read of it (its id,
  /// its teams), with `problem` as its error.
  package static func failed(number: Int, id: String?, home: String?, away: String?, problem: String) -> SlateEntry {
    let homeKey = home.map(TeamKey.init), awayKey = away.map(TeamKey.init)
    let game = SlateGame(
      id: id ?? "game \(number)", homeAbbr: homeKey?.team?.abbreviation ?? home, awayAbbr: awayKey?.team?.abbreviation ?? away,
      model: nil, markets: GameMarkets(), problem: problem)
    return SlateEntry(game: game, home: homeKey, away: awayKey)
  }
}
