import Foundation
import OddsMath
import Simulation

/// A game's props as a card of bets the advice policy stands behind (`PropsPricing`):
/// 1. every price is gated against the consensus devigged market of its line, the sharp books'
///    when one prices both sides, else every such book's (the median, as `FairOdds` and FairBet
///    take it), not against its own book's two prices;
/// 2. one selection (player, stat, side) is one bet: of its advised prices across books and
///    neighbouring lines, the one with the largest stake is staked (ties: the higher price), the
///    others are withheld `same_selection_staked`;
/// 3. when the stakes add up to more than the policy's `maxExposure`, all are scaled down by the
///    same factor to exactly that, as a slate's are.
package struct PropCard: Sendable {
  /// The board, each price's advice after the card's rules.
  package var board: PropBoard
  /// The card's stakes added up, a fraction of bankroll; whether they were scaled to the cap.
  package var totalExposure: Double
  package var scaledToCap: Bool
  package var policy: AdvicePolicy

  /// The total in money (the fraction when no bankroll was given).
  package var totalExposureAmount: Double { totalExposure * policy.bankroll }

  /// The card's rules (2 and 3) over a priced board.
  package init(_ board: PropBoard, policy: AdvicePolicy) {
    struct Selection: Hashable {
      let player: String
      let stat: PlayerStat
      let side: ParlayLeg.Side
    }
    struct Place: Hashable {
      let row: Int, price: Int
    }
    func offer(_ p: Place) -> (offer: PropOffer, evaluation: BetEvaluation, advice: SideAdvice) {
      board.rows[p.row].prices[p.price]
    }
    // Each selection's advised price with the largest stake (ties: the higher price).
    var best: [Selection: Place] = [:]
    for (r, row) in board.rows.enumerated() {
      for (i, p) in row.prices.enumerated() where p.advice.recommended {
        let key = Selection(player: row.player, stat: row.stat, side: p.offer.side)
        if let held = best[key].map(offer),
          (p.advice.stake, p.offer.price.decimal) <= (held.advice.stake, held.offer.price.decimal)
        {
          continue
        }
        best[key] = Place(row: r, price: i)
      }
    }
    // One bet a selection, scaled to the cap by the slate's rule (`SlateStakes`: a bet alone
    // keeps its single stake).
    let staked = best.values.sorted { ($0.row, $0.price) < ($1.row, $1.price) }
    let (stakes, scaled) = SlateStakes.stakes(staked.map { SlateStakes.Group(bets: [offer($0).advice]) }, policy: policy)
    let stakeAt = Dictionary(uniqueKeysWithValues: zip(staked, stakes.map { $0[0] }))
    var card = board
    for r in card.rows.indices {
      for i in card.rows[r].prices.indices where card.rows[r].prices[i].advice.recommended {
        let advice = card.rows[r].prices[i].advice
        card.rows[r].prices[i].advice =
          stakeAt[Place(row: r, price: i)].map(advice.staking) ?? advice.withholding(.sameSelectionStaked)
      }
    }
    self.board = card
    totalExposure = stakes.joined().reduce(0, +)
    scaledToCap = scaled
    self.policy = policy
  }

  /// Rule 1: each (player, stat, line)'s consensus devigged probability per side, by the fair-odds
  /// library's rule (`FairOdds`: reference books, power devig, median, renormalised).
  package static func consensus(_ offers: [PropOffer], policy: FairOddsPolicy) -> (PropOffer) -> MarketProbability? {
    let moment = Date(timeIntervalSince1970: 0)
    func market(_ o: PropOffer) -> String { "player_\(o.stat.rawValue) \(o.player)" }
    let quotes = offers.map { o in
      Quote(
        event: "props", market: market(o), selection: o.side.rawValue, line: o.line, book: o.book, price: o.price,
        observedAt: moment, category: .playerProp)
    }
    var table: [String: MarketProbability] = [:]
    for m in FairOdds.evaluate(quotes, policy: policy, asOf: moment).markets {
      guard let consensus = m.consensus, let method = MarketProbability.Method(m.evMethod) else { continue }
      for (k, selection) in m.selections.enumerated() {
        table["\(m.market)|\(m.lines[k].map { "\($0)" } ?? "")|\(selection)"] = MarketProbability(
          probability: consensus[k], method: method)
      }
    }
    return { o in table["\(market(o))|\(o.line)|\(o.side.rawValue)"] }
  }
}
