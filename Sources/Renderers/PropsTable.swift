import Foundation
import OddsMath
import Simulation
import UseCases

/// The readable report of `mcsim props`: per offered line the simulated probabilities and the
/// best price on each side with its EV and Kelly stake, then the team totals simulated alongside,
/// the card's stakes and their total, and the players offered without a projection.
package struct PropsTable {
  package let card: PropCard
  package let event: String

  package init(_ card: PropCard, event: String) {
    self.card = card
    self.event = event
  }

  package func render() -> String {
    let board = card.board, policy = card.policy
    let r = board.result, game = r.parlay.games[0]
    var out: [String] = []
    out.append(
      "mcsim props · \(event) · \(Fmt.counted(board.rows.count, "line")) · \(Fmt.counted(Int(r.simulations), "simulation")) · seed \(r.options.seed)")
    out.append(
      "Game     home \(Fmt.fixed(game.homeMean, 1)) ± \(Fmt.fixed(game.homeSD, 1)) · away \(Fmt.fixed(game.awayMean, 1)) ± \(Fmt.fixed(game.awaySD, 1)) · rho \(Fmt.fixed(game.correlation, 2))"
    )
    out.append("")
    let width = max(14, (board.rows.map { $0.player.count + $0.stat.rawValue.count + 1 }.max() ?? 0) + 2)
    out.append(
      ParlayTable.pad("prop", width) + ParlayTable.pad("line", 7) + ParlayTable.pad("p_over", 8) + ParlayTable.pad("p_under", 8)
        + ParlayTable.pad("p_push", 8) + ParlayTable.pad("best over (EV, stake)", policy.bankroll != 1 ? 54 : 44) + "best under (EV, stake)")
    func best(_ row: PropBoard.Row, _ side: ParlayLeg.Side) -> String {
      guard let b = row.prices.filter({ $0.offer.side == side }).max(by: { $0.offer.price.decimal < $1.offer.price.decimal })
      else { return "–" }
      return "\(b.offer.book) \(Fmt.price(b.offer.price.decimal)) (\(Fmt.signed(b.evaluation.expectedValue, 3)), \(AdviceText.cell(b.advice)))"
    }
    for row in board.rows {
      out.append(
        ParlayTable.pad("\(row.player) \(row.stat.rawValue)", width) + ParlayTable.pad(Fmt.line(row.line), 7)
          + ParlayTable.pad(Fmt.fixed(row.pOver, 4), 8) + ParlayTable.pad(Fmt.fixed(row.pUnder, 4), 8)
          + ParlayTable.pad(Fmt.fixed(row.pPush, 4), 8) + ParlayTable.pad(best(row, .over), policy.bankroll != 1 ? 54 : 44) + best(row, .under))
    }
    out.append("")
    out.append(
      "Team totals simulated alongside: "
        + board.teamTotals.map { "\($0.team.rawValue) over \(Fmt.line($0.line)) \(Fmt.fixed($0.pOver, 4))" }.joined(separator: " · "))
    let defaulted = r.defaultedCorrelations
    if !defaulted.isEmpty {
      out.append(
        "Default correlation with team points: " + defaulted.map { "\($0.quantity) \(Fmt.fixed($0.correlation, 2))" }.joined(separator: ", "))
    }
    let pairs = r.parlay.defaultedStatCorrelations
    if !pairs.isEmpty {
      out.append(
        "Default correlation of one player's stats (rules of thumb): "
          + pairs.map { "\($0.first) ~ \($0.second) \(Fmt.fixed($0.correlation, 2))" }.joined(separator: ", "))
    }
    let defaultSDs = r.parlay.players.filter(\.sdIsDefault)
    if !defaultSDs.isEmpty {
      let ratios = PlayerStat.allCases.map { "\($0.rawValue) \(Fmt.fixed($0.defaultSDRatio, 2))" }.joined(separator: ", ")
      out.append(
        "Default sd (a fraction of the season average: \(ratios)): "
          + defaultSDs.map { "\($0.quantityName) \(Fmt.fixed($0.sd, 1))" }.joined(separator: ", "))
    }
    let advised = board.rows.flatMap { row in row.prices.filter { $0.advice.recommended }.map { (row, $0) } }
    out.append("")
    if advised.isEmpty {
      out.append("Advice   no price is staked (simulated probabilities: a stake needs its EV interval above 0 and narrower than the policy's limit)")
    } else {
      for (row, b) in advised {
        out.append(
          "Advice   \(row.player) \(row.stat.rawValue) \(b.offer.side.rawValue) \(Fmt.line(row.line)) @ \(b.offer.book) \(Fmt.price(b.offer.price.decimal)): "
            + AdviceText.stake(b.advice))
      }
      let total = Fmt.stake(card.totalExposure, bankroll: policy.bankroll)
      out.append(
        "Exposure \(total) of bankroll in all"
          + (card.scaledToCap
            ? ", every stake scaled down to the cap of \(Fmt.percent(policy.maxExposure, 1))" : " (cap \(Fmt.percent(policy.maxExposure, 1)))"))
    }
    out.append(
      "Stakes   \(policy.kelly.fraction) x Kelly, at most \(Fmt.percent(policy.kelly.cap, 1)) a bet, one bet a selection (player, stat, side: its largest stake among books and lines); withheld when the EV interval reaches 0 or the model is more than \(Fmt.percent(policy.maxMarketGap, 0)) from the line's consensus devigged price"
    )
    if !board.unpriced.isEmpty {
      out.append("Not priced (no projection): \(board.unpriced.joined(separator: ", "))")
    }
    return out.joined(separator: "\n")
  }
}
