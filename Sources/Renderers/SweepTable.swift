import OddsMath
import Foundation
import Simulation

/// The readable report of `mcsim sweep`: one row per grid point (simulated value, its 95%
/// interval, the exact value), then the break-even line and price of each curve.
package struct SweepTable {
  package let sweep: ParameterSweep

  package init(_ sweep: ParameterSweep) { self.sweep = sweep }

  package func render() -> String {
    let s = sweep, m = s.base, o = s.options
    var out: [String] = []
    let swept = s.axes.map { "\($0.parameter.rawValue) (\($0.values.count))" }.joined(separator: " × ")
    out.append(
      "mcsim sweep · \(swept) · \(Fmt.counted(o.simulations, "simulation")) per model · \(Fmt.counted(s.curves.count, "model")) on common random numbers · seed \(o.seed)"
    )
    out.append(
      "Base     home \(Fmt.fixed(m.homeMean, 1)) ± \(Fmt.fixed(m.homeSD, 1)) · away \(Fmt.fixed(m.awayMean, 1)) ± \(Fmt.fixed(m.awaySD, 1)) · rho \(Fmt.fixed(m.correlation, 2)) · overtime \(m.overtime.kind.rawValue)\(m.skewness != 0 ? " · skew \(Fmt.fixed(m.skewness, 2))" : "")"
    )
    out.append(
      "Prices   over \(Fmt.price(s.market.overOdds.decimal)) · under \(Fmt.price(s.market.underOdds.decimal))\(s.offeredLine.map { " · offered line \(Fmt.line($0))" } ?? "")"
    )
    out.append(
      "Timing   simulation \(Fmt.fixed(s.simulationSeconds * 1000, 1)) ms · reading every point \(Fmt.fixed(s.evaluationSeconds * 1000, 3)) ms · exact \(Fmt.fixed(s.exactSeconds * 1000, 1)) ms"
    )
    out.append("")
    // With a bankroll each stake shows its money beside its fraction ("0.0168 = 16.80").
    let bankroll = s.points.first?.adviceOver.bankroll ?? 1
    let stakeWidth = bankroll != 1 ? 18 : 9
    if bankroll != 1 { out.append("Stakes   fraction of bankroll = money, of bankroll \(Fmt.fixed(bankroll, 2))") }
    let names = s.axes.map(\.parameter.rawValue)
    var header = names.map { Fmt.left($0, 9) }.joined()
    header +=
      Fmt.left("p_over", 9) + Fmt.left("95% interval", 18) + Fmt.left("exact", 8) + Fmt.left("p_under", 9)
      + Fmt.left("p_push", 8) + Fmt.left("dp/dline", 10) + Fmt.left("exact", 9) + Fmt.left("ev_over", 9)
      + Fmt.left("95% interval", 19) + Fmt.left("ev_under", 9) + Fmt.left("kelly_over_full", 17) + Fmt.left("kelly_under_full", 17)
      + Fmt.left("stake_o", stakeWidth) + Fmt.left("stake_u", stakeWidth)
    if s.spread != nil { header += Fmt.left("home_cov", 10) }
    if s.moneyline { header += Fmt.left("home_win", 10) }
    out.append(header)
    for p in s.points {
      var row = p.values.map { Fmt.left(Self.value($0), 9) }.joined()
      row += Fmt.left(Fmt.fixed(p.pOver.value, 4), 9) + Fmt.left(Self.interval(p.pOver, 4), 18)
      row += Fmt.left(p.exact.map { Fmt.fixed($0.pOver, 4) } ?? "–", 8)
      row += Fmt.left(Fmt.fixed(p.pUnder.value, 4), 9) + Fmt.left(Fmt.fixed(p.pPush.value, 4), 8)
      row += Fmt.left(Fmt.fixed(p.dpOverDLine.value, 4), 10) + Fmt.left(p.exact.map { Fmt.fixed($0.dpOverDLine, 4) } ?? "–", 9)
      row += Fmt.left(Fmt.signed(p.evOver.value, 4), 9) + Fmt.left(Self.interval(p.evOver, 4, signed: true), 19)
      row += Fmt.left(Fmt.signed(p.evUnder.value, 4), 9)
      row += Fmt.left(Fmt.fixed(p.kellyOver.value, 4), 17) + Fmt.left(Fmt.fixed(p.kellyUnder.value, 4), 17)
      row += Fmt.left(Self.stake(p.adviceOver), stakeWidth) + Fmt.left(Self.stake(p.adviceUnder), stakeWidth)
      if let c = p.spread { row += Fmt.left(Fmt.fixed(c.home.value, 4), 10) }
      if let w = p.moneyline { row += Fmt.left(Fmt.fixed(w.home.value, 4), 10) }
      out.append(row)
    }
    out.append("")
    out.append(
      "Break-even (EV = 0 at over \(Fmt.price(s.market.overOdds.decimal)) / under \(Fmt.price(s.market.underOdds.decimal))): simulated (exact)")
    for c in s.curves {
      let label = c.values.isEmpty ? "" : c.values.map { "\($0.parameter.rawValue) \(Self.value($0.value))" }.joined(separator: ", ") + ": "
      var text =
        "  \(label)over below line \(Self.optional(c.overLine, c.exactOverLine)) · under above line \(Self.optional(c.underLine, c.exactUnderLine))"
      if let line = s.offeredLine {
        text +=
          " · fair prices at \(Fmt.line(line)): over \(Self.optional(c.overPrice, c.exactOverPrice, digits: 3)), under \(Self.optional(c.underPrice, c.exactUnderPrice, digits: 3))"
      }
      out.append(text)
    }
    out.append("dp/dline: change in p_over per point of line, p_over(L + 0.5) - p_over(L - 0.5).")
    // A two-way moneyline under flat overtime loses on a level score, as the parlay says.
    let ties = s.points.compactMap { $0.moneyline?.push.value }
    if s.base.overtime.kind != .tie, let most = ties.max(), most > 0 {
      out.append(
        "home_win loses on a tie: P(tie) up to \(Fmt.fixed(most, 4)) across the sweep under overtime \(s.base.overtime.kind.rawValue), which lets it stand (--ot-model tie plays overtime until one team leads)."
      )
    }
    return out.joined(separator: "\n")
  }

  /// A side's advised stake (fraction of bankroll, and its money with a bankroll), or "held"
  /// when the policy withholds a bet with positive EV (the reasons are in the JSON), "-" when
  /// there is none.
  static func stake(_ a: SideAdvice) -> String {
    guard a.recommended else { return a.withheld.isEmpty ? "-" : "held" }
    return Fmt.fixed(a.stake, 4) + (a.stakeAmount.map { " = \(Fmt.fixed($0, 2))" } ?? "")
  }

  static func value(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e9 ? String(Int(x)) : String(format: "%g", x) }

  static func interval(_ e: SweepEstimate, _ digits: Int, signed: Bool = false) -> String {
    let f = signed ? { Fmt.signed($0, digits) } : { Fmt.fixed($0, digits) }
    return "[\(f(e.lower)), \(f(e.upper))]"
  }

  static func optional(_ sim: Double?, _ exact: Double?, digits: Int = 2) -> String {
    let a = sim.map { Fmt.fixed($0, digits) } ?? "none"
    return exact.map { "\(a) (\(Fmt.fixed($0, digits)))" } ?? a
  }
}
