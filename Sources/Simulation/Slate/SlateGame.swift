/// One game of a slate as the engine takes it: who plays, the model of its scores (nil when the
/// inputs did not yield one), the markets to price, and what the input said about it.
public struct SlateGame: Sendable {
  public var id: String
  public var homeAbbr: String?
  public var awayAbbr: String?
  public var model: GameModel?
  public var markets: GameMarkets
  /// Why the game cannot be evaluated, found before the engine (a field that did not decode, a
  /// team without stats, a game already in play). Reported as the game's `error`.
  public var problem: String?
  package var info = GameInfo()
  /// The periods to price beside the game (a slate file's `period_lines`): one that cannot be
  /// priced is the game's error.
  package var periods: [PeriodQuote] = []
  /// The periods a feed quotes beside them: priced where the model has a quarter model and the
  /// period is still to come, else left out with a note.
  package var quotedPeriods: [PeriodQuote] = []
  /// In play: the game's score and clock (a slate file's `state`); nil before tip-off.
  package var state: GameState?

  public init(
    id: String, homeAbbr: String? = nil, awayAbbr: String? = nil, model: GameModel?, markets: GameMarkets, problem: String? = nil
  ) {
    self.id = id
    self.homeAbbr = homeAbbr
    self.awayAbbr = awayAbbr
    self.model = model
    self.markets = markets
    self.problem = problem
  }

  /// A feed's or a file's game, with what the input said about it (`GameInfo`).
  package init(
    id: String, homeAbbr: String? = nil, awayAbbr: String? = nil, model: GameModel?, markets: GameMarkets, problem: String? = nil,
    info: GameInfo
  ) {
    self.init(id: id, homeAbbr: homeAbbr, awayAbbr: awayAbbr, model: model, markets: markets, problem: problem)
    self.info = info
  }
}

/// Facts about a game that the engine carries through to the result unchanged: the fields the
/// betting agent's `/api/tonight/totals` adds per game (docs/contracts.md, "Betting agent"), and notes.
package struct GameInfo: Hashable, Sendable {
  package var gameDate: String?
  package var startTime: String?
  package var homeTeam: String?
  package var awayTeam: String?
  package var homeTeamID: Int?
  package var awayTeamID: Int?
  package var homePPG: Double?
  package var homeOppPPG: Double?
  package var homeStd: Double?
  package var awayPPG: Double?
  package var awayOppPPG: Double?
  package var awayStd: Double?
  /// Games behind each team's stats, when the stats say.
  package var homeGames: Int?
  package var awayGames: Int?
  /// The feed's prices are in-play prices (the game had started when they were quoted).
  package var live: Bool?
  /// Things worth knowing that did not stop the evaluation.
  package var notes: [String] = []

  package init() {}
}
