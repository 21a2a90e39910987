import FantasyTrade

/// The replaced service's request (POST /api/trade_score): two players and the context. The
/// context fields default to the original calculator's defaults (round 13, team value
/// 15,800,000, league average 15,200,000) when absent.
package struct TradeRequest: Codable, Hashable, Sendable {
  package var playerIn: PlayerInput
  package var playerOut: PlayerInput
  package var roundNumber: Int?
  package var teamValue: Double?
  package var leagueAvgValue: Double?

  /// The fields a request may carry (for reporting unknown ones).
  package static let fieldNames = Set(CodingKeys.allCases.map(\.rawValue))
  /// The fields of `player_in` and `player_out` (and of a squad's or pool's players).
  package static let playerFieldNames = PlayerInput.fieldNames
  /// The JSON types of the request's fields, the players' within theirs.
  package static let fieldTypes = FieldTypes(
    fields: [
      ("player_in", .object(PlayerInput.fieldTypes)), ("player_out", .object(PlayerInput.fieldTypes)), ("round_number", .integer),
      ("team_value", .number), ("league_avg_value", .number),
    ],
    required: ["player_in", "player_out"])

  enum CodingKeys: String, CodingKey, CaseIterable {
    case playerIn = "player_in"
    case playerOut = "player_out"
    case roundNumber = "round_number"
    case teamValue = "team_value"
    case leagueAvgValue = "league_avg_value"
  }

  package init(
    playerIn: PlayerInput, playerOut: PlayerInput, roundNumber: Int? = nil, teamValue: Double? = nil,
    leagueAvgValue: Double? = nil
  ) {
    self.playerIn = playerIn
    self.playerOut = playerOut
    self.roundNumber = roundNumber
    self.teamValue = teamValue
    self.leagueAvgValue = leagueAvgValue
  }

  package var context: TradeContext {
    let d = TradeContext.original
    return TradeContext(
      roundNumber: roundNumber ?? d.roundNumber, teamValue: teamValue ?? d.teamValue,
      leagueAvgValue: leagueAvgValue ?? d.leagueAvgValue)
  }

  /// Every problem of the request at once, each named by its place in it
  /// (`player_in.proj_scores`, `round_number`). Each player needs exactly 5 projected scores, as
  /// the original.
  package func problems() -> [TradeInputError] {
    playerIn.problems(exactlyFive: true).map { $0.nested(under: CodingKeys.playerIn.rawValue) }
      + playerOut.problems(exactlyFive: true).map { $0.nested(under: CodingKeys.playerOut.rawValue) } + context.problems()
  }

  /// The validated trade; the first of `problems()` when there are any (each player's
  /// projection and the context's check throw their first, in `problems()`' order).
  package func validated() throws(TradeInputError) -> Trade {
    func project(_ input: PlayerInput, _ key: CodingKeys) throws(TradeInputError) -> ProjectedPlayer {
      do { return try input.projection(exactlyFive: true) } catch { throw error.nested(under: key.rawValue) }
    }
    let trade = Trade(playerIn: try project(playerIn, .playerIn), playerOut: try project(playerOut, .playerOut), context: context)
    try trade.context.validate()
    return trade
  }
}
