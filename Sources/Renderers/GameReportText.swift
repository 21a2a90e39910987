import Foundation
import OddsMath
import ServiceContracts
import Simulation

/// The readable report of `mcsim run`.
package struct GameReportText {
  package let report: GameReport

  package init(_ report: GameReport) { self.report = report }

  /// The periods asked for: each one's means and spreads, its lines' probabilities on whole
  /// points (each team's total too), and its three-way moneyline.
  func periodLines() -> [String] {
    guard !report.periods.isEmpty else { return [] }
    var out = ["", "Periods  the quarter model's exact normal probabilities on whole points"]
    for p in report.periods {
      let s = p.scores, ml = s.moneyline
      out.append(
        "  \(Fmt.pad(p.period.rawValue, 4)) home \(Fmt.fixed(s.homeMean, 1)) · away \(Fmt.fixed(s.awayMean, 1)) · total \(Fmt.fixed(s.meanTotal, 1)) ± \(Fmt.fixed(s.totalSD, 1)) · margin \(s.meanMargin >= 0 ? "+" : "")\(Fmt.fixed(s.meanMargin, 1)) ± \(Fmt.fixed(s.marginSD, 1))"
      )
      if let line = p.totalLine {
        let t = s.total(line)
        out.append("       total \(Fmt.line(line)): over \(Fmt.fixed(t.over, 4)) · under \(Fmt.fixed(t.under, 4)) · push \(Fmt.fixed(t.push, 4))")
      }
      if let spread = p.spread {
        let c = s.homeSpread(spread)
        out.append(
          "       home \(spread > 0 ? "+" : "")\(PlainNumber.text(spread)): cover \(Fmt.fixed(c.cover, 4)) · away covers \(Fmt.fixed(c.lose, 4)) · push \(Fmt.fixed(c.push, 4))"
        )
      }
      out.append("       moneyline: home \(Fmt.fixed(ml.home, 4)) · away \(Fmt.fixed(ml.away, 4)) · level \(Fmt.fixed(ml.tie, 4))")
      for home in [true, false] {
        guard let line = p.teamTotal(home: home) else { continue }
        let t = s.teamTotal(home: home, line)
        out.append(
          "       \(home ? "home" : "away") total \(Fmt.line(line)): over \(Fmt.fixed(t.over, 4)) · under \(Fmt.fixed(t.under, 4)) · push \(Fmt.fixed(t.push, 4))"
        )
      }
      for (market, team, advice) in p.advice.markets {
        guard let advice else { continue }
        let name = (team.map { "\($0.rawValue) " } ?? "") + market.rawValue
        out.append("       \(name) advice: " + advice.sides.map { AdviceText.side($0) }.joined(separator: " · "))
      }
    }
    return out
  }

  package func render() -> String {
    let s = report.simulation, m = s.model, e = report.evMetrics, a = report.analytic
    var out: [String] = []
    out.append(
      "mcsim run · \(Fmt.counted(s.nSimulations, "simulation")) · seed \(s.seed) · \(s.threads) thread\(s.threads == 1 ? "" : "s") · \(Fmt.fixed(s.elapsedMs, 1)) ms"
    )
    out.append("")
    out.append(
      "Model    \(m.distribution == "normal" ? "bivariate normal" : "bivariate skew-normal (skewness \(Fmt.fixed(m.skewness, 2)))"), rho \(Fmt.fixed(m.correlation, 2))\(m.scoreFloor.map { ", scores floored at \($0)" } ?? "")"
    )
    out.append(
      "         home \(Fmt.fixed(m.homeMean, 1)) ± \(Fmt.fixed(m.homeStdDev, 1)) · away \(Fmt.fixed(m.awayMean, 1)) ± \(Fmt.fixed(m.awayStdDev, 1)) · projected total \(Fmt.fixed(m.homeMean + m.awayMean, 1))"
    )
    out.append("         overtime \(overtimeText(m))")
    if let live = report.inPlay {
      let st = live.state
      out.append(
        "In play  \(st.periodLabel) \(st.clock) · home \(st.homeScore) · away \(st.awayScore) · still to come: home \(Fmt.fixed(live.remainingHome, 1)) · away \(Fmt.fixed(live.remainingAway, 1)) · total \(Fmt.fixed(live.remainingTotal, 1))"
      )
      out.append("         (the model above is the final score's: the score so far plus the rest, given the state)")
    }
    out.append("Line     \(Fmt.line(s.inputs.totalLine)) · over \(Fmt.price(s.inputs.overOdds)) · under \(Fmt.price(s.inputs.underOdds))")
    out.append("")
    out.append(
      "Total    mean \(Fmt.fixed(s.meanTotal, 2)) · median \(Fmt.fixed(s.medianTotal, 1)) · std \(Fmt.fixed(s.stdTotal, 2)) · min \(s.minTotal) · max \(s.maxTotal)"
    )
    out.append("         " + Percentiles.levels.map { "p\($0) \(Fmt.fixed(s.percentiles[$0] ?? .nan, 1))" }.joined(separator: " · "))
    out.append(contentsOf: histogramLines())
    out.append("")
    out.append("                 simulated   95% interval          exact")
    out.append(row("p_over", s.pOver, s.overInterval, a?.pOver))
    out.append(row("p_under", s.pUnder, s.underInterval, a?.pUnder))
    out.append(row("p_push", s.pPush, nil, a?.pPush))
    out.append(row("overtime", s.overtimeShare, nil, a?.otProbability))
    out.append(row("home win", s.pHomeWin, s.homeWinInterval, a?.pHomeWin))
    if s.pTie > 0 { out.append(row("tie", s.pTie, nil, nil)) }
    if a == nil {
      out.append(
        abs(m.skewness) > ExactScoreDistribution.maxExactSkewness
          ? "  (no exact distribution for |skewness| above \(ExactScoreDistribution.maxExactSkewness): exact column omitted)"
          : "  (exact column not asked for)")
    }
    out.append(
      "Margin   home − away: mean \(Fmt.signed(s.margin.mean, 2)) · std \(Fmt.fixed(s.margin.std, 2)) · "
        + [5, 25, 50, 75, 95].map { "p\($0) \(Fmt.signed(s.margin.percentiles[$0] ?? .nan, 1))" }.joined(separator: " · "))
    out.append("")
    let advice = report.advice
    out.append(
      advice.source == .exact
        ? "Advice on the exact probabilities (the simulated EV beside them)"
        : "Advice on the simulated probabilities (no exact answer used): 95% interval of EV")
    out.append("         EV/unit    edge   implied   Kelly full   Kelly stake   " + (advice.source == .exact ? "simulated EV" : "EV interval"))
    for (side, row) in zip(
      advice.sides,
      [
        evRow("over", e.evOver, e.edgeOver, e.impliedOver, e.kellyOverFull, e.kellyOverFractional),
        evRow("under", e.evUnder, e.edgeUnder, e.impliedUnder, e.kellyUnderFull, e.kellyUnderFractional),
      ])
    {
      let extra =
        side.evInterval.map { "[\(Fmt.signedPercent($0[0], 2)), \(Fmt.signedPercent($0[1], 2))]" }
        ?? Fmt.signedPercent(side.simulatedEV, 2)
      out.append(row + "   " + extra)
    }
    for side in advice.sides {
      var words: [String] = []
      if let m = side.market, let gap = side.marketGap {
        words.append(
          "market \(Fmt.percent(m.probability, 1)) (\(m.method.rawValue.replacingOccurrences(of: "_", with: " "))), model \(Fmt.signedPercent(gap, 1)) from it"
        )
      }
      if !side.withheld.isEmpty {
        words.append("withheld: " + side.withheld.map(\.rawValue).joined(separator: ", "))
      } else if side.stake > 0 && report.policy.bankroll != 1 {
        words.append(
          "stake \(Fmt.percent(side.stake, 2)) = \(Fmt.fixed(side.stake * report.policy.bankroll, 2)) of bankroll \(Fmt.fixed(report.policy.bankroll, 2))"
        )
      }
      if let n = side.simulationsNeeded, side.withheld.contains(.tooFewSimulations) || side.withheld.contains(.evIntervalIncludesZero) {
        words.append("about \(Fmt.count(n)) simulations would be needed to advise")
      }
      if !words.isEmpty { out.append("  \(side.side.rawValue): " + words.joined(separator: " · ")) }
    }
    out.append("")
    out.append(
      "Lean     \(report.direction.rawValue) (\(Fmt.percent(report.ourProbability, 1))) · recommendation \(e.recommendedBet.rawValue) · verdict \(report.verdict.rawValue)"
    )
    let policy = report.policy
    out.append("         grades: STRONG_BET EV > 6%, BET > 3%, LEAN > 0 (verdict STRONG / LEAN / NEUTRAL on the same grades)")
    out.append(
      "         stake \(policy.kelly.fraction) x Kelly, at most \(Fmt.percent(policy.kelly.cap, 1)); market gap limit \(Fmt.percent(policy.maxMarketGap, 0))\(policy.trustModel ? " (trust-model)" : "")\(policy.blend < 1 ? "; blend \(policy.blend) model" : "") · config: \(policy.configFile ?? "none read")"
    )
    if let scenarios = report.scenarios {
      out.append("")
      out.append(
        "Scenarios (\(Fmt.counted(max(1, s.nSimulations / 2), "simulation")) each, common random numbers; each a move from this game's parameters)")
      out.append("                     p_over   p_under      mean     std   variant")
      for e in scenarios.entries {
        out.append(
          "  " + Fmt.pad(e.variant.name, 17) + Fmt.left(Fmt.fixed(e.pOver, 4), 9) + Fmt.left(Fmt.fixed(e.pUnder, 4), 10)
            + Fmt.left(Fmt.fixed(e.meanTotal, 2), 10) + Fmt.left(Fmt.fixed(e.stdTotal, 2), 8) + "   " + e.definition(from: scenarios.base))
      }
      out.append(
        "  p_under ranges over \(Fmt.fixed(scenarios.summary.pUnderMin, 4)) … \(Fmt.fixed(scenarios.summary.pUnderMax, 4)) (spread \(Fmt.fixed(scenarios.summary.pUnderSpread, 4)))"
      )
    }
    if let conditional = report.conditionalScenarios {
      out.append("")
      out.append("Given the outcome (read off the same simulated games; exact model beside)")
      out.append("                       P(given)   exact   p_over  95% interval        exact    mean total")
      for e in conditional.entries {
        let interval = e.pOver.map { "[\(Fmt.fixed($0.lower, 4)), \(Fmt.fixed($0.upper, 4))]" } ?? "–"
        out.append(
          "  " + Fmt.pad(e.condition.name, 18) + Fmt.left(e.probability.map { Fmt.fixed($0, 4) } ?? "–", 10)
            + Fmt.left(e.exactProbability.map { Fmt.fixed($0, 4) } ?? "–", 8) + Fmt.left(e.pOver.map { Fmt.fixed($0.value, 4) } ?? "–", 9)
            + "  " + Fmt.pad(interval, 18) + Fmt.left(e.exactPOver.map { Fmt.fixed($0, 4) } ?? "–", 7)
            + Fmt.left((e.meanTotal ?? e.exactMeanTotal).map { Fmt.fixed($0, 2) } ?? "–", 13))
      }
      out.append(
        "  close: |margin| <= \(ConditionalScenarios.closeMargin); blowout: |margin| >= \(ConditionalScenarios.blowoutMargin); overtime: the games that went to overtime"
      )
    }
    if let sensitivity = report.sensitivity {
      out.append("")
      out.append("Sensitivity of P(under), per point (central differences of ±5%, common random numbers)")
      out.append("                    slope   std err    exact")
      for p in sensitivity.parameters {
        let slope = p.sensitivityPerPoint ?? p.sensitivityPerStd ?? 0
        out.append(
          "  " + Fmt.pad(p.input.name, 15) + Fmt.left(Fmt.signedPercent(slope, 2), 9)
            + Fmt.left((p.standardErrorIsBound ? "≤" : "") + Fmt.percent(p.standardError, 2), 10)
            + Fmt.left(p.exactSensitivity.map { Fmt.signedPercent($0, 2) } ?? "–", 9) + "   \(p.interpretation)")
      }
      out.append("  std err: exact where every game moves one way (projections, overtime not tie), else an upper bound (≤)")
      out.append(
        "  most influential: \(sensitivity.ranking.order.map(\.name).joined(separator: ", ")) (\(sensitivity.ranking.dominant.name) dominates)")
    }
    out.append(contentsOf: periodLines())
    return out.joined(separator: "\n")
  }

  private func overtimeText(_ m: ModelDescription) -> String {
    switch m.otModel {
    case "flat": "flat: \(Fmt.percent(m.otRate, 1)) of games gain \(Fmt.fixed(m.otPoints, 1)) ± \(Fmt.fixed(m.otSd, 1)) points"
    case "tie": "tie: periods of \(Fmt.fixed(m.otPoints, 1)) ± \(Fmt.fixed(m.otSd, 1)) points until a team leads"
    default: "none"
    }
  }

  private func row(_ name: String, _ p: Double, _ ci: ClosedRange<Double>?, _ exact: Double?) -> String {
    let interval = ci.map { "[\(Fmt.fixed($0.lowerBound, 4)), \(Fmt.fixed($0.upperBound, 4))]" } ?? ""
    return "  " + Fmt.pad(name, 13) + Fmt.left(Fmt.fixed(p, 4), 10) + "   " + Fmt.pad(interval, 20)
      + Fmt.left(exact.map { Fmt.fixed($0, 4) } ?? "", 8)
  }

  private func evRow(_ side: String, _ ev: Double, _ edge: Double, _ implied: Double, _ full: Double, _ stake: Double) -> String {
    "  " + Fmt.pad(side, 6) + Fmt.left(Fmt.signedPercent(ev, 2), 9) + Fmt.left(Fmt.signedPercent(edge, 2), 9)
      + Fmt.left(Fmt.percent(implied, 2), 10) + Fmt.left(Fmt.percent(full, 2), 13) + Fmt.left(Fmt.percent(stake, 2), 14)
  }

  /// The total's distribution as horizontal bars, in 5-point bins or wider ones when the sd
  /// would make more than 24 lines; bins under 0.5% are left out (the tails).
  private func histogramLines() -> [String] {
    let bins = HistogramBin.merged(report.totalHistogram, maxCount: 24, visible: 0.005).filter { $0.p >= 0.005 }
    guard let peak = bins.map(\.p).max(), peak > 0 else { return [] }
    return bins.map { bin in
      let width = Int((bin.p / peak * 40).rounded())
      return "  \(Fmt.left("\(bin.from)–\(bin.to)", 9)) \(String(repeating: "█", count: width))\(width == 0 ? "▏" : "") \(Fmt.percent(bin.p, 1))"
    }
  }
}

