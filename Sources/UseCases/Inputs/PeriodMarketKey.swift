import Simulation

/// The period of a feed's market key: The Odds API names a period's market by the full game's key
/// and the period (`totals_h1`, `spreads_q1`, `h2h_q3`, `h2h_3_way_h1`, `team_totals_h2`); a full
/// game's key (`totals`) has none. One reading for the slate's lines (`FeedLines`) and FairBet's
/// categories.
package enum PeriodMarketKey {
  /// The key without its period, and the period; the key itself and nil for a full game's.
  package static func split(_ key: String) -> (base: String, period: GamePeriod?) {
    guard let cut = key.lastIndex(of: "_"), cut != key.startIndex,
      let period = GamePeriod(rawValue: key[key.index(after: cut)...].lowercased())
    else { return (key, nil) }
    return (String(key[..<cut]), period)
  }

  /// "1st Half", "2nd Half", "1st Quarter", ...: how a period titles its markets.
  package static func title(_ period: GamePeriod) -> String {
    switch period {
    case .q1: "1st Quarter"
    case .q2: "2nd Quarter"
    case .q3: "3rd Quarter"
    case .q4: "4th Quarter"
    case .h1: "1st Half"
    case .h2: "2nd Half"
    }
  }
}
