import Foundation
import OddsMath
import ServiceContracts
import UseCases

/// `mcsim fair`'s tables: every bet's fair price and best EV, each method side by side, and one
/// bet's math (`--explain`).
package enum FairTable {
  package static func render(_ report: FairOddsReport) -> String {
    var lines: [String] = []
    lines.append(
      "as of \(Timestamp.format(report.asOf)), devig \(report.policy.method.rawValue), sharp books \(report.policy.sharpBooks.joined(separator: " "))"
    )
    lines.append(
      OddsOutput.table(
        header: ["id", "bet", "fair p", "fair", "best", "EV", "books", "sharp", "withheld"],
        rows: report.bets.map { bet in
          let best = bet.best
          return [
            String(bet.id), bet.label,
            bet.fairProbability.map(OddsOutput.probability) ?? "-",
            bet.fairOdds.map { OddsOutput.american($0.american) } ?? "-",
            best.map { "\($0.book) \(OddsOutput.american($0.price.american))" } ?? "-",
            best?.evPercent.map { String(format: "%+.2f%%", $0) } ?? "-",
            String(bet.prices.count), bet.confidenceTier.rawValue, bet.disabledReason?.rawValue ?? "",
          ]
        },
        left: [1, 4, 7, 8]))
    return text(lines)
  }

  /// --method all: each bet's fair probability by every method, side by side.
  package static func render(sideBySide reports: [FairOddsReport]) -> String {
    var lines: [String] = []
    let first = reports[0]
    lines.append("as of \(Timestamp.format(first.asOf)), sharp books \(first.policy.sharpBooks.joined(separator: " ")); fair p by method")
    lines.append(
      OddsOutput.table(
        header: ["id", "bet"] + reports.map(\.policy.method.rawValue),
        rows: first.bets.indices.map { i in
          [String(first.bets[i].id), first.bets[i].label]
            + reports.map { r in
              r.bets.indices.contains(i) ? r.bets[i].fairProbability.map(OddsOutput.probability) ?? "-" : "-"
            }
        },
        left: [1]))
    return text(lines)
  }

  package static func render(_ e: BetExplanation) -> String {
    var lines: [String] = []
    let bet = e.bet
    lines.append("\(bet.label): \(bet.evMethod.rawValue), devig \(e.method.rawValue), confidence \(bet.confidenceTier.rawValue)")
    if e.references.isEmpty { lines.append("no reference book prices every side (\(e.selections.joined(separator: ", ")))") }
    for r in e.references {
      let note = r.excludedBecause.map { " [not used: \($0)]" } ?? ""
      lines.append("\(r.book)\(note)")
      for (i, selection) in e.selections.enumerated() {
        lines.append(
          "  \(selection): price \(OddsOutput.american(r.prices[i].american)) (\(OddsOutput.decimal(r.prices[i].decimal))), implied \(OddsOutput.probability(r.impliedProbabilities[i])), fair \(OddsOutput.probability(r.fairProbabilities[i]))"
        )
      }
      let parameter = r.parameter.map { ", \($0.name) = \(String(format: "%.6g", $0.value))" } ?? ""
      lines.append("  vig = sum(implied) - 1 = \(OddsOutput.percent(r.vig))\(parameter)")
    }
    if let consensus = e.consensus {
      lines.append("consensus (median of the books used, renormalised):")
      for (i, selection) in e.selections.enumerated() {
        let odds = e.consensusOdds[i]
        lines.append(
          "  \(selection): fair p \(OddsOutput.probability(consensus[i])), fair odds \(odds.map { "\(OddsOutput.decimal($0.decimal)) (\(OddsOutput.american($0.american)))" } ?? "-")"
        )
      }
    }
    if let reason = bet.disabledReason { lines.append("EV withheld: \(reason.rawValue)") }
    guard let best = e.best, let p = bet.fairProbability else { return text(lines) }
    let fee = best.fee > 0 ? " after a \(OddsOutput.percent(best.fee)) fee" : ""
    lines.append("best price: \(best.book) \(OddsOutput.american(best.price.american)) (\(OddsOutput.decimal(best.effectiveDecimal))\(fee))")
    if let ev = e.evPercentAtBest, let profit = e.expectedProfit {
      lines.append(
        "EV = \(OddsOutput.decimal(best.effectiveDecimal)) x \(OddsOutput.probability(p)) - 1 = \(String(format: "%+.2f%%", ev)): expected profit \(String(format: "%+.2f", profit)) on a stake of \(String(format: "%g", e.stake))"
      )
    }
    return text(lines)
  }

  private static func text(_ lines: [String]) -> String { lines.joined(separator: "\n") + "\n" }
}
