import FantasyTrade
import Foundation
import ServiceContracts

/// The readable tables of `mcsim trade`.
package enum TradeTable {
  package static func render(_ r: TradeReport) -> String {
    let o = r.original
    var lines = [
      "Trade score \(f1(o.tradeScore)): \(TradeWording.text(o.verdict)). \(TradeWording.text(o.recommendation)).",
      "",
      pad("", 22) + pad("in", 12, right: true) + pad("out", 12, right: true),
      row(
        "projected scores", o.projectedScores.playerIn.map(f0).joined(separator: " "),
        o.projectedScores.playerOut.map(f0).joined(separator: " "), wide: true),
      row("price after 5 rounds", money(o.projectedPrices.playerIn.last), money(o.projectedPrices.playerOut.last)),
      "",
      "scoring_score \(f1(o.scoringScore))   cash_score \(f0(o.cashScore))   overall_score \(f1(o.overallScore))"
        + "   weights \(f1(o.scoreBreakdown.scoringWeight))% points / \(f1(o.scoreBreakdown.cashWeight))% cash",
    ]
    if let s = r.simulation {
      lines += [
        "",
        "Simulated \(s.nSimulations) draws (seed \(s.seed); score_sd in \(f1(s.scoreSD.playerIn)), out \(f1(s.scoreSD.playerOut)))",
        pad("", 16) + ["mean", "sd", "p5", "p25", "p50", "p75", "p95"].map { pad($0, 10, right: true) }.joined(),
        distribution("trade_score", s.tradeScore),
        distribution("overall_score", s.overallScore),
        distribution("points gained", s.pointsGained),
        distribution("cash gained", s.cashGained, digits: 0),
        "",
        "confidence (trade beats keeping) \(f3(s.confidence)) +- \(f3(s.confidenceSE))",
      ]
    }
    let f = r.factors
    lines += [
      "score \(f1(r.score))   form \(f3(f.formFactor))   price \(f3(f.priceFactor))   fixture \(f3(f.fixtureFactor))"
        + "   ownership \(f3(f.ownershipFactor))   injury_risk \(f3(f.injuryRisk))",
      "",
    ]
    lines += TradeWording.text(o.explanations).map { "- " + $0 }
    return lines.joined(separator: "\n")
  }

  package static func render(_ r: TradeSearchResult) -> String {
    var lines = [
      "\(r.nCandidates) legal trades of \(r.nSquad) squad players for \(r.nPool) pool players, budget \(money(r.budget)), "
        + "round \(r.context.roundNumber); "
        + (r.nSimulations.map { "\($0) draws, seed \(r.seed ?? 0)" } ?? "deterministic"),
      "",
      pad("#", 4) + pad("in", 22) + pad("out", 22) + pad("cost", 11, right: true) + pad("gain", 9, right: true)
        + pad("points", 9, right: true) + pad("cash", 10, right: true) + pad("conf", 7, right: true)
        + pad("score", 7, right: true) + "  verdict",
    ]
    for t in r.trades {
      lines.append(
        pad("\(t.rank)", 4) + pad(t.playerIn.name, 22) + pad(t.playerOut.name, 22) + pad(money(t.netCost), 11, right: true)
          + pad(f1(t.expectedGain), 9, right: true) + pad(f1(t.expectedPointsGained), 9, right: true)
          + pad(money(t.expectedCashGained), 10, right: true) + pad(f3(t.confidence), 7, right: true)
          + pad(f1(t.score), 7, right: true) + "  " + TradeWording.text(t.verdict))
    }
    if !r.skipped.isEmpty { lines += ["", "\(r.skipped.count) players skipped (listed on stderr)"] }
    return lines.joined(separator: "\n")
  }

  private static func distribution(_ name: String, _ d: OutcomeDistribution, digits: Int = 1) -> String {
    let p = d.percentiles
    let format = "%.\(digits)f"
    return pad(name, 16)
      + [d.mean, d.sd, p.p5, p.p25, p.p50, p.p75, p.p95].map { pad(String(format: format, $0), 10, right: true) }.joined()
  }

  private static func row(_ name: String, _ a: String, _ b: String, wide: Bool = false) -> String {
    wide ? pad(name, 22) + "in " + a + "   out " + b : pad(name, 22) + pad(a, 12, right: true) + pad(b, 12, right: true)
  }

  private static func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
    let cut = String(s.prefix(width - 1))
    let fill = String(repeating: " ", count: max(0, width - cut.count))
    return right ? fill + cut : cut + fill
  }

  private static func money(_ x: Double?) -> String {
    guard let x else { return "-" }
    return (x < 0 ? "-$" : "$") + Int(abs(x).rounded()).formatted(.number.grouping(.automatic))
  }

  private static func f0(_ x: Double) -> String { String(format: "%.0f", x) }
  private static func f1(_ x: Double) -> String { String(format: "%.1f", x) }
  private static func f3(_ x: Double) -> String { String(format: "%.3f", x) }
}