/// Number formatting for tables.
package enum Fmt {
  package static func fixed(_ x: Double, _ digits: Int) -> String {
    x.isFinite ? PrintfNumber.format("%.\(digits)f", x) : "\(x)"
  }
  package static func signed(_ x: Double, _ digits: Int) -> String { PrintfNumber.format("%+.\(digits)f", x) }
  package static func percent(_ p: Double, _ digits: Int) -> String { PrintfNumber.format("%.\(digits)f%%", 100 * p) }
  /// A stake as a percentage of the bankroll, and in money beside it when there is a bankroll
  /// (one other than 1): "2.02% = 20.25". Every table and page writes a stake so, but for the
  /// columns of fractions (the sweep's, the props cell's) that stand beside Kelly fractions.
  package static func stake(_ fraction: Double, bankroll: Double) -> String {
    percent(fraction, 2) + (bankroll == 1 ? "" : " = \(fixed(fraction * bankroll, 2))")
  }
  package static func signedPercent(_ p: Double, _ digits: Int) -> String { PrintfNumber.format("%+.\(digits)f%%", 100 * p) }
  package static func count(_ n: Int) -> String {
    let digits = String(n)
    var out = ""
    for (i, c) in digits.enumerated() {
      if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(c)
    }
    return out
  }
  /// A count with its noun, singular for one: "1 simulation", "10,000 simulations", "2 legs".
  package static func counted(_ n: Int, _ noun: String) -> String { "\(count(n)) \(noun)\(n == 1 ? "" : "s")" }
  package static func line(_ x: Double) -> String { x == x.rounded() ? String(format: "%.0f", x) : String(format: "%g", x) }
  /// A spread as bettors write it: +3.5, -7, PK for zero.
  package static func signedLine(_ x: Double) -> String { x == 0 ? "PK" : (x > 0 ? "+" : "") + line(x) }
  /// A decimal price with its American equivalent.
  package static func price(_ decimal: Double) -> String {
    guard let odds = try? Odds(decimal: decimal) else { return "\(decimal)" }
    return String(format: "%.3f (%+.0f)", decimal, odds.american)
  }
  package static func pad(_ s: String, _ width: Int) -> String {
    s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
  }
  package static func left(_ s: String, _ width: Int) -> String {
    s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
  }
}
