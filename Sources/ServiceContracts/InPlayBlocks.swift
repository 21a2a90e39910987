import Simulation

/// A game's state as a request gives it and an answer echoes it:
///   {"period": 3, "clock": "7:12", "home_score": 78, "away_score": 71}
/// (periods 1-4 the quarters, 5 on overtime; the clock is the time left in the period).
package struct StateBlock: ContractObject, Sendable {
  let state: GameState
  package init(_ state: GameState) { self.state = state }

  package func writeFields(to fields: inout some FieldWriter) throws {
    try fields.field("away_score", state.awayScore)
    try fields.field("clock", state.clock)
    try fields.field("home_score", state.homeScore)
    try fields.field("period", state.period)
  }
}

/// The points each team is expected to add from the state to the final buzzer, overtime
/// included: {"mean_home", "mean_away", "mean_total"}.
package struct RemainingBlock: ContractObject, Sendable {
  let reading: InPlayReading
  package init(_ reading: InPlayReading) { self.reading = reading }

  package func writeFields(to fields: inout some FieldWriter) throws {
    try fields.field("mean_away", reading.remainingAway)
    try fields.field("mean_home", reading.remainingHome)
    try fields.field("mean_total", reading.remainingTotal)
  }
}
