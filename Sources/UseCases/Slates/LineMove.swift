import Simulation

/// What changed for one game between two evaluations of a watched slate: its lines and prices
/// (line movement) and its verdicts. Only games with a change get one.
package struct LineMove: Sendable {
  package enum Kind: String, Sendable, Codable {
    /// The game was not in the previous poll.
    case new
    /// A line, a price, a verdict or the error changed.
    case moved
    /// The game is no longer in the feed.
    case removed
  }

  package struct Change: Hashable, Sendable, Codable {
    /// total, spread, moneyline, verdict, or error.
    package let market: String
    /// line, over, under, home, away (prices as decimal odds), or the verdict's name.
    package let field: String
    package let from: String?
    package let to: String?
  }

  package let gameID: String
  package let game: String
  package let kind: Kind
  package let changes: [Change]
  /// The game as evaluated now (nil when removed).
  package let result: SlateGameResult?

  /// Moves from `old` to `new`, games matched by `game_id`, in the order of `new` then removed.
  package static func moves(from old: [SlateGameResult], to new: [SlateGameResult]) -> [LineMove] {
    let before = Dictionary(old.map { ($0.gameID, $0) }, uniquingKeysWith: { a, _ in a })
    var out: [LineMove] = []
    for game in new {
      guard let previous = before[game.gameID] else {
        out.append(LineMove(gameID: game.gameID, game: label(game), kind: .new, changes: [], result: game))
        continue
      }
      let changes = compare(previous, game)
      if !changes.isEmpty {
        out.append(LineMove(gameID: game.gameID, game: label(game), kind: .moved, changes: changes, result: game))
      }
    }
    let now = Set(new.map(\.gameID))
    for game in old where !now.contains(game.gameID) {
      out.append(LineMove(gameID: game.gameID, game: label(game), kind: .removed, changes: [], result: nil))
    }
    return out
  }

  static func label(_ g: SlateGameResult) -> String {
    guard let h = g.homeAbbr, let a = g.awayAbbr else { return g.gameID }
    return "\(a)@\(h)"
  }

  static func compare(_ a: SlateGameResult, _ b: SlateGameResult) -> [Change] {
    var out: [Change] = []
    func add(_ market: String, _ field: String, _ x: String?, _ y: String?) {
      if x != y { out.append(Change(market: market, field: field, from: x, to: y)) }
    }
    func n(_ x: Double?) -> String? { x.map { String($0) } }
    add("total", "line", n(a.line), n(b.line))
    add("total", "over", n(a.overOdds), n(b.overOdds))
    add("total", "under", n(a.underOdds), n(b.underOdds))
    add("spread", "line", n(a.spread?.homeLine), n(b.spread?.homeLine))
    add("spread", "home", n(a.spread?.homeOdds), n(b.spread?.homeOdds))
    add("spread", "away", n(a.spread?.awayOdds), n(b.spread?.awayOdds))
    add("moneyline", "home", n(a.moneyline?.homeOdds), n(b.moneyline?.homeOdds))
    add("moneyline", "away", n(a.moneyline?.awayOdds), n(b.moneyline?.awayOdds))
    add("verdict", "total", a.verdict.rawValue, b.verdict.rawValue)
    add("verdict", "spread", a.spread?.recommendedBet, b.spread?.recommendedBet)
    add("verdict", "moneyline", a.moneyline?.recommendedBet, b.moneyline?.recommendedBet)
    add("error", "error", a.error, b.error)
    return out
  }
}
