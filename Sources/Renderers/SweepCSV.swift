import Simulation

/// `mcsim sweep --csv` (RFC 4180): one row per grid point, the swept values first, then every
/// figure of the JSON's points as fractions; empty cells where a value does not exist. The
/// stakes say their unit as the slate's CSV does: `_frac` of bankroll, `_amount` in money
/// (the fraction times `--bankroll`, 1 by default).
package enum SweepCSV {
  package static func header(_ sweep: ParameterSweep) -> [String] {
    var h = sweep.axes.map(\.parameter.rawValue)
    if !sweep.axes.contains(where: { $0.parameter == .line }) { h.append("line") }
    h += [
      "over_odds", "under_odds", "p_over", "ci_95_over_lo", "ci_95_over_hi", "p_under", "ci_95_under_lo",
      "ci_95_under_hi", "p_push", "dp_over_dline", "se_dp_over_dline", "ev_over", "ci_95_ev_over_lo",
      "ci_95_ev_over_hi", "ev_under", "ci_95_ev_under_lo", "ci_95_ev_under_hi", "kelly_over_full",
      "ci_95_kelly_over_lo", "ci_95_kelly_over_hi", "kelly_under_full", "ci_95_kelly_under_lo",
      "ci_95_kelly_under_hi", "break_even_over_price", "break_even_under_price", "exact_p_over", "exact_p_under",
      "exact_p_push", "exact_dp_over_dline", "exact_ev_over", "exact_ev_under", "stake_over_frac", "stake_over_amount",
      "stake_under_frac", "stake_under_amount",
    ]
    if sweep.spread != nil { h += ["p_home_cover", "p_away_cover", "p_spread_push"] }
    if sweep.moneyline { h += ["p_home_win", "p_away_win", "p_tie"] }
    return h
  }

  package static func render(_ sweep: ParameterSweep) -> String {
    var lines = [header(sweep).joined(separator: ",")]
    let lineSwept = sweep.axes.contains { $0.parameter == .line }
    for p in sweep.points {
      var cells: [Double?] = p.values
      if !lineSwept { cells.append(p.line) }
      cells += [p.overOdds.decimal, p.underOdds.decimal]
      for e in [p.pOver, p.pUnder] { cells += [e.value, e.lower, e.upper] }
      cells += [p.pPush.value, p.dpOverDLine.value, p.dpOverDLine.standardError]
      for e in [p.evOver, p.evUnder, p.kellyOver, p.kellyUnder] { cells += [e.value, e.lower, e.upper] }
      cells += [p.breakEvenOverPrice, p.breakEvenUnderPrice]
      cells += [p.exact?.pOver, p.exact?.pUnder, p.exact?.pPush, p.exact?.dpOverDLine, p.exact?.evOver, p.exact?.evUnder]
      for a in [p.adviceOver, p.adviceUnder] { cells += [a.stake, a.stake * a.bankroll] }
      if let s = p.spread { cells += [s.home.value, s.away.value, s.push.value] }
      if let m = p.moneyline { cells += [m.home.value, m.away.value, m.push.value] }
      lines.append(cells.map { $0.map { "\($0)" } ?? "" }.joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
