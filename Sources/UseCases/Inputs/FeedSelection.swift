import Foundation
import OddsMath

/// A feed's selection read against its game's teams: a team (its side of a spread or a
/// moneyline), the draw, or a side of a total with what it counts (nil: the game's; a team: its
/// points). The Odds API writes a team's total "Over Los Angeles Lakers" (the outcome's name, then
/// its description) and mcsim's reports a player's "LeBron James Over"; both orders are read
/// (`TotalSide`).
/// One reading for the slate's period lines (`FeedLines`) and FairBet's live model prices
/// (`InPlayBoardGame`).
package enum FeedSelection: Equatable, Sendable {
  case team(home: Bool), draw, total(over: Bool, team: Bool?), unknown

  package init(_ selection: String, home: String, away: String) {
    func team(_ name: String) -> Bool? {
      let s = FairBetGame.slug(name)
      return s == FairBetGame.slug(home) ? true : s == FairBetGame.slug(away) ? false : nil
    }
    if let (subject, side) = TotalSide.split(selection) {
      let over = side == "over"
      self = subject.isEmpty ? .total(over: over, team: nil) : team(subject).map { .total(over: over, team: $0) } ?? .unknown
    } else if ["draw", "tie"].contains(selection.lowercased()) {
      self = .draw
    } else {
      self = team(selection).map { .team(home: $0) } ?? .unknown
    }
  }
}
