import ServiceContracts
import OddsMath
import Simulation
import UseCases

/// The player-prop offers of a feed event, in the engine's terms: The Odds API's prop markets
/// (`player_points`, `player_rebounds`, `player_assists`, `player_threes`,
/// `player_points_rebounds_assists`) as `Feed` reads them (`<market> <player>`, the player's
/// spellings across books merged), one `PropOffer` per book price.
package enum PropOffers {
  package static let stats: [String: PlayerStat] = [
    "player_points": .points, "player_rebounds": .rebounds, "player_assists": .assists, "player_threes": .threes,
    "player_points_rebounds_assists": .pra,
  ]

  /// The offers of `event`, and the prop markets left out (a stat mcsim does not model).
  package static func read(_ event: FeedEvent) -> (offers: [PropOffer], skipped: [String]) {
    var offers: [PropOffer] = []
    var skipped = Set<String>()
    for q in event.quotes where q.market.hasPrefix("player_") {
      guard let space = q.market.firstIndex(of: " ") else { continue }
      let key = String(q.market[..<space]), player = String(q.market[q.market.index(after: space)...])
      guard let stat = stats[key] else {
        skipped.insert(key)
        continue
      }
      guard let line = q.line, let side = ParlayLeg.Side(rawValue: q.selection.lowercased()) else { continue }
      offers.append(PropOffer(player: player, stat: stat, side: side, line: line, book: q.book, price: q.price))
    }
    return (offers, skipped.sorted())
  }
}
