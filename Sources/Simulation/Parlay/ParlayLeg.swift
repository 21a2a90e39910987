/// One leg of a parlay: a market on one game's final score, or on a player's stat line.
///
/// A leg wins when its condition holds strictly: over 225.5 wins on 226 or more; a whole line
/// that lands exactly (a push) is not a win, so a parlay with a pushed leg counts as not won
/// (the conservative reading; books that drop the pushed leg pay more). Alternate lines are the
/// same markets at other lines.
public struct ParlayLeg: Hashable, Sendable {
  public enum Side: String, Hashable, Sendable, CaseIterable {
    case over, under
  }

  public enum Team: String, Hashable, Sendable, CaseIterable {
    case home, away
  }

  public enum Market: Hashable, Sendable {
    /// The game's total points: over wins on total > line, under on total < line.
    case total(Side, line: Double)
    /// `team` covers the spread: its points + line > the other team's (home -3.5 wins by 4+).
    case spread(Team, line: Double)
    /// `team` wins outright (a tie, possible without the tie overtime model, is not a win).
    case moneyline(Team)
    /// One team's points over or under a line.
    case teamTotal(Team, Side, line: Double)
    /// A player's stat over or under a line (the player must be among the parlay's players).
    case player(name: String, stat: PlayerStat, Side, line: Double)
  }

  /// Index of the leg's game in `Parlay.games` (a player leg: his game).
  public var game: Int
  public var market: Market
  /// The leg as the user wrote it (`over:225.5`): errors and reports name it so.
  public var label: String

  public init(game: Int = 0, market: Market, label: String) {
    self.game = game
    self.market = market
    self.label = label
  }

  /// Whether the leg is on a player (and so needs the multivariate path).
  public var isPlayerLeg: Bool {
    if case .player = market { return true }
    return false
  }

  /// The line, if the market has one.
  public var line: Double? {
    switch market {
    case .total(_, let line), .spread(_, let line), .teamTotal(_, _, let line), .player(_, _, _, let line): line
    case .moneyline: nil
    }
  }
}
