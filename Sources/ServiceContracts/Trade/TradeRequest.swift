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

  /// The validated trade, with errors named by their place in the request
  /// (`player_in.proj_scores`). Each player needs exactly 5 projected scores, as the original.
  package func validated() throws(TradeInputError) -> Trade {
    func project(_ input: PlayerInput, _ key: CodingKeys) throws(TradeInputError) -> ProjectedPlayer {
      do { return try input.projection(exactlyFive: true) } catch { throw error.nested(under: key.rawValue) }
    }
    let trade = Trade(
      playerIn: try project(playerIn, .playerIn), playerOut: try project(playerOut, .playerOut),
      context: context)
    try trade.context.validate()
    return trade
  }
}
