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
    var staked: [Selection: (row: Int, price: Int)] = [:]
    for (r, row) in board.rows.enumerated() {
      for (i, p) in row.prices.enumerated() where p.advice.recommended {
        let key = Selection(player: row.player, stat: row.stat, side: p.offer.side)
        guard let (br, bi) = staked[key] else {
          staked[key] = (r, i)
          continue
        }
        let best = board.rows[br].prices[bi]
        if p.advice.stake > best.advice.stake
          || (p.advice.stake == best.advice.stake && p.offer.price.decimal > best.offer.price.decimal)
        {
          staked[key] = (r, i)
        }
      }
    }
    let kept = Set(staked.values.map { "\($0.row) \($0.price)" })
    var card = board
    var total = 0.0
    for r in card.rows.indices {
      for i in card.rows[r].prices.indices where card.rows[r].prices[i].advice.recommended {
        if kept.contains("\(r) \(i)") {
          total += card.rows[r].prices[i].advice.stake
        } else {
          card.rows[r].prices[i].advice = card.rows[r].prices[i].advice.withholding(.sameSelectionStaked)
        }
      }
    }
    scaledToCap = total > policy.maxExposure
    if scaledToCap {
      let factor = policy.maxExposure / total
      for r in card.rows.indices {
        for i in card.rows[r].prices.indices where card.rows[r].prices[i].advice.recommended {
          card.rows[r].prices[i].advice = card.rows[r].prices[i].advice.scaled(factor)
        }
      }
      total = policy.maxExposure
    }
    self.board = card
    totalExposure = total
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
