/// A selection that is a side of a total, split into what the total counts (a player, a team;
/// empty for the game's) and its side (`over`, `under`), in either order: mcsim's reports write a
/// player's "LeBron James Over", The Odds API a team's total "Over Los Angeles Lakers" (the
/// outcome's name, then its description). The trailing word is read first. Nil for a selection
/// that is no side of a total (a team, a draw). One reading for the fair-odds markets'
/// grouping (`BetGrouping`), FairBet's keys and the slate's feed lines.
package enum TotalSide {
  package static func split(_ selection: String) -> (subject: String, side: String)? {
    let words = selection.split(separator: " ")
    if let side = words.last?.lowercased(), side == "over" || side == "under" { return (words.dropLast().joined(separator: " "), side) }
    if let side = words.first?.lowercased(), side == "over" || side == "under" { return (words.dropFirst().joined(separator: " "), side) }
    return nil
  }
}
